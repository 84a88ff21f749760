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
    onError: (error) => message.error(`保存失败：${errorMessage(error, '未知错误')}`),
  });

  const submit = (values: FormValues) => {
    const parsed = riskThresholdBody.safeParse({
      symbol: values.symbol ?? '',
      net_notional: blankToNull(values.net_notional),
      worst_case_loss: blankToNull(values.worst_case_loss),
    });
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? '格式不正确');
      return;
    }
    save.mutate(parsed.data);
  };

  const rows = query.data ?? [];
  const columns: TableColumnsType<RiskThreshold> = [
    { title: '交易对', dataIndex: 'symbol', width: 120 },
    {
      title: '净敞口阈值',
      key: 'net',
      align: 'right',
      render: (_, r) => (r.net_notional === null ? '--' : `${formatNumber(r.net_notional, 2)} USDT`),
    },
    {
      title: '最坏亏损阈值',
      key: 'worst',
      align: 'right',
      render: (_, r) => (r.worst_case_loss === null ? '--' : `${formatNumber(r.worst_case_loss, 2)} USDT`),
    },
    { title: '更新时间', key: 'at', render: (_, r) => formatDateTime(r.updated_at) },
    {
      title: '操作',
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
            编辑
          </Button>
          <Popconfirm
            title={`删除 ${r.symbol} 的预警阈值？`}
            okText="删除"
            cancelText="取消"
            onConfirm={() => save.mutate({ symbol: r.symbol, net_notional: null, worst_case_loss: null })}
          >
            <Button size="small" danger data-testid={`risk-threshold-delete-${r.symbol}`}>
              删除
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
    <Card size="small" title="预警阈值" data-testid="risk-thresholds">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          某交易对的永续净敞口（|多头 − 空头|
          名义价值）或压力测试中的最坏亏损达到阈值时，看板显示预警并通知所有管理员（每次越过阈值通知一次）。阈值只触发预警、不动资金，保存即生效并记入审计日志。
        </Typography.Text>
        <Form<FormValues> form={form} layout="inline" onFinish={submit} disabled={save.isPending}>
          <Form.Item name="symbol" rules={[{ required: true, message: '请选择交易对' }]}>
            <Select
              showSearch
              placeholder="交易对"
              options={options}
              style={{ width: 160 }}
              data-testid="risk-threshold-symbol"
            />
          </Form.Item>
          <Form.Item name="net_notional">
            <Input
              placeholder="净敞口阈值"
              suffix="USDT"
              inputMode="decimal"
              style={{ width: 200 }}
              data-testid="risk-threshold-net"
            />
          </Form.Item>
          <Form.Item name="worst_case_loss">
            <Input
              placeholder="最坏亏损阈值"
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
              保存
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
            emptyText: query.isError ? errorMessage(query.error, '获取预警阈值失败') : '尚未设置预警阈值',
          }}
          data-testid="risk-thresholds-table"
        />
      </Flex>
    </Card>
  );
}
