import { ORDER_SIDE_LABELS, PERPETUAL_TEXTS, type PerpetualPosition } from '@platform/contracts';
import {
  currencyPrecision,
  Decimal,
  formatBalance,
  formatNormalised,
  marginAfterAdd,
  parseAmountField,
} from '@platform/domain';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { formatAmount, formatLiquidation, positionTerms } from './perpetualMath.ts';

export interface MarginCheck {
  /** The amount to send, or null with the reason. */
  amount: string | null;
  problem: string | null;
  /** The problem may go with more typing ('', '0.'): shown on 确认 only. */
  unfinished: boolean;
  /** The position after it: margin, liquidation price, effective leverage. */
  after: { margin: Decimal; liquidationPrice: Decimal; leverage: Decimal } | null;
}

/**
 * The amount as typed, checked as the server will: a positive number with at most the currency's
 * decimals, at most the available balance, and a total margin within the product's maximum.
 */
export function checkMarginAdd(
  position: PerpetualPosition,
  typed: string,
  available: string | undefined,
  maxMargin: string,
): MarginCheck {
  const places = currencyPrecision(position.currency);
  const parsed = parseAmountField(typed, { label: '追加保证金金额', places });
  if (!parsed.ok)
    return { amount: null, problem: parsed.message, unfinished: parsed.unfinished, after: null };
  const next = marginAfterAdd(
    position.side,
    positionTerms(position),
    parsed.value,
    new Decimal(position.maintenance_rate),
  );
  const after = {
    ...next,
    leverage: new Decimal(position.notional).div(next.margin).toDecimalPlaces(2, Decimal.ROUND_DOWN),
  };
  if (available !== undefined && parsed.value.gt(available)) {
    return {
      amount: null,
      // What is available to the cent, rounded down: never more than there is.
      problem: `可用余额不足：可用 ${formatBalance(available, position.currency)}`,
      unfinished: false,
      after,
    };
  }
  if (next.margin.gt(maxMargin)) {
    return { amount: null, problem: PERPETUAL_TEXTS.marginAddTooLarge(maxMargin), unfinished: false, after };
  }
  return { amount: parsed.text, problem: null, unfinished: false, after };
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Flex justify="space-between" gap={8}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text
        data-testid={testId}
        style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
      >
        {children}
      </Typography.Text>
    </Flex>
  );
}

export interface MarginDialogProps {
  position: PerpetualPosition;
  /** The available balance of the margin currency; undefined while it loads. */
  available: string | undefined;
  maxMargin: string;
  saving: boolean;
  onSave: (amount: string) => void;
  onClose: () => void;
}

/**
 * 追加保证金: moves USDT from the available balance into the position's margin, which lowers its
 * effective leverage and moves the liquidation price away. The preview is the server's arithmetic.
 */
export function MarginDialog({ position, available, maxMargin, saving, onSave, onClose }: MarginDialogProps) {
  const [typed, setTyped] = useState('');
  const [tried, setTried] = useState(false);
  const check = checkMarginAdd(position, typed, available, maxMargin);
  const currency = position.currency;
  const places = currencyPrecision(currency);
  const max =
    available === undefined ? null : new Decimal(available).toDecimalPlaces(places, Decimal.ROUND_DOWN);

  const save = () => {
    setTried(true);
    if (check.amount) onSave(check.amount);
  };
  const problemShown = check.problem && (tried || !check.unfinished) ? check.problem : null;

  return (
    <Modal
      open
      title={`追加保证金 · ${position.symbol} ${ORDER_SIDE_LABELS[position.side]} ${position.leverage}x`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={save} data-testid="margin-save">
            确认追加
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12} data-testid="margin-dialog">
        <Flex vertical gap={4}>
          <Flex justify="space-between" gap={8} wrap>
            <Typography.Text>追加金额</Typography.Text>
            <Typography.Text type="secondary" data-testid="margin-available">
              可用 {available === undefined ? '--' : formatAmount(available, currency, places)}
            </Typography.Text>
          </Flex>
          <Input
            size="large"
            inputMode="decimal"
            autoComplete="off"
            placeholder={`最多 ${places} 位小数`}
            suffix={
              <Flex align="center" gap={8}>
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  disabled={!max?.gt(0)}
                  onClick={() => setTyped(max ? max.toFixed(places) : '')}
                  data-testid="margin-max"
                >
                  最大
                </Button>
                {currency}
              </Flex>
            }
            value={typed}
            status={problemShown ? 'error' : undefined}
            onChange={(e) => setTyped(e.target.value)}
            onPressEnter={save}
            aria-label="追加金额"
            data-testid="margin-amount"
          />
          {problemShown && (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="margin-problem">
              {problemShown}
            </Typography.Text>
          )}
        </Flex>
        <Flex vertical gap={4}>
          <Row label="当前保证金">{formatAmount(position.margin, currency)}</Row>
          <Row label="追加后保证金" testId="margin-after">
            {check.after ? formatAmount(check.after.margin, currency) : '--'}
          </Row>
          <Row label="当前强平价">{formatLiquidation(position.liquidation_price)}</Row>
          <Row label="追加后强平价" testId="margin-after-liquidation">
            {check.after ? formatLiquidation(check.after.liquidationPrice.toFixed()) : '--'}
          </Row>
          <Row label="实际杠杆" testId="margin-after-leverage">
            {check.after ? `${formatNormalised(check.after.leverage)}x` : `${position.leverage}x`}
          </Row>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          追加的保证金从可用余额转入该仓位，平仓时随保证金一并结算；已触及强平价的仓位不能追加。
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
