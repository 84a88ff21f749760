import {
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
import { useTranslation } from 'react-i18next';
import { contractText, i18n } from '../../../i18n/index.ts';
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
const ORDER_TYPES: readonly OrderType[] = ['market', 'limit'];
const limitPriceSchema = perpetualOrderBody.shape.price;

/** Why a typed limit price is refused (the contract's rule, then the pair's decimals); null when fine. */
function limitPriceProblem(text: string, precision: number | undefined): string | null {
  const parsed = limitPriceSchema.safeParse(text.trim() === '' ? undefined : text);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? i18n.t('user:perpetual.form.priceFormat');
  if (parsed.data === undefined) return i18n.t('user:perpetual.form.priceRequired');
  const decimals = parsed.data.split('.')[1]?.length ?? 0;
  if (precision !== undefined && decimals > precision)
    return i18n.t('user:perpetual.form.pricePlaces', { count: precision, n: precision });
  return null;
}

/** A refusal as shown: the contracts' texts (the server's words) in the language shown. */
const shownProblem = (problem: string | null) => (problem === null ? null : contractText(problem));

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
  const { t } = useTranslation('user');
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
      void message.success(reply.message || t('perpetual.form.placed'));
      setMargin('');
      setLimitPrice('');
      setTouched(false);
    },
    onError: (error) => setRefusal(errorMessage(error, t('perpetual.form.failed'))),
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
              {t(`perpetual.side.${s}`)}
            </Button>
          ))}
        </Flex>

        <Segmented
          block
          options={ORDER_TYPES.map((value) => ({ value, label: t(`perpetual.orderType.${value}`) }))}
          value={orderType}
          onChange={(value) => edit(() => setOrderType(value))}
          data-testid="perpetual-order-type"
        />
        {limit && (
          <Flex vertical gap={6}>
            <Typography.Text type="secondary">{t('perpetual.field.limitPrice')}</Typography.Text>
            <Input
              size="large"
              inputMode="decimal"
              autoComplete="off"
              placeholder={
                marketPrice
                  ? t('perpetual.form.priceNow', { price: formatPrice(marketPrice) })
                  : t('perpetual.field.limitPrice')
              }
              suffix={currency}
              value={limitPrice}
              status={touched && priceProblem ? 'error' : undefined}
              onChange={(e) => edit(() => setLimitPrice(e.target.value))}
              aria-label={t('perpetual.field.limitPrice')}
              data-testid="perpetual-limit-price"
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {side === 'long' ? t('perpetual.form.limitNoteLong') : t('perpetual.form.limitNoteShort')}
            </Typography.Text>
          </Flex>
        )}

        <Flex vertical gap={6}>
          <Flex justify="space-between">
            <Typography.Text type="secondary">{t('perpetual.form.leverage')}</Typography.Text>
            <Typography.Text strong data-testid="perpetual-leverage-value">
              {offered}x
            </Typography.Text>
          </Flex>
          <div
            role="radiogroup"
            aria-label={t('perpetual.form.leverage')}
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
            <Typography.Text type="secondary">{t('perpetual.field.margin')}</Typography.Text>
            <Typography.Text type="secondary" data-testid="perpetual-available">
              {t('perpetual.available', {
                amount: available === undefined ? '--' : formatAmount(available, currency),
              })}
            </Typography.Text>
          </Flex>
          <Input
            size="large"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('perpetual.form.minMargin', { min: config.min_margin, currency })}
            suffix={currency}
            value={margin}
            status={touched && problem ? 'error' : undefined}
            onChange={(e) => edit(() => setMargin(e.target.value))}
            onBlur={() => setTouched(margin.trim() !== '')}
            onPressEnter={submit}
            aria-label={t('perpetual.field.margin')}
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
                {share === 100 ? t('perpetual.max') : `${share}%`}
              </Button>
            ))}
          </Flex>
          {touched && problem && (
            <Typography.Text type="danger" data-testid="perpetual-form-problem">
              {contractText(problem)}
            </Typography.Text>
          )}
        </Flex>

        <Flex vertical gap={4} data-testid="perpetual-preview">
          <Row label={limit ? t('perpetual.field.entryLimit') : t('perpetual.field.entryEstimate')}>
            {price ? formatPrice(price) : '--'}
          </Row>
          <Row label={t('perpetual.field.notional')} testId="perpetual-preview-notional">
            {preview ? formatAmount(preview.notional, currency) : '--'}
          </Row>
          <Row label={t('perpetual.field.quantity')}>
            {preview ? `${formatPrice(preview.quantity)} ${base}` : '--'}
          </Row>
          <Row label={t('perpetual.field.openFee')} testId="perpetual-preview-fee">
            {preview ? formatFee(preview.openFee, currency) : '--'}
          </Row>
          <Row label={t('perpetual.field.liquidationEstimate')} testId="perpetual-preview-liquidation">
            {preview
              ? preview.liquidationPrice
                ? formatPrice(preview.liquidationPrice)
                : t('perpetual.field.noLiquidation')
              : '--'}
          </Row>
          <Row label={t('perpetual.form.tier')} testId="perpetual-preview-tier">
            {risk ? tierSummary(risk, margin, offered) : '--'}
          </Row>
          <Row label={t('perpetual.field.total')} testId="perpetual-preview-total">
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
          {t(
            limit
              ? side === 'long'
                ? 'perpetual.form.limitLong'
                : 'perpetual.form.limitShort'
              : side === 'long'
                ? 'perpetual.form.openLong'
                : 'perpetual.form.openShort',
            { symbol },
          )}
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
            problem={shownProblem(problemOf(confirming.margin, confirming.leverage))}
            placing={place.isPending}
            disconnected={disconnected}
            onCancel={confirmation.cancel}
            onConfirm={(skip) => void confirmation.confirm(skip)}
          />
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('perpetual.form.footnote', {
            maintenance: feeRatePercent(config.maintenance_margin_rate),
            open: feeRatePercent(config.open_fee_rate),
            close: feeRatePercent(config.close_fee_rate),
          })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
