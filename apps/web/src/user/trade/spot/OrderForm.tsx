import {
  type OrderBook,
  type SpotOrderType,
  spotOrderTypes,
  type TradeOrder,
  type TradingPair,
} from '@platform/contracts';
import { formatBalance, formatCharge, formatNumber } from '@platform/domain';
import { App, Button, Flex, Input, Segmented, Typography } from 'antd';
import { type CSSProperties, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDisconnected } from '../../../lib/connectivity.ts';
import { loginUrl } from '../../../lib/navigation.ts';
import { errorMessage } from '../../../lib/request.ts';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { ConfirmRestoreLink, useOrderConfirmation } from '../shared/OrderConfirmSheet.tsx';
import { ConfirmSheet } from './ConfirmSheet.tsx';
import { amountForPercent, checkOrder, type OrderDraft } from './orderForm.ts';

const PERCENTS = [25, 50, 75, 100] as const;
const small: CSSProperties = { fontSize: 12 };

export interface OrderFormProps {
  pair: TradingPair;
  draft: OrderDraft;
  onDraftChange: (change: Partial<OrderDraft>) => void;
  book: OrderBook | undefined;
  /** Available balance per currency; undefined for a guest or while loading. */
  balances: ReadonlyMap<string, string> | undefined;
  signedIn: boolean;
  /** Sends the order; rejects with the server's refusal. */
  place: (draft: OrderDraft) => Promise<{ order: TradeOrder; message: string }>;
  placing: boolean;
}

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary" style={small}>
        {label}
      </Typography.Text>
      {children}
      {error && (
        <Typography.Text type="danger" style={small} role="alert">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}

function SideSwitch({
  side,
  onChange,
}: {
  side: OrderDraft['side'];
  onChange: (side: OrderDraft['side']) => void;
}) {
  const { t } = useTranslation('user');
  const style = (active: boolean, color: string): CSSProperties =>
    active ? { background: color, borderColor: color, color: '#fff' } : {};
  return (
    <Flex gap={6}>
      <Button
        block
        onClick={() => onChange('buy')}
        style={style(side === 'buy', UP_COLOR)}
        aria-pressed={side === 'buy'}
        data-testid="spot-side-buy"
      >
        {t('trade.side.buy')}
      </Button>
      <Button
        block
        onClick={() => onChange('sell')}
        style={style(side === 'sell', DOWN_COLOR)}
        aria-pressed={side === 'sell'}
        data-testid="spot-side-sell"
      >
        {t('trade.side.sell')}
      </Button>
    </Flex>
  );
}

/**
 * The buy/sell form. A value no typing can mend ('-5', 'abc', too many decimals) is refused as it is
 * typed, the balance as it changes, everything else on the first submit, with the server's own
 * messages; what is typed is never changed. The order is sent after 确认下单 (unless 不再提示 was
 * chosen on this device), never while the app is disconnected. Guests get 登录 / 注册.
 */
export function OrderForm({
  pair,
  draft,
  onDraftChange,
  book,
  balances,
  signedIn,
  place,
  placing,
}: OrderFormProps) {
  const { t } = useTranslation('user');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const disconnected = useDisconnected();
  const [tried, setTried] = useState(false);
  // Set at once, unlike `placing`: a second tap before the re-render neither sends nor reports twice.
  const sending = useRef(false);
  const limit = draft.type === 'limit';
  const spendCurrency = (d: OrderDraft) => (d.side === 'buy' ? pair.quote_currency : pair.base_currency);
  const availableOf = (d: OrderDraft) => (balances ? (balances.get(spendCurrency(d)) ?? '0') : undefined);
  const available = availableOf(draft);
  const check = checkOrder(draft, pair, { book, available });
  const shown = tried ? check.errors : { ...check.typingErrors, balance: check.errors.balance };
  const sideColor = draft.side === 'buy' ? UP_COLOR : DOWN_COLOR;

  const send = async (order: OrderDraft) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const { order: placed, message: text } = await place(order);
      const filled =
        placed.status === 'filled' && placed.avg_price
          ? t('trade.spot.avgPrice', { price: formatNumber(placed.avg_price, pair.price_precision) })
          : '';
      message.success(`${text || t('trade.spot.placed')}${filled}`);
      setTried(false);
      onDraftChange({ amount: '' });
    } catch (error) {
      message.error(errorMessage(error, t('trade.spot.placeFailed')));
    } finally {
      sending.current = false;
    }
  };

  // Every order is confirmed first, unless this device chose 不再提示.
  const confirmation = useOrderConfirmation('spot', send);
  const submit = () => {
    setTried(true);
    if (!check.body || disconnected || sending.current) return;
    confirmation.ask(draft);
  };

  const setPercent = (percent: number) =>
    onDraftChange({ amount: amountForPercent(draft, pair, percent, { book, available }) });

  return (
    <Flex vertical gap={8} data-testid="spot-form">
      <SideSwitch side={draft.side} onChange={(side) => onDraftChange({ side })} />
      <Segmented
        block
        size="small"
        value={draft.type}
        onChange={(type) => onDraftChange({ type: type as SpotOrderType })}
        options={spotOrderTypes.map((type) => ({ value: type, label: t(`trade.orderType.${type}`) }))}
        data-testid="spot-type"
      />
      <Field
        label={t('trade.spot.priceIn', { currency: pair.quote_currency })}
        error={limit ? shown.price : undefined}
      >
        {limit ? (
          <Input
            inputMode="decimal"
            placeholder={t('trade.spot.price')}
            value={draft.price}
            status={shown.price ? 'error' : undefined}
            onChange={(e) => onDraftChange({ price: e.target.value })}
            data-testid="spot-price"
          />
        ) : (
          <Input disabled value={t('trade.spot.marketPrice')} data-testid="spot-price-market" />
        )}
      </Field>
      <Field label={t('trade.spot.amountIn', { currency: pair.base_currency })} error={shown.amount}>
        <Input
          inputMode="decimal"
          placeholder={t('trade.spot.minAmount', { min: pair.min_amount })}
          value={draft.amount}
          status={shown.amount ? 'error' : undefined}
          onChange={(e) => onDraftChange({ amount: e.target.value })}
          data-testid="spot-amount"
        />
      </Field>
      <Flex gap={4}>
        {PERCENTS.map((p) => (
          <Button
            key={p}
            size="small"
            block
            disabled={!available}
            onClick={() => setPercent(p)}
            style={{ paddingInline: 0, ...small }}
            data-testid={`spot-percent-${p}`}
          >
            {p}%
          </Button>
        ))}
      </Flex>
      <Flex vertical gap={2} style={small}>
        <Flex justify="space-between" gap={4}>
          <Typography.Text type="secondary" style={small}>
            {limit ? t('trade.spot.total') : t('trade.spot.estimatedTotal')}
          </Typography.Text>
          <Typography.Text style={small} data-testid="spot-total">
            {check.total
              ? `${limit ? '' : '≈ '}${(draft.side === 'buy' ? formatCharge : formatBalance)(check.total, pair.quote_currency)}`
              : '--'}
          </Typography.Text>
        </Flex>
        <Flex justify="space-between" gap={4}>
          <Typography.Text type="secondary" style={small}>
            {t('trade.spot.fee')}
          </Typography.Text>
          <Typography.Text style={small} data-testid="spot-fee">
            {check.fee ? `${limit ? '' : '≈ '}${formatCharge(check.fee, pair.quote_currency)}` : '--'}
          </Typography.Text>
        </Flex>
        {signedIn && (
          <Flex justify="space-between" gap={4}>
            <Typography.Text type="secondary" style={small}>
              {t('trade.available')}
            </Typography.Text>
            <Typography.Text style={small} data-testid="spot-available">
              {available === undefined ? '--' : formatBalance(available, spendCurrency(draft))}
            </Typography.Text>
          </Flex>
        )}
      </Flex>
      {shown.balance && (
        <Typography.Text type="danger" style={small} role="alert" data-testid="spot-balance-error">
          {shown.balance}
        </Typography.Text>
      )}
      {signedIn ? (
        <>
          <Button
            type="primary"
            block
            size="large"
            loading={placing}
            disabled={disconnected}
            onClick={submit}
            style={disconnected ? undefined : { background: sideColor, borderColor: sideColor }}
            data-testid="spot-submit"
          >
            {t(`trade.side.${draft.side}`)} {pair.base_currency}
          </Button>
          {confirmation.skip && (
            <ConfirmRestoreLink onRestore={confirmation.restore} testId="spot-confirm-restore" />
          )}
          {confirmation.pending && (
            <ConfirmSheet
              pair={pair}
              draft={confirmation.pending}
              check={checkOrder(confirmation.pending, pair, {
                book,
                available: availableOf(confirmation.pending),
              })}
              placing={placing}
              disconnected={disconnected}
              onCancel={confirmation.cancel}
              onConfirm={(skip) => void confirmation.confirm(skip)}
            />
          )}
        </>
      ) : (
        <Flex gap={8}>
          <Button
            block
            type="primary"
            onClick={() => navigate(loginUrl(location.pathname + location.search))}
          >
            {t('trade.login')}
          </Button>
          <Button block onClick={() => navigate('/register')}>
            {t('trade.register')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
