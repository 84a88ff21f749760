import { PERPETUAL_TEXTS, type PerpetualPosition } from '@platform/contracts';
import {
  currencyPrecision,
  Decimal,
  formatBalance,
  formatNormalised,
  marginAfterAdd,
} from '@platform/domain';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractText, i18n } from '../../../i18n/index.ts';
import { readAmountField } from '../shared/messages.ts';
import { positionName } from './PositionParts.tsx';
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
  const parsed = readAmountField(typed, 'trade.fieldLabel.addedMargin', { places });
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
      problem: i18n.t('user:perpetual.margin.insufficient', {
        amount: formatBalance(available, position.currency),
      }),
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
  const { t } = useTranslation('user');
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
      title={t('perpetual.margin.title', { position: positionName(position) })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>{t('perpetual.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={save} data-testid="margin-save">
            {t('perpetual.margin.confirm')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12} data-testid="margin-dialog">
        <Flex vertical gap={4}>
          <Flex justify="space-between" gap={8} wrap>
            <Typography.Text>{t('perpetual.margin.amount')}</Typography.Text>
            <Typography.Text type="secondary" data-testid="margin-available">
              {t('perpetual.available', {
                amount: available === undefined ? '--' : formatAmount(available, currency, places),
              })}
            </Typography.Text>
          </Flex>
          <Input
            size="large"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('perpetual.margin.places', { count: places, n: places })}
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
                  {t('perpetual.max')}
                </Button>
                {currency}
              </Flex>
            }
            value={typed}
            status={problemShown ? 'error' : undefined}
            onChange={(e) => setTyped(e.target.value)}
            onPressEnter={save}
            aria-label={t('perpetual.margin.amount')}
            data-testid="margin-amount"
          />
          {problemShown && (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="margin-problem">
              {contractText(problemShown)}
            </Typography.Text>
          )}
        </Flex>
        <Flex vertical gap={4}>
          <Row label={t('perpetual.margin.current')}>{formatAmount(position.margin, currency)}</Row>
          <Row label={t('perpetual.margin.after')} testId="margin-after">
            {check.after ? formatAmount(check.after.margin, currency) : '--'}
          </Row>
          <Row label={t('perpetual.margin.currentLiquidation')}>
            {formatLiquidation(position.liquidation_price)}
          </Row>
          <Row label={t('perpetual.margin.afterLiquidation')} testId="margin-after-liquidation">
            {check.after ? formatLiquidation(check.after.liquidationPrice.toFixed()) : '--'}
          </Row>
          <Row label={t('perpetual.margin.leverage')} testId="margin-after-leverage">
            {check.after ? `${formatNormalised(check.after.leverage)}x` : `${position.leverage}x`}
          </Row>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('perpetual.margin.note')}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
