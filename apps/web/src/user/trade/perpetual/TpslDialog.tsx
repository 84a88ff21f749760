import { ORDER_SIDE_LABELS, type PerpetualPosition } from '@platform/contracts';
import { Decimal, parseAmountField, tpslProblems } from '@platform/domain';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { signColor } from '../../shared/priceColors.ts';
import { feeRatePercent } from '../../wallet/walletMath.ts';
import { closeEstimate, formatLiquidation, formatPrice, formatSigned } from './perpetualMath.ts';

/** What the dialog sends: a price, or null for none (the server cancels it). */
export interface TpslValues {
  take_profit_price: string | null;
  stop_loss_price: string | null;
}

interface Field {
  value: string | null;
  problem?: string;
  /** The problem may go with more typing ('12.'): shown on 确定 only. */
  unfinished?: boolean;
}

/**
 * The two fields as typed: each a price (null when left empty) or why it cannot be sent, in the
 * server's words (parseAmountField for the number, then the domain's tpslProblems).
 */
export function readTpsl(
  position: PerpetualPosition,
  typed: { takeProfit: string; stopLoss: string },
  pricePrecision: number,
): { values: TpslValues | null; takeProfit: Field; stopLoss: Field } {
  const parse = (text: string, label: string): Field => {
    if (text.trim() === '') return { value: null };
    const parsed = parseAmountField(text, {
      label,
      places: pricePrecision,
      placesText: (n) => `${label}最多 ${n} 位小数`,
    });
    return parsed.ok
      ? { value: parsed.text }
      : { value: null, problem: parsed.message, unfinished: parsed.unfinished };
  };
  const takeProfit = parse(typed.takeProfit, '止盈价');
  const stopLoss = parse(typed.stopLoss, '止损价');
  const rules = tpslProblems(
    position.side,
    { entry: new Decimal(position.entry_price), liquidationPrice: new Decimal(position.liquidation_price) },
    { takeProfit: takeProfit.value, stopLoss: stopLoss.value },
    pricePrecision,
  );
  // A price on the wrong side may be one still being typed (5 on the way to 55000): on 确定.
  if (!takeProfit.problem && rules.take_profit_price) {
    Object.assign(takeProfit, { problem: rules.take_profit_price, unfinished: true });
  }
  if (!stopLoss.problem && rules.stop_loss_price) {
    Object.assign(stopLoss, { problem: rules.stop_loss_price, unfinished: true });
  }
  const values =
    takeProfit.problem || stopLoss.problem
      ? null
      : { take_profit_price: takeProfit.value, stop_loss_price: stopLoss.value };
  return { values, takeProfit, stopLoss };
}

function PriceField({
  label,
  hint,
  value,
  onChange,
  field,
  estimate,
  testId,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (next: string) => void;
  field: Field;
  estimate: ReactNode;
  testId: string;
}) {
  return (
    <Flex vertical gap={4}>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text>{label}</Typography.Text>
        {estimate}
      </Flex>
      <Input
        inputMode="decimal"
        autoComplete="off"
        allowClear
        placeholder={hint}
        value={value}
        status={field.problem ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value)}
        aria-label={label}
        data-testid={testId}
      />
      {field.problem && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`${testId}-problem`}>
          {field.problem}
        </Typography.Text>
      )}
    </Flex>
  );
}

export interface TpslDialogProps {
  position: PerpetualPosition;
  pricePrecision: number;
  closeFeeRate: string;
  /** The live mark, for the hint of where the price is now. */
  mark: Decimal | null;
  saving: boolean;
  onSave: (values: TpslValues) => void;
  onClose: () => void;
}

/**
 * 止盈止损 of one open position: both prices in one dialog, either may be left empty (none); 确定
 * sends both, so emptying a field cancels it, and 全部取消 cancels both. Each field shows the P&L a
 * close at that price would realise (the close itself is at the reference price of that moment).
 */
export function TpslDialog({
  position,
  pricePrecision,
  closeFeeRate,
  mark,
  saving,
  onSave,
  onClose,
}: TpslDialogProps) {
  const [takeProfit, setTakeProfit] = useState(position.take_profit_price ?? '');
  const [stopLoss, setStopLoss] = useState(position.stop_loss_price ?? '');
  const [tried, setTried] = useState(false);
  const read = readTpsl(position, { takeProfit, stopLoss }, pricePrecision);
  const long = position.side === 'long';
  const hasAny = position.take_profit_price !== null || position.stop_loss_price !== null;

  const estimate = (field: Field) => {
    if (!field.value || field.problem) return null;
    const pnl = closeEstimate(position, new Decimal(field.value), closeFeeRate).realisedPnl;
    return (
      <Typography.Text style={{ fontSize: 12, color: signColor(pnl) }}>
        预计盈亏 {formatSigned(pnl, 2)} {position.currency}
      </Typography.Text>
    );
  };
  // A problem shows once the user tried to save, or as soon as more typing cannot mend it.
  const shown = (field: Field): Field => (tried || !field.unfinished ? field : { value: field.value });

  const save = () => {
    setTried(true);
    if (read.values) onSave(read.values);
  };

  return (
    <Modal
      open
      title={`止盈止损 · ${position.symbol} ${ORDER_SIDE_LABELS[position.side]} ${position.leverage}x`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end" wrap>
          {hasAny && (
            <Button
              danger
              disabled={saving}
              onClick={() => onSave({ take_profit_price: null, stop_loss_price: null })}
              data-testid="tpsl-cancel-all"
            >
              全部取消
            </Button>
          )}
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" loading={saving} onClick={save} data-testid="tpsl-save">
            确定
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={14} data-testid="tpsl-dialog">
        <Flex justify="space-between" gap={8} wrap style={{ fontSize: 12 }}>
          <Typography.Text type="secondary">开仓价 {formatPrice(position.entry_price)}</Typography.Text>
          <Typography.Text type="secondary">标记价 {formatPrice(mark)}</Typography.Text>
          <Typography.Text type="secondary">
            强平价 {formatLiquidation(position.liquidation_price)}
          </Typography.Text>
        </Flex>
        <PriceField
          label="止盈价"
          hint={`${long ? '高于' : '低于'}开仓价 ${formatPrice(position.entry_price)}`}
          value={takeProfit}
          onChange={setTakeProfit}
          field={shown(read.takeProfit)}
          estimate={estimate(read.takeProfit)}
          testId="tpsl-take-profit"
        />
        <PriceField
          label="止损价"
          hint={`${long ? '低于' : '高于'}开仓价，${long ? '高于' : '低于'}强平价`}
          value={stopLoss}
          onChange={setStopLoss}
          field={shown(read.stopLoss)}
          estimate={estimate(read.stopLoss)}
          testId="tpsl-stop-loss"
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          标记价格（参考价）{long ? '涨到止盈价或跌到止损价' : '跌到止盈价或涨到止损价'}
          时，按当时的参考价市价平仓，扣除平仓手续费（{feeRatePercent(closeFeeRate)}）。
          触及强平价时按强平处理。留空即不设置。
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
