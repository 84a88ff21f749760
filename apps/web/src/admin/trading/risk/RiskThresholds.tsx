import { riskThresholdBody } from '@platform/contracts';
import { formatDateTime, formatNumber } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/request.ts';
import {
  fetchRiskThresholds,
  putRiskThreshold,
  RISK_EXPOSURE_KEY,
  RISK_THRESHOLDS_KEY,
  type RiskThreshold,
} from './riskApi.ts';

interface FormValues {
  symbol?: string;
  net_notional?: string;
  worst_case_loss?: string;
}

const blankToNull = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? null : value.trim();

/**
 * 预警阈值: per pair, the net notional and worst-case loss (USDT) at which the back office raises an
 * alert and notifies the admins once. Any admin saves them (audited); a blank field is no alert of
 * that kind, both blank removes the pair's row. The same rule as the server before the call.
 */
export function RiskThresholds({ symbols }: { symbols: string[] }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const query = useQuery({
    queryKey: RISK_THRESHOLDS_KEY,
    queryFn: ({ signal }) => fetchRiskThresholds(signal),
  });
  const save = useMutation({
    mutationFn: putRiskThreshold,
    onSuccess: (reply) => {
      message.success(reply.message);
      client.setQueryData(RISK_THRESHOLDS_KEY, reply.data.thresholds);
      void client.invalidateQueries({ queryKey: RISK_EXPOSURE_KEY });
      form.resetFields();
    },
    onError: (error) =>
      message.error(
        t('trading.risk.thresholds.saveFailed', { reason: errorMessage(error, t('trading.unknownError')) }),
      ),
  });

  const submit = (values: FormValues) => {
    const parsed = riskThresholdBody.safeParse({
      symbol: values.symbol ?? '',
      net_notional: blankToNull(values.net_notional),
      worst_case_loss: blankToNull(values.worst_case_loss),
    });
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? t('trading.risk.thresholds.invalid'));
      return;
    }
    save.mutate(parsed.data);
  };

  const rows = query.data ?? [];
  const columns: TableColumnsType<RiskThreshold> = [
    { title: t('trading.risk.thresholds.columns.symbol'), dataIndex: 'symbol', width: 120 },
    {
      title: t('trading.risk.thresholds.columns.net'),
      key: 'net',
      align: 'right',
      render: (_, r) => (r.net_notional === null ? '--' : `${formatNumber(r.net_notional, 2)} USDT`),
    },
    {
      title: t('trading.risk.thresholds.columns.worst'),
      key: 'worst',
      align: 'right',
      render: (_, r) => (r.worst_case_loss === null ? '--' : `${formatNumber(r.worst_case_loss, 2)} USDT`),
    },
    {
      title: t('trading.risk.thresholds.columns.updatedAt'),
      key: 'at',
      render: (_, r) => formatDateTime(r.updated_at),
    },
    {
      title: t('trading.risk.thresholds.columns.actions'),
      key: 'actions',
      width: 140,
      render: (_, r) => (
        <Flex gap={8}>
          <Button
            size="small"
            onClick={() =>
              form.setFieldsValue({
                symbol: r.symbol,
                net_notional: r.net_notional ?? '',
                worst_case_loss: r.worst_case_loss ?? '',
              })
            }
          >
            {t('trading.risk.thresholds.edit')}
          </Button>
          <Popconfirm
            title={t('trading.risk.thresholds.confirmDelete', { symbol: r.symbol })}
            okText={t('trading.risk.thresholds.delete')}
            cancelText={t('trading.risk.thresholds.cancel')}
            onConfirm={() => save.mutate({ symbol: r.symbol, net_notional: null, worst_case_loss: null })}
          >
            <Button size="small" danger data-testid={`risk-threshold-delete-${r.symbol}`}>
              {t('trading.risk.thresholds.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];
  const options = [...new Set([...symbols, ...rows.map((r) => r.symbol)])]
    .sort()
    .map((s) => ({ value: s, label: s }));

  return (
    <Card size="small" title={t('trading.risk.thresholds.title')} data-testid="risk-thresholds">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('trading.risk.thresholds.note')}</Typography.Text>
        <Form<FormValues> form={form} layout="inline" onFinish={submit} disabled={save.isPending}>
          <Form.Item
            name="symbol"
            rules={[{ required: true, message: t('trading.risk.thresholds.pickPair') }]}
          >
            <Select
              showSearch
              placeholder={t('trading.risk.thresholds.pair')}
              options={options}
              style={{ width: 160 }}
              data-testid="risk-threshold-symbol"
            />
          </Form.Item>
          <Form.Item name="net_notional">
            <Input
              placeholder={t('trading.risk.thresholds.net')}
              suffix="USDT"
              inputMode="decimal"
              style={{ width: 200 }}
              data-testid="risk-threshold-net"
            />
          </Form.Item>
          <Form.Item name="worst_case_loss">
            <Input
              placeholder={t('trading.risk.thresholds.worst')}
              suffix="USDT"
              inputMode="decimal"
              style={{ width: 200 }}
              data-testid="risk-threshold-worst"
            />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              data-testid="risk-threshold-save"
            >
              {t('trading.risk.thresholds.save')}
            </Button>
          </Form.Item>
        </Form>
        <Table<RiskThreshold>
          rowKey="symbol"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={query.isFetching && !query.data}
          pagination={false}
          locale={{
            emptyText: query.isError
              ? errorMessage(query.error, t('trading.risk.thresholds.loadFailed'))
              : t('trading.risk.thresholds.empty'),
          }}
          data-testid="risk-thresholds-table"
        />
      </Flex>
    </Card>
  );
}
