import type { PerpetualSide } from '@platform/contracts';
import { useTranslation } from 'react-i18next';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { type ConfirmRow, OrderConfirmSheet } from '../shared/OrderConfirmSheet.tsx';
import { formatAmount, formatFee, formatPrice, type OrderPreview } from './perpetualMath.ts';

/** The position as it was when 开多 / 开空 was tapped. */
export interface PositionDraft {
  side: PerpetualSide;
  margin: string;
  leverage: number;
  /** limit: waits for the index to reach `price`; market when left out. */
  type?: 'market' | 'limit';
  price?: string;
}

export interface ConfirmSheetProps {
  symbol: string;
  base: string;
  currency: string;
  draft: PositionDraft;
  /** That position priced now (orderPreview, the engine's formulas); null while no price is known. */
  preview: OrderPreview | null;
  /** Why it cannot be opened now (balance, limits), in the form's words. */
  problem: string | null;
  placing: boolean;
  disconnected: boolean;
  onCancel: () => void;
  onConfirm: (skipFromNowOn: boolean) => void;
}

/**
 * 确认下单 for a perpetual position (the shared OrderConfirmSheet, as spot confirms its orders): the
 * margin and leverage chosen, and at the live price the notional, the quantity, the estimated
 * liquidation price and the open fee the server will take, so that a 20x position never opens on
 * one tap unseen.
 */
export function ConfirmSheet({
  symbol,
  base,
  currency,
  draft,
  preview,
  problem,
  ...sheet
}: ConfirmSheetProps) {
  const { t } = useTranslation('user');
  const color = draft.side === 'long' ? UP_COLOR : DOWN_COLOR;
  const limit = draft.type === 'limit';
  /** A figure of the position at the live price: the server's comes from the price when it opens. */
  const approx = (figure: (p: OrderPreview) => string) => (preview ? `≈ ${figure(preview)}` : '--');
  const liquidation =
    preview && !preview.liquidationPrice
      ? t('perpetual.field.noLiquidation')
      : approx((p) => formatPrice(p.liquidationPrice));
  const rows: ConfirmRow[] = [
    { label: t('perpetual.confirm.contract'), value: t('perpetual.confirm.contractValue', { symbol }) },
    {
      label: t('perpetual.confirm.side'),
      value: <span style={{ color, fontWeight: 600 }}>{t(`perpetual.side.${draft.side}`)}</span>,
    },
    {
      label: t('perpetual.confirm.orderType'),
      value: t(limit ? 'perpetual.orderType.limit' : 'perpetual.orderType.market'),
    },
    { label: t('perpetual.confirm.leverage'), value: `${draft.leverage}x` },
    { label: t('perpetual.field.margin'), value: formatAmount(draft.margin.trim(), currency) },
    limit
      ? { label: t('perpetual.field.limitPrice'), value: formatPrice(draft.price) }
      : { label: t('perpetual.field.entryEstimate'), value: approx((p) => formatPrice(p.entry)) },
    { label: t('perpetual.field.notional'), value: approx((p) => formatAmount(p.notional, currency)) },
    { label: t('perpetual.field.quantity'), value: approx((p) => `${formatPrice(p.quantity)} ${base}`) },
    { label: t('perpetual.field.liquidationEstimate'), value: liquidation },
    { label: t('perpetual.field.openFee'), value: preview ? formatFee(preview.openFee, currency) : '--' },
    { label: t('perpetual.field.total'), value: preview ? formatFee(preview.total, currency) : '--' },
  ];
  return (
    <OrderConfirmSheet
      testId="perpetual-confirm"
      rows={rows}
      note={
        limit
          ? t(draft.side === 'long' ? 'perpetual.confirm.noteLimitLong' : 'perpetual.confirm.noteLimitShort')
          : t('perpetual.confirm.noteMarket')
      }
      color={color}
      sendable={preview !== null && problem === null}
      problem={problem}
      {...sheet}
    />
  );
}
