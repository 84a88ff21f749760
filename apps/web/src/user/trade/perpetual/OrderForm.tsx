import {
  ORDER_SIDE_LABELS,
  PERPETUAL_TEXTS,
  type PerpetualConfigData,
  type PerpetualOrderInput,
  type PerpetualSide,
  perpetualOrderBody,
  perpetualSides,
  type Ticker,
  TRADING_TEXTS,
} from '@platform/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Input, Segmented, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useDisconnected } from '../../../lib/connectivity.ts';
import { clientOrderIdFor, useIdempotentMutation } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { fetchWallet, WALLET_QUERY_ROOT, walletKeys } from '../../wallet/walletApi.ts';
import { feeRatePercent, walletOf } from '../../wallet/walletMath.ts';
import { ConfirmRestoreLink, useOrderConfirmation } from '../shared/OrderConfirmSheet.tsx';
import { ConfirmSheet, type PositionDraft } from './ConfirmSheet.tsx';
import { openPosition, PERPETUAL_QUERY_ROOT, usePairRisk } from './perpetualApi.ts';
import {
  formatAmount,
  formatFee,
  formatPrice,
  marginShare,
  orderPreview,
  orderProblem,
  pairRiskProblem,
  tieredRates,
  tierSummary,
} from './perpetualMath.ts';

const SIDE_COLORS: Record<PerpetualSide, string> = { long: UP_COLOR, short: DOWN_COLOR };
const SHARES = [25, 50, 75, 100] as const;

type OrderType = 'market' | 'limit';
const ORDER_TYPE_OPTIONS: { label: string; value: OrderType }[] = [
  { label: '市价', value: 'market' },
  { label: '限价', value: 'limit' },
];
const limitPriceSchema = perpetualOrderBody.shape.price;

