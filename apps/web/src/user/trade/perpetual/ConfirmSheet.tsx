import { ORDER_SIDE_LABELS, type PerpetualSide } from '@platform/contracts';
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
  const color = draft.side === 'long' ? UP_COLOR : DOWN_COLOR;
  const limit = draft.type === 'limit';
  /** A figure of the position at the live price: the server's comes from the price when it opens. */
  const approx = (figure: (p: OrderPreview) => string) => (preview ? `≈ ${figure(preview)}` : '--');
  const liquidation =
    preview && !preview.liquidationPrice ? '无（不会强平）' : approx((p) => formatPrice(p.liquidationPrice));
  const rows: ConfirmRow[] = [
    { label: '合约', value: `${symbol} 永续` },
    {
      label: '方向',
      value: <span style={{ color, fontWeight: 600 }}>{ORDER_SIDE_LABELS[draft.side]}</span>,
    },
    { label: '委托类型', value: limit ? '限价' : '市价' },
    { label: '杠杆', value: `${draft.leverage}x` },
    { label: '保证金', value: formatAmount(draft.margin.trim(), currency) },
    limit
      ? { label: '委托价格', value: formatPrice(draft.price) }
      : { label: '开仓价（预估）', value: approx((p) => formatPrice(p.entry)) },
    { label: '仓位价值', value: approx((p) => formatAmount(p.notional, currency)) },
    { label: '数量', value: approx((p) => `${formatPrice(p.quantity)} ${base}`) },
    { label: '预估强平价', value: liquidation },
    { label: '开仓手续费', value: preview ? formatFee(preview.openFee, currency) : '--' },
    { label: '合计扣除', value: preview ? formatFee(preview.total, currency) : '--' },
  ];
  return (
    <OrderConfirmSheet
      testId="perpetual-confirm"
      rows={rows}
      note={
        limit
          ? `指数价格${draft.side === 'long' ? '跌至委托价格或以下' : '涨至委托价格或以上'}时以该指数价格开仓；保证金和开仓手续费现在冻结，撤单即退回。标记价格触及强平价时仓位被强制平仓，保证金全部损失。`
          : '以成交时的参考市价开仓，仓位价值、数量和强平价按成交价计算。标记价格触及强平价时仓位被强制平仓，保证金全部损失。'
      }
      color={color}
      sendable={preview !== null && problem === null}
      problem={problem}
      {...sheet}
    />
  );
}
