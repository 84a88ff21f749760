import {
  ORDER_SIDE_LABELS,
  PERPETUAL_TEXTS,
  type PerpetualConfigData,
  type PerpetualOrderBody,
  type PerpetualSide,
  perpetualSides,
  type Ticker,
  TRADING_TEXTS,
} from '@platform/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Input, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useDisconnected } from '../../../lib/connectivity.ts';
import { clientOrderIdFor, useIdempotentMutation } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { fetchWallet, WALLET_QUERY_ROOT, walletKeys } from '../../wallet/walletApi.ts';
import { feeRatePercent, walletOf } from '../../wallet/walletMath.ts';
import { openPosition, PERPETUAL_QUERY_ROOT } from './perpetualApi.ts';
import {
  formatAmount,
  formatFee,
  formatPrice,
  marginShare,
  orderPreview,
  orderProblem,
} from './perpetualMath.ts';

const SIDE_COLORS: Record<PerpetualSide, string> = { long: UP_COLOR, short: DOWN_COLOR };
const SHARES = [25, 50, 75, 100] as const;

/** The leverage a new form starts with: 10× when offered, else the nearest offered below it. */
function initialLeverage(leverages: readonly number[]): number {
  return leverages.filter((l) => l <= 10).at(-1) ?? leverages[0] ?? 1;
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Flex justify="space-between" gap={8}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text data-testid={testId} style={{ textAlign: 'right' }}>
        {children}
      </Typography.Text>
    </Flex>
  );
}

export interface OrderFormProps {
  config: PerpetualConfigData;
  symbol: string;
  base: string;
  ticker: Ticker | undefined;
  /** Open positions now; the config caps them. */
  openCount: number | undefined;
}

/**
 * 做多 / 做空 at a leverage with a margin in USDT. Before placing it shows what the server will
 * compute: the notional, the quantity, the open fee and the liquidation price at the live price.
 */
