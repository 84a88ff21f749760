import {
  type PerpetualRiskConfig,
  type PerpetualRiskUsage,
  type PerpetualTier,
  perpetualRiskConfig,
} from '@platform/contracts';
import { formatNumber, toDec } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Progress,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { unloadedView } from '../../../components/LoadErrorView.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { OpenProposals } from '../../changes/OpenProposals.tsx';
import { fetchPerpetualRisk, PERPETUAL_RISK_KEY, proposeRisk, tierText } from './riskApi.ts';

/** The form's shape: a pair's caps may be left empty (the default) and its own tiers switched off. */
interface PairDraft {
  symbol: string;
  user_cap: string;
  side_cap: string;
  own_tiers: boolean;
  tiers: PerpetualTier[];
}
interface Draft {
  tiers: PerpetualTier[];
  user_cap: string;
  side_cap: string;
  pairs: PairDraft[];
}

const toDraft = (c: PerpetualRiskConfig): Draft => ({
  tiers: c.tiers,
  user_cap: c.user_cap,
  side_cap: c.side_cap,
  pairs: c.pairs.map((p) => ({
    symbol: p.symbol,
    user_cap: p.user_cap ?? '',
    side_cap: p.side_cap ?? '',
    own_tiers: p.tiers !== null,
    tiers: p.tiers ?? c.tiers,
  })),
});

const fromDraft = (d: Draft): unknown => ({
  tiers: d.tiers ?? [],
  user_cap: d.user_cap,
  side_cap: d.side_cap,
  pairs: (d.pairs ?? []).map((p) => ({
    symbol: p.symbol ?? '',
    user_cap: p.user_cap?.trim() ? p.user_cap : null,
    side_cap: p.side_cap?.trim() ? p.side_cap : null,
    tiers: p.own_tiers ? (p.tiers ?? []) : null,
  })),
});

/** One side's open notional against its cap. */
function Usage({ used, cap, testId }: { used: string; cap: string; testId: string }) {
  const percent = Math.min(100, (toDec(used)?.div(cap).times(100).toNumber() ?? 0) || 0);
  return (
    <Flex vertical gap={0} data-testid={testId}>
      <span>
        {formatNumber(used, 2)} / {formatNumber(cap, 0)}
      </span>
      <Progress
        percent={Number(percent.toFixed(1))}
        size="small"
        status={percent >= 90 ? 'exception' : 'normal'}
      />
    </Flex>
  );
}

