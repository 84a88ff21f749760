import { ORDER_SIDE_LABELS, SPOT_ORDER_TYPE_LABELS, type TradingPair } from '@platform/contracts';
import { formatCrypto, formatNumber } from '@platform/domain';
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
  const limit = draft.type === 'limit';
  const buy = draft.side === 'buy';
  const color = buy ? UP_COLOR : DOWN_COLOR;
  const quote = pair.quote_currency;
  const approx = limit ? '' : '≈ ';
  const money = (value: OrderCheck['total']) => (value ? `${approx}${formatCrypto(value, quote)}` : '--');
  const received = check.total && check.fee ? check.total.minus(check.fee) : null;
  const rows: ConfirmRow[] = [
    { label: '交易对', value: pair.symbol },
    {
      label: '方向',
      value: <span style={{ color, fontWeight: 600 }}>{ORDER_SIDE_LABELS[draft.side]}</span>,
    },
    { label: '类型', value: SPOT_ORDER_TYPE_LABELS[draft.type] },
    {
      label: '价格',
      value: limit ? `${formatNumber(draft.price.trim(), pair.price_precision)} ${quote}` : '市场最优价格',
    },
    { label: '数量', value: `${draft.amount.trim()} ${pair.base_currency}` },
    { label: limit ? '交易额' : '预计交易额', value: money(check.total) },
    { label: '手续费', value: money(check.fee) },
    buy
      ? { label: '合计（含手续费）', value: money(check.cost) }
      : { label: '预计到账', value: money(received) },
  ];
  return (
    <OrderConfirmSheet
      testId="spot-confirm"
      rows={rows}
      note={
        limit
          ? '限价单挂单期间冻结所需资金，参考市场价格达到委托价时成交，未成交部分可在当前委托中撤销。'
          : '市价单按下单时的参考市场深度立即成交，成交均价以成交结果为准。'
      }
      color={color}
      sendable={Boolean(check.body)}
      problem={Object.values(check.errors)[0]}
      {...sheet}
    />
  );
}
