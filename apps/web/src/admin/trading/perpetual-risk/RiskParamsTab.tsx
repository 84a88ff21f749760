import {
  changeProposedMessage,
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
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { OpenProposals } from '../../changes/OpenProposals.tsx';
import { fetchPerpetualRisk, PERPETUAL_RISK_KEY, proposeRisk, tierText } from './riskApi.ts';

const LOAD_FAILED = '获取风控参数失败';

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
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={4}>
          {fields.map((field, i) => (
            <Flex key={field.key} gap={8} align="center" wrap>
              <Typography.Text type="secondary" style={{ width: 40 }}>
                第{i + 1}档
              </Typography.Text>
              <Form.Item name={[field.name, 'max_notional']} noStyle>
                <Input addonBefore="名义价值 ≤" addonAfter="USDT" style={{ width: 260 }} />
              </Form.Item>
              <Form.Item name={[field.name, 'max_leverage']} noStyle>
                <InputNumber
                  addonBefore="最大杠杆"
                  addonAfter="×"
                  min={1}
                  max={125}
                  precision={0}
                  style={{ width: 180 }}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'maintenance_margin_rate']} noStyle>
                <Input addonBefore="维持保证金率" style={{ width: 210 }} placeholder="0.005" />
              </Form.Item>
              <Button size="small" onClick={() => remove(field.name)} disabled={fields.length <= 1}>
                删除
              </Button>
            </Flex>
          ))}
          <Button
            size="small"
            type="dashed"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => add({ max_notional: '', max_leverage: 1, maintenance_margin_rate: '' })}
          >
            添加档位
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
      message.success(reply.message || changeProposedMessage(reply.data.change));
      void client.invalidateQueries({ queryKey: PERPETUAL_RISK_KEY });
    },
    onError: (error) => message.error(`提交失败：${errorMessage(error, '未知错误')}`),
  });

  if (query.isPending) return <PageLoading />;
  if (!query.data)
    return (
      <LoadErrorView
        title={LOAD_FAILED}
        reason={errorMessage(query.error, LOAD_FAILED)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const { usage, pending, config } = query.data;
  const defaultTiers = JSON.stringify(config.tiers);
  const submit = (draft: Draft) => {
    const parsed = perpetualRiskConfig.safeParse(fromDraft(draft));
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? '风控参数格式不正确');
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
        locale={{ emptyText: '暂无永续交易对' }}
        columns={[
          {
            title: '交易对',
            dataIndex: 'symbol',
            render: (v: string, r) => (
              <span>
                {v} {r.own && <Tag color="purple">单独配置</Tag>}
              </span>
            ),
          },
          {
            title: '杠杆档位（名义价值 USDT：最大杠杆 / 维持保证金率）',
            dataIndex: 'tiers',
            render: (tiers: PerpetualTier[]) =>
              JSON.stringify(tiers) === defaultTiers ? (
                <Typography.Text type="secondary">默认档位</Typography.Text>
              ) : (
                <Flex vertical gap={0}>
                  {tiers.map((t) => (
                    <span key={t.max_notional}>{tierText(t)}</span>
                  ))}
                </Flex>
              ),
          },
          { title: '单用户上限', dataIndex: 'user_cap', render: (v: string) => formatNumber(v, 0) },
          {
            title: '多头占用 / 上限',
            key: 'long',
            width: 190,
            render: (_: unknown, r) => (
              <Usage used={r.long_notional} cap={r.side_cap} testId={`risk-long-${r.symbol}`} />
            ),
          },
          {
            title: '空头占用 / 上限',
            key: 'short',
            width: 190,
            render: (_: unknown, r) => (
              <Usage used={r.short_notional} cap={r.side_cap} testId={`risk-short-${r.symbol}`} />
            ),
          },
        ]}
      />
      <Card size="small" title="修改风控参数">
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="修改需另一位管理员批准"
          description="档位按仓位名义价值（保证金 × 杠杆）从小到大排列；开仓超过所在档位的最大杠杆、或超过单用户 / 单方向持仓上限时会被拒绝。已开仓位保留开仓时的维持保证金率。提交后在「待生效变更」由另一位管理员批准才生效。"
        />
        <Form<Draft> form={form} layout="vertical" onFinish={submit} data-testid="risk-form">
          <Typography.Text strong>默认档位（所有交易对）</Typography.Text>
          <TierRows name={['tiers']} />
          <Flex gap={16} wrap style={{ marginTop: 12 }}>
            <Form.Item label="单用户单交易对持仓上限 (USDT)" name="user_cap">
              <Input style={{ width: 220 }} data-testid="risk-user-cap" />
            </Form.Item>
            <Form.Item label="单交易对单方向持仓上限 (USDT)" name="side_cap">
              <Input style={{ width: 220 }} data-testid="risk-side-cap" />
            </Form.Item>
          </Flex>
          <Typography.Text strong>单独配置的交易对</Typography.Text>
          <Form.List name="pairs">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8} style={{ marginTop: 8 }}>
                {fields.map((field) => (
                  <Card key={field.key} size="small">
                    <Flex gap={8} wrap align="center">
                      <Form.Item name={[field.name, 'symbol']} noStyle>
                        <Input addonBefore="交易对" placeholder="BTCUSDT" style={{ width: 200 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'user_cap']} noStyle>
                        <Input addonBefore="单用户上限" placeholder="默认" style={{ width: 220 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'side_cap']} noStyle>
                        <Input addonBefore="单方向上限" placeholder="默认" style={{ width: 220 }} />
                      </Form.Item>
                      <span>
                        单独档位{' '}
                        <Form.Item name={[field.name, 'own_tiers']} valuePropName="checked" noStyle>
                          <Switch size="small" />
                        </Form.Item>
                      </span>
                      <Button size="small" danger onClick={() => remove(field.name)}>
                        移除
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
                  添加交易对
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
            提交变更
          </Button>
        </Form>
      </Card>
      <OpenProposals pending={pending} testId="risk-pending" />
    </Flex>
  );
}
