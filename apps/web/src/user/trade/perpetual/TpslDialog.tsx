import type { PerpetualPosition } from '@platform/contracts';
import { Decimal, tpslRefusals } from '@platform/domain';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/index.ts';
import { signColor } from '../../shared/priceColors.ts';
import { feeRatePercent } from '../../wallet/walletMath.ts';
import { readAmountField } from '../shared/messages.ts';
import { positionName } from './PositionParts.tsx';
import {
  closeEstimate,
  formatLiquidation,
  formatPrice,
  formatSigned,
  tpslRefusalText,
} from './perpetualMath.ts';

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
 * language shown (in zh-CN the server's words): parseAmountField for the number, then the domain's
 * tpslRefusals.
 */
export function readTpsl(
  position: PerpetualPosition,
  typed: { takeProfit: string; stopLoss: string },
  pricePrecision: number,
): { values: TpslValues | null; takeProfit: Field; stopLoss: Field } {
  const parse = (text: string, field: 'takeProfit' | 'stopLoss'): Field => {
    if (text.trim() === '') return { value: null };
    const placesCode = field === 'takeProfit' ? 'take_profit_places' : 'stop_loss_places';
    const parsed = readAmountField(text, `trade.fieldLabel.${field}`, {
      places: pricePrecision,
      // The rules' own words for too many decimals (tpslRefusals), the server's.
      placesText: (places) => i18n.t(`user:perpetual.tpsl.problem.${placesCode}`, { count: places, places }),
    });
    return parsed.ok
      ? { value: parsed.text }
      : { value: null, problem: parsed.message, unfinished: parsed.unfinished };
  };
  const takeProfit = parse(typed.takeProfit, 'takeProfit');
  const stopLoss = parse(typed.stopLoss, 'stopLoss');
  const rules = tpslRefusals(
    position.side,
    { entry: new Decimal(position.entry_price), liquidationPrice: new Decimal(position.liquidation_price) },
    { takeProfit: takeProfit.value, stopLoss: stopLoss.value },
    pricePrecision,
  );
  // A price on the wrong side may be one still being typed (5 on the way to 55000): on 确定.
  if (!takeProfit.problem && rules.take_profit_price) {
    Object.assign(takeProfit, { problem: tpslRefusalText(rules.take_profit_price), unfinished: true });
  }
  if (!stopLoss.problem && rules.stop_loss_price) {
    Object.assign(stopLoss, { problem: tpslRefusalText(rules.stop_loss_price), unfinished: true });
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
  const { t } = useTranslation('user');
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
        {t('perpetual.tpsl.estimate', { pnl: formatSigned(pnl, 2), currency: position.currency })}
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
      title={t('perpetual.tpsl.title', { position: positionName(position) })}
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
              {t('perpetual.tpsl.cancelAll')}
            </Button>
          )}
          <Button onClick={onClose}>{t('perpetual.tpsl.close')}</Button>
          <Button type="primary" loading={saving} onClick={save} data-testid="tpsl-save">
            {t('perpetual.tpsl.ok')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={14} data-testid="tpsl-dialog">
        <Flex justify="space-between" gap={8} wrap style={{ fontSize: 12 }}>
          <Typography.Text type="secondary">
            {t('perpetual.tpsl.entry', { price: formatPrice(position.entry_price) })}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('perpetual.tpsl.mark', { price: formatPrice(mark) })}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('perpetual.tpsl.liquidation', { price: formatLiquidation(position.liquidation_price) })}
          </Typography.Text>
        </Flex>
        <PriceField
          label={t('perpetual.tpsl.takeProfit')}
          hint={t(long ? 'perpetual.tpsl.tpHintLong' : 'perpetual.tpsl.tpHintShort', {
            price: formatPrice(position.entry_price),
          })}
          value={takeProfit}
          onChange={setTakeProfit}
          field={shown(read.takeProfit)}
          estimate={estimate(read.takeProfit)}
          testId="tpsl-take-profit"
        />
        <PriceField
          label={t('perpetual.tpsl.stopLoss')}
          hint={t(long ? 'perpetual.tpsl.slHintLong' : 'perpetual.tpsl.slHintShort')}
          value={stopLoss}
          onChange={setStopLoss}
          field={shown(read.stopLoss)}
          estimate={estimate(read.stopLoss)}
          testId="tpsl-stop-loss"
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(long ? 'perpetual.tpsl.noteLong' : 'perpetual.tpsl.noteShort', {
            rate: feeRatePercent(closeFeeRate),
          })}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