/** The editable rows of one tier table (the default one, or a pair's own). */
function TierRows({ name }: { name: (string | number)[] }) {
  const { t } = useTranslation('admin');
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={4}>
          {fields.map((field, i) => (
            <Flex key={field.key} gap={8} align="center" wrap>
              <Typography.Text type="secondary" style={{ minWidth: 40, whiteSpace: 'nowrap' }}>
                {t('trading.perpetualRisk.tierNumber', { n: i + 1 })}
              </Typography.Text>
              <Form.Item name={[field.name, 'max_notional']} noStyle>
                <Input
                  addonBefore={t('trading.perpetualRisk.notionalUpTo')}
                  addonAfter="USDT"
                  style={{ width: 260 }}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'max_leverage']} noStyle>
                <InputNumber
                  addonBefore={t('trading.perpetualRisk.maxLeverage')}
                  addonAfter="×"
                  min={1}
                  max={125}
                  precision={0}
                  style={{ width: 180 }}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'maintenance_margin_rate']} noStyle>
                <Input
                  addonBefore={t('trading.perpetualRisk.maintenanceRate')}
                  style={{ width: 210 }}
                  placeholder="0.005"
                />
              </Form.Item>
              <Button size="small" onClick={() => remove(field.name)} disabled={fields.length <= 1}>
                {t('trading.perpetualRisk.remove')}
              </Button>
            </Flex>
          ))}
          <Button
            size="small"
            type="dashed"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => add({ max_notional: '', max_leverage: 1, maintenance_margin_rate: '' })}
          >
            {t('trading.perpetualRisk.addTier')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/**
 * 风控参数 (issue 34, docs/perpetual-risk.md): each pair's leverage tiers and caps with the open
 * notional of its longs and shorts, the editor (a save is a proposal another admin approves) and
 * the open proposals.
 */
export function RiskParamsTab() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Draft>();
  const query = useQuery({
    queryKey: PERPETUAL_RISK_KEY,
    queryFn: ({ signal }) => fetchPerpetualRisk(signal),
  });
  useEffect(() => {
    if (query.data) form.setFieldsValue(toDraft(query.data.config));
  }, [query.data, form]);
  const save = useMutation({
    mutationFn: proposeRisk,
    onSuccess: (reply) => {
      message.success(
        reply.message ||
          t(reply.data.change.status === 'delayed' ? 'trading.change.delayed' : 'trading.change.proposed'),
      );
      void client.invalidateQueries({ queryKey: PERPETUAL_RISK_KEY });
    },
    onError: (error) =>
      message.error(
        t('trading.perpetualRisk.submitFailed', { reason: errorMessage(error, t('trading.unknownError')) }),
      ),
  });

  if (!query.data) return unloadedView(query, t('trading.perpetualRisk.loadFailed'));
  const { usage, pending, config } = query.data;
  const defaultTiers = JSON.stringify(config.tiers);
  const submit = (draft: Draft) => {
    const parsed = perpetualRiskConfig.safeParse(fromDraft(draft));
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? t('trading.perpetualRisk.invalid'));
      return;
    }
    save.mutate(parsed.data);
  };

  return (
    <Flex vertical gap={16} data-testid="risk-params-tab">
      <Table<PerpetualRiskUsage>
        rowKey="symbol"
        size="small"
        pagination={false}
        dataSource={usage}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('trading.perpetualRisk.noPairs') }}
        columns={[
          {
            title: t('trading.perpetualRisk.columns.symbol'),
            dataIndex: 'symbol',
            render: (v: string, r) => (
              <span>
                {v} {r.own && <Tag color="purple">{t('trading.perpetualRisk.own')}</Tag>}
              </span>
            ),
          },
          {
            title: t('trading.perpetualRisk.columns.tiers'),
            dataIndex: 'tiers',
            render: (tiers: PerpetualTier[]) =>
              JSON.stringify(tiers) === defaultTiers ? (
                <Typography.Text type="secondary">{t('trading.perpetualRisk.defaultTiers')}</Typography.Text>
              ) : (
                <Flex vertical gap={0}>
                  {tiers.map((tier) => (
                    <span key={tier.max_notional}>{tierText(tier)}</span>
                  ))}
                </Flex>
              ),
          },
          {
            title: t('trading.perpetualRisk.columns.userCap'),
            dataIndex: 'user_cap',
            render: (v: string) => formatNumber(v, 0),
          },
          {
            title: t('trading.perpetualRisk.columns.long'),
            key: 'long',
            width: 190,
            render: (_: unknown, r) => (
              <Usage used={r.long_notional} cap={r.side_cap} testId={`risk-long-${r.symbol}`} />
            ),
          },
          {
            title: t('trading.perpetualRisk.columns.short'),
            key: 'short',
            width: 190,
            render: (_: unknown, r) => (
              <Usage used={r.short_notional} cap={r.side_cap} testId={`risk-short-${r.symbol}`} />
            ),
          },
        ]}
      />
      <Card size="small" title={t('trading.perpetualRisk.editTitle')}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('trading.perpetualRisk.approvalTitle')}
          description={t('trading.perpetualRisk.approvalNote')}
        />
        <Form<Draft> form={form} layout="vertical" onFinish={submit} data-testid="risk-form">
          <Typography.Text strong>{t('trading.perpetualRisk.defaultTiersAll')}</Typography.Text>
          <TierRows name={['tiers']} />
          <Flex gap={16} wrap style={{ marginTop: 12 }}>
            <Form.Item label={t('trading.perpetualRisk.userCapField')} name="user_cap">
              <Input style={{ width: 220 }} data-testid="risk-user-cap" />
            </Form.Item>
            <Form.Item label={t('trading.perpetualRisk.sideCapField')} name="side_cap">
              <Input style={{ width: 220 }} data-testid="risk-side-cap" />
            </Form.Item>
          </Flex>
          <Typography.Text strong>{t('trading.perpetualRisk.ownPairs')}</Typography.Text>
          <Form.List name="pairs">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8} style={{ marginTop: 8 }}>
                {fields.map((field) => (
                  <Card key={field.key} size="small">
                    <Flex gap={8} wrap align="center">
                      <Form.Item name={[field.name, 'symbol']} noStyle>
                        <Input
                          addonBefore={t('trading.perpetualRisk.pair')}
                          placeholder="BTCUSDT"
                          style={{ width: 200 }}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'user_cap']} noStyle>
                        <Input
                          addonBefore={t('trading.perpetualRisk.userCap')}
                          placeholder={t('trading.perpetualRisk.defaultValue')}
                          style={{ width: 220 }}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'side_cap']} noStyle>
                        <Input
                          addonBefore={t('trading.perpetualRisk.sideCap')}
                          placeholder={t('trading.perpetualRisk.defaultValue')}
                          style={{ width: 220 }}
                        />
                      </Form.Item>
                      <span>
                        {t('trading.perpetualRisk.ownTiers')}{' '}
                        <Form.Item name={[field.name, 'own_tiers']} valuePropName="checked" noStyle>
                          <Switch size="small" />
                        </Form.Item>
                      </span>
                      <Button size="small" danger onClick={() => remove(field.name)}>
                        {t('trading.perpetualRisk.removePair')}
                      </Button>
                    </Flex>
                    <Form.Item
                      noStyle
                      shouldUpdate={(a, b) =>
                        a.pairs?.[field.name]?.own_tiers !== b.pairs?.[field.name]?.own_tiers
                      }
                    >
                      {() =>
                        form.getFieldValue(['pairs', field.name, 'own_tiers']) ? (
                          <div style={{ marginTop: 8 }}>
                            <TierRows name={[field.name, 'tiers']} />
                          </div>
                        ) : null
                      }
                    </Form.Item>
                  </Card>
                ))}
                <Button
                  type="dashed"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() =>
                    add({
                      symbol: '',
                      user_cap: '',
                      side_cap: '',
                      own_tiers: false,
                      tiers: form.getFieldValue('tiers'),
                    })
                  }
                  data-testid="risk-add-pair"
                >
                  {t('trading.perpetualRisk.addPair')}
                </Button>
              </Flex>
            )}
          </Form.List>
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
            style={{ marginTop: 16 }}
            data-testid="risk-submit"
          >
            {t('trading.perpetualRisk.submit')}
          </Button>
        </Form>
      </Card>
      <OpenProposals pending={pending} testId="risk-pending" />
    </Flex>
  );
}