/** Why a typed limit price is refused (the contract's rule, then the pair's decimals); null when fine. */
function limitPriceProblem(text: string, precision: number | undefined): string | null {
  const parsed = limitPriceSchema.safeParse(text.trim() === '' ? undefined : text);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? '委托价格格式不正确';
  if (parsed.data === undefined) return '请输入委托价格';
  const decimals = parsed.data.split('.')[1]?.length ?? 0;
  if (precision !== undefined && decimals > precision) return `委托价格最多 ${precision} 位小数`;
  return null;
}

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
  const [orderType, setOrderType] = useState<OrderType>('market');
  const [limitPrice, setLimitPrice] = useState('');
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const currency = config.currency;

  const wallet = useQuery({ queryKey: walletKeys.wallet, queryFn: ({ signal }) => fetchWallet(signal) });
  const available = wallet.data ? walletOf(wallet.data.wallets, currency).balance : undefined;

  // The server refuses a leverage it no longer offers; an admin may have changed the list.
  const offered = config.leverages.includes(leverage) ? leverage : initialLeverage(config.leverages);
  const pair = config.pairs.find((p) => p.symbol === symbol);
  const marketPrice = ticker?.last_price ?? pair?.price ?? undefined;
  const limit = orderType === 'limit';
  const priceProblem = limit ? limitPriceProblem(limitPrice, pair?.price_precision) : null;
  // A limit order opens at the index that reaches its price: previewed at the price itself.
  const price = limit ? (priceProblem ? undefined : limitPrice.trim()) : marketPrice;
  const pairRisk = usePairRisk(symbol);
  const risk = pairRisk.data?.symbol === symbol ? pairRisk.data : undefined;
  const preview = orderPreview(side, margin, offered, price, tieredRates(config, risk, margin, offered));
  const full = openCount !== undefined && openCount >= config.max_open_positions;
  /** Why a position of this margin and leverage cannot be opened now; null when it can. */
  const problemOf = (marginText: string, at: number) =>
    full
      ? PERPETUAL_TEXTS.tooManyPositions(config.max_open_positions)
      : (orderProblem({ marginText, leverage: at, rates: config, available, currency }) ??
        pairRiskProblem(risk, marginText, at));
  const problem = problemOf(margin, offered) ?? priceProblem;

  const edit = (change: () => void) => {
    change();
    setRefusal(null);
  };

  const place = useIdempotentMutation({
    // The client_order_id comes from the action's key: a retry of the same terms after no answer
    // reuses both and gets the first order; different terms are a different order.
    mutationFn: (body: Omit<PerpetualOrderInput, 'client_order_id'>, idempotencyKey) =>
      openPosition({ ...body, client_order_id: clientOrderIdFor(idempotencyKey) }, idempotencyKey),
    requiresConnection: true,
    onSuccess: (reply) => {
      void message.success(reply.message || '下单成功');
      setMargin('');
      setLimitPrice('');
      setTouched(false);
    },
    onError: (error) => setRefusal(errorMessage(error, '下单失败，请稍后重试')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PERPETUAL_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
    },
  });

  const disconnected = useDisconnected();
  // A leveraged position is confirmed first (不再提示 kept per device, apart from spot's); the sheet
  // stays until the answer, a refusal shows on the form (perpetual-refusal, set by onError).
  const confirmation = useOrderConfirmation('perpetual', (draft: PositionDraft) =>
    place.mutateAsync({ symbol, ...draft }).catch(() => undefined),
  );
  const confirming = confirmation.pending;
  const submit = () => {
    setTouched(true);
    if (problem || !preview || disconnected) return;
    confirmation.ask({
      side,
      margin: margin.trim(),
      leverage: offered,
      ...(limit ? { type: 'limit' as const, price: limitPrice.trim() } : { type: 'market' as const }),
    });
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

        <Segmented
          block
          options={ORDER_TYPE_OPTIONS}
          value={orderType}
          onChange={(value) => edit(() => setOrderType(value))}
          data-testid="perpetual-order-type"
        />
        {limit && (
          <Flex vertical gap={6}>
            <Typography.Text type="secondary">委托价格</Typography.Text>
            <Input
              size="large"
              inputMode="decimal"
              autoComplete="off"
              placeholder={marketPrice ? `当前 ${formatPrice(marketPrice)}` : '委托价格'}
              suffix={currency}
              value={limitPrice}
              status={touched && priceProblem ? 'error' : undefined}
              onChange={(e) => edit(() => setLimitPrice(e.target.value))}
              aria-label="委托价格"
              data-testid="perpetual-limit-price"
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {side === 'long' ? '指数价格跌至委托价格或以下时开多' : '指数价格涨至委托价格或以上时开空'}
              ，冻结保证金和开仓手续费直到成交或撤单
            </Typography.Text>
          </Flex>
        )}

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
          <Row label={limit ? '开仓价（委托）' : '开仓价（预估）'}>{price ? formatPrice(price) : '--'}</Row>
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
          <Row label="档位" testId="perpetual-preview-tier">
            {risk ? tierSummary(risk, margin, offered) : '--'}
          </Row>
          <Row label="合计扣除" testId="perpetual-preview-total">
            {preview ? formatFee(preview.total, currency) : '--'}
          </Row>
        </Flex>

        {!marketPrice && !limit && <Alert type="warning" showIcon title={TRADING_TEXTS.priceUnavailable} />}
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="perpetual-refusal" />}

        <Button
          type="primary"
          size="large"
          block
          loading={place.isPending}
          disabled={(!price && !limit) || disconnected}
          style={{ background: (price || limit) && !disconnected ? SIDE_COLORS[side] : undefined }}
          onClick={submit}
          data-testid="perpetual-submit"
        >
          {limit ? '限价' : ''}
          {side === 'long' ? '开多' : '开空'} {symbol}
        </Button>
        {confirmation.skip && (
          <ConfirmRestoreLink onRestore={confirmation.restore} testId="perpetual-confirm-restore" />
        )}
        {confirming && (
          <ConfirmSheet
            symbol={symbol}
            base={base}
            currency={currency}
            draft={confirming}
            // Priced live, as the server prices it when it opens; checked against the balance now.
            preview={orderPreview(
              confirming.side,
              confirming.margin,
              confirming.leverage,
              confirming.type === 'limit' ? confirming.price : price,
              tieredRates(config, risk, confirming.margin, confirming.leverage),
            )}
            problem={problemOf(confirming.margin, confirming.leverage)}
            placing={place.isPending}
            disconnected={disconnected}
            onCancel={confirmation.cancel}
            onConfirm={(skip) => void confirmation.confirm(skip)}
          />
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          市价委托以下单时的参考市价成交，限价委托在指数价格触及委托价格时以该指数价格成交。逐仓保证金，维持保证金率{' '}
          {feeRatePercent(config.maintenance_margin_rate)}
          ，开仓/平仓手续费率 {feeRatePercent(config.open_fee_rate)} / {feeRatePercent(config.close_fee_rate)}
          （按仓位价值计）。
        </Typography.Text>
      </Flex>
    </Card>
  );
}
