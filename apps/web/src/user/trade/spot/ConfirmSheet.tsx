import type { TradingPair } from '@platform/contracts';
import { formatCrypto, formatNumber } from '@platform/domain';
import { useTranslation } from 'react-i18next';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { type ConfirmRow, OrderConfirmSheet } from '../shared/OrderConfirmSheet.tsx';
import type { OrderCheck, OrderDraft } from './orderForm.ts';

export interface ConfirmSheetProps {
  pair: TradingPair;
  /** The order as it was when 买入/卖出 was tapped. */
  draft: OrderDraft;
  /** That order checked against the live book and balance (a market estimate moves with the book). */
  check: OrderCheck;
  placing: boolean;
  disconnected: boolean;
  onCancel: () => void;
  /** `skipFromNowOn`: 不再提示 was ticked. */
  onConfirm: (skipFromNowOn: boolean) => void;
}

/**
 * 确认下单 for a spot order (the shared OrderConfirmSheet, as the perpetual screen confirms a position
 * and the flash and option screens confirm theirs): the terms and what it costs with the fee.
 */
export function ConfirmSheet({ pair, draft, check, ...sheet }: ConfirmSheetProps) {
  const { t } = useTranslation('user');
  const limit = draft.type === 'limit';
  const buy = draft.side === 'buy';
  const color = buy ? UP_COLOR : DOWN_COLOR;
  const quote = pair.quote_currency;
  const approx = limit ? '' : '≈ ';
  const money = (value: OrderCheck['total']) => (value ? `${approx}${formatCrypto(value, quote)}` : '--');
  const received = check.total && check.fee ? check.total.minus(check.fee) : null;
  const rows: ConfirmRow[] = [
    { label: t('trade.timed.pair'), value: pair.symbol },
    {
      label: t('trade.timed.direction'),
      value: <span style={{ color, fontWeight: 600 }}>{t(`trade.side.${draft.side}`)}</span>,
    },
    { label: t('trade.spot.type'), value: t(`trade.orderType.${draft.type}`) },
    {
      label: t('trade.spot.price'),
      value: limit
        ? `${formatNumber(draft.price.trim(), pair.price_precision)} ${quote}`
        : t('trade.spot.bestPrice'),
    },
    { label: t('trade.spot.amount'), value: `${draft.amount.trim()} ${pair.base_currency}` },
    { label: limit ? t('trade.spot.total') : t('trade.spot.estimatedTotal'), value: money(check.total) },
    { label: t('trade.spot.fee'), value: money(check.fee) },
    buy
      ? { label: t('trade.spot.totalWithFee'), value: money(check.cost) }
      : { label: t('trade.spot.received'), value: money(received) },
  ];
  return (
    <OrderConfirmSheet
      testId="spot-confirm"
      rows={rows}
      note={limit ? t('trade.spot.limitNote') : t('trade.spot.marketNote')}
      color={color}
      sendable={Boolean(check.body)}
      problem={Object.values(check.errors)[0]}
      {...sheet}
    />
  );
}