export function OrderForm({ config, symbol, base, ticker, openCount }: OrderFormProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [side, setSide] = useState<PerpetualSide>('long');
  const [leverage, setLeverage] = useState(() => initialLeverage(config.leverages));
  const [margin, setMargin] = useState('');
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const currency = config.currency;

  const wallet = useQuery({ queryKey: walletKeys.wallet, queryFn: ({ signal }) => fetchWallet(signal) });
  const available = wallet.data ? walletOf(wallet.data.wallets, currency).balance : undefined;

  // The server refuses a leverage it no longer offers; an admin may have changed the list.
  const offered = config.leverages.includes(leverage) ? leverage : initialLeverage(config.leverages);
  const price = ticker?.last_price ?? config.pairs.find((p) => p.symbol === symbol)?.price ?? undefined;
  const preview = orderPreview(side, margin, offered, price, config);
  const full = openCount !== undefined && openCount >= config.max_open_positions;
  const problem = full
    ? PERPETUAL_TEXTS.tooManyPositions(config.max_open_positions)
    : orderProblem({ marginText: margin, leverage: offered, rates: config, available, currency });

  const edit = (change: () => void) => {
    change();
    setRefusal(null);
  };

  const place = useIdempotentMutation({
    // The client_order_id comes from the action's key: a retry of the same terms after no answer
    // reuses both and gets the first order; different terms are a different order.
    mutationFn: (body: Omit<PerpetualOrderBody, 'client_order_id'>, idempotencyKey) =>
      openPosition({ ...body, client_order_id: clientOrderIdFor(idempotencyKey) }, idempotencyKey),
    requiresConnection: true,
    onSuccess: (reply) => {
      void message.success(reply.message || '下单成功');
      setMargin('');
      setTouched(false);
    },
    onError: (error) => setRefusal(errorMessage(error, '下单失败，请稍后重试')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PERPETUAL_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
    },
  });

  const disconnected = useDisconnected();
  const submit = () => {
    setTouched(true);
    if (problem || !preview || disconnected) return;
    place.mutate({ symbol, side, margin: margin.trim(), leverage: offered });
  };

  return (
    <Card size="small" data-testid="perpetual-order-form">
      <Flex vertical gap={14}>
        <Flex gap={8}>
          {perpetualSides.map((s) => (
            <Button
              key={s}
              block
              size="large"
              type={side === s ? 'primary' : 'default'}
              style={side === s ? { background: SIDE_COLORS[s] } : { color: SIDE_COLORS[s] }}
              onClick={() => edit(() => setSide(s))}
              aria-pressed={side === s}
              data-testid={`perpetual-side-${s}`}
            >
              {ORDER_SIDE_LABELS[s]}
            </Button>
          ))}
        </Flex>

        <Flex vertical gap={6}>
          <Flex justify="space-between">
            <Typography.Text type="secondary">杠杆倍数</Typography.Text>
            <Typography.Text strong data-testid="perpetual-leverage-value">
              {offered}x
            </Typography.Text>
          </Flex>
          <div
            role="radiogroup"
            aria-label="杠杆倍数"
            style={{
              display: 'grid',
              gridTemplateColumns: `repeat(${Math.min(config.leverages.length, 4)}, 1fr)`,
              gap: 6,
            }}
          >
            {config.leverages.map((l) => (
              <Button
                key={l}
                role="radio"
                aria-checked={l === offered}
                type={l === offered ? 'primary' : 'default'}
                ghost={l === offered}
                onClick={() => edit(() => setLeverage(l))}
                data-testid={`perpetual-leverage-${l}`}
              >
                {l}x
              </Button>
            ))}
          </div>
        </Flex>

        <Flex vertical gap={6}>
          <Flex justify="space-between" gap={8} wrap>
            <Typography.Text type="secondary">保证金</Typography.Text>
            <Typography.Text type="secondary" data-testid="perpetual-available">
              可用 {available === undefined ? '--' : formatAmount(available, currency)}
            </Typography.Text>
          </Flex>
          <Input
            size="large"
            inputMode="decimal"
            autoComplete="off"
            placeholder={`最少 ${config.min_margin} ${currency}`}
            suffix={currency}
            value={margin}
            status={touched && problem ? 'error' : undefined}
            onChange={(e) => edit(() => setMargin(e.target.value))}
            onBlur={() => setTouched(margin.trim() !== '')}
            onPressEnter={submit}
            aria-label="保证金"
            data-testid="perpetual-margin"
          />
          <Flex gap={6}>
            {SHARES.map((share) => (
              <Button
                key={share}
                block
                disabled={available === undefined}
                onClick={() =>
                  edit(() => {
                    setMargin(marginShare(available ?? '0', offered, config, share));
                    setTouched(true);
                  })
                }
                data-testid={`perpetual-share-${share}`}
              >
                {share === 100 ? '最大' : `${share}%`}
              </Button>
            ))}
          </Flex>
          {touched && problem && (
            <Typography.Text type="danger" data-testid="perpetual-form-problem">
              {problem}
            </Typography.Text>
          )}
        </Flex>

        <Flex vertical gap={4} data-testid="perpetual-preview">
          <Row label="开仓价（预估）">{price ? formatPrice(price) : '--'}</Row>
          <Row label="仓位价值" testId="perpetual-preview-notional">
            {preview ? formatAmount(preview.notional, currency) : '--'}
          </Row>
          <Row label="数量">{preview ? `${formatPrice(preview.quantity)} ${base}` : '--'}</Row>
          <Row label="开仓手续费" testId="perpetual-preview-fee">
            {preview ? formatFee(preview.openFee, currency) : '--'}
          </Row>
          <Row label="预估强平价" testId="perpetual-preview-liquidation">
            {preview
              ? preview.liquidationPrice
                ? formatPrice(preview.liquidationPrice)
                : '无（不会强平）'
              : '--'}
          </Row>
          <Row label="合计扣除" testId="perpetual-preview-total">
            {preview ? formatFee(preview.total, currency) : '--'}
          </Row>
        </Flex>

        {!price && <Alert type="warning" showIcon title={TRADING_TEXTS.priceUnavailable} />}
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="perpetual-refusal" />}

        <Button
          type="primary"
          size="large"
          block
          loading={place.isPending}
          disabled={!price || disconnected}
          style={{ background: price && !disconnected ? SIDE_COLORS[side] : undefined }}
          onClick={submit}
          data-testid="perpetual-submit"
        >
          {side === 'long' ? '开多' : '开空'} {symbol}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          以下单时的参考市价成交。逐仓保证金，维持保证金率 {feeRatePercent(config.maintenance_margin_rate)}
          ，开仓/平仓手续费率 {feeRatePercent(config.open_fee_rate)} / {feeRatePercent(config.close_fee_rate)}
          （按仓位价值计）。
        </Typography.Text>
      </Flex>
    </Card>
  );
}
