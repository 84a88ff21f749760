import type { TimedContract } from '@platform/contracts';
import { formatBalance, formatCharge } from '@platform/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Descriptions, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisconnected } from '../../../lib/connectivity.ts';
import { clientOrderIdFor, useIdempotentMutation } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { fetchWallet, WALLET_QUERY_ROOT, walletKeys } from '../../wallet/walletApi.ts';
import { DirectionPicker } from './DirectionPicker.tsx';
import { GuestPrompt } from './GuestPrompt.tsx';
import { StakeField } from './StakeField.tsx';
import { type PlacedContract, type TimedProduct, timedKeys } from './timedApi.ts';
import { ratePercent, stakeProblem, winPreview } from './timedFormat.ts';

type Direction = 'up' | 'down' | 'call' | 'put';

export interface PlaceInput<D extends Direction> {
  symbol: string;
  direction: D;
  amount: string;
  client_order_id: string;
}

export interface SummaryRow {
  label: string;
  value: ReactNode;
}

export interface TimedOrderFormProps<D extends Direction, T extends object> {
  product: TimedProduct;
  signedIn: boolean;
  symbol: string | undefined;
  /** Bullish first. */
  directions: readonly [D, D];
  currency: string;
  minStake: string;
  maxStake: string;
  /** The payout rate of the current choice; null while nothing pays (no level open). */
  rate: string | null;
  /** The product's own choices (durations, levels), between the direction and the stake. */
  children: ReactNode;
  /** The product's rows of the confirmation (duration, level). */
  summary: SummaryRow[];
  /** Why nothing can be placed now, shown instead of the button; null when it can. */
  blocked?: string | null;
  /** The product's terms of the order (duration, level), sent with it. */
  terms: T;
  /** Places the order with the action's Idempotency-Key. */
  place: (order: PlaceInput<D> & T, idempotencyKey: string) => Promise<PlacedContract>;
  onPlaced: (contract: TimedContract) => void;
  /** After a refusal (a level closed meanwhile): the product refetches what it offers. */
  onRefused?: () => void;
}

/**
 * The order form both timed products share: direction, the product's choices, stake with the
 * available balance, what a win would pay, and a confirmation before anything is placed. A guest
 * sees it all but gets a login prompt instead of the button.
 */
export function TimedOrderForm<D extends Direction, T extends object>(props: TimedOrderFormProps<D, T>) {
  const { product, signedIn, symbol, directions, currency, rate, blocked } = props;
  const { t } = useTranslation('user');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [direction, setDirection] = useState<D>(directions[0]);
  const [stake, setStake] = useState(props.minStake);
  const wallet = useQuery({
    queryKey: walletKeys.wallet,
    queryFn: ({ signal }) => fetchWallet(signal),
    enabled: signedIn,
  });
  const available = signedIn
    ? (wallet.data?.wallets.find((w) => w.currency === currency)?.balance ?? '0')
    : undefined;
  const limits = {
    min: props.minStake,
    max: props.maxStake,
    currency,
    available: wallet.data ? available : undefined,
  };
  const problem = stake === '' ? null : stakeProblem(stake, limits);
  const preview = rate === null ? null : winPreview(stake, rate);

  const placing = useIdempotentMutation({
    // The client_order_id comes from the action's key: a retry of the action is the same order.
    mutationFn: (order: Omit<PlaceInput<D>, 'client_order_id'> & T, idempotencyKey) =>
      props.place({ ...order, client_order_id: clientOrderIdFor(idempotencyKey) }, idempotencyKey),
    // A confirmation still open when the connection dropped sends nothing.
    requiresConnection: true,
    onSuccess: (placed) => {
      message.success(t('trade.timed.placed'));
      void queryClient.invalidateQueries({ queryKey: timedKeys.root(product) });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
      props.onPlaced(placed.contract);
    },
    onError: (error) => {
      message.error(errorMessage(error, t('trade.timed.placeFailed')));
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
      props.onRefused?.();
    },
  });

  const bullish = direction === directions[0];
  const color = bullish ? UP_COLOR : DOWN_COLOR;
  const disconnected = useDisconnected();
  const canPlace =
    symbol !== undefined && stake !== '' && problem === null && preview !== null && !blocked && !disconnected;

  const confirm = () => {
    if (!symbol || !preview) return;
    const order = { ...props.terms, symbol, direction, amount: stake };
    const rows: SummaryRow[] = [
      { label: t('trade.timed.pair'), value: symbol },
      {
        label: t('trade.timed.direction'),
        value: <span style={{ color, fontWeight: 600 }}>{t(`trade.side.${direction}`)}</span>,
      },
      ...props.summary,
      { label: t('trade.timed.stake'), value: formatCharge(stake, currency) },
      { label: t('trade.timed.winReturns'), value: formatBalance(preview.returned, currency) },
    ];
    modal.confirm({
      title: t('trade.confirm.title'),
      icon: null,
      okText: t('trade.confirm.title'),
      cancelText: t('trade.cancel'),
      okButtonProps: { style: { background: color }, 'data-testid': 'confirm-order' } as ButtonProps,
      content: (
        <Flex vertical gap={8}>
          <Descriptions
            column={1}
            size="small"
            items={rows.map((r) => ({ key: r.label, label: r.label, children: r.value }))}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('trade.timed.confirmNote')}
          </Typography.Text>
        </Flex>
      ),
      onOk: async () => {
        // The failure is shown by onError; the dialog closes either way.
        await placing.mutateAsync(order).catch(() => undefined);
      },
    });
  };

  return (
    <Flex vertical gap={16} data-testid={`${product}-order-form`}>
      <DirectionPicker directions={directions} value={direction} onChange={setDirection} />
      {props.children}
      <StakeField value={stake} onChange={setStake} limits={limits} problem={problem} />
      <Flex justify="space-between" align="baseline" wrap gap={8} data-testid="win-preview">
        <Typography.Text type="secondary">
          {rate !== null
            ? t('trade.timed.winReturnsRate', { rate: ratePercent(rate) })
            : t('trade.timed.winReturns')}
        </Typography.Text>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {preview ? (
            <>
              {formatBalance(preview.returned, currency)}
              <Typography.Text type="success" style={{ marginInlineStart: 6, fontSize: 13 }}>
                +{formatBalance(preview.profit, currency)}
              </Typography.Text>
            </>
          ) : (
            '--'
          )}
        </Typography.Text>
      </Flex>
      {!signedIn ? (
        <GuestPrompt />
      ) : blocked ? (
        <Typography.Text type="warning" style={{ textAlign: 'center' }} data-testid="order-blocked">
          {blocked}
        </Typography.Text>
      ) : (
        <Button
          block
          size="large"
          type="primary"
          disabled={!canPlace}
          loading={placing.isPending}
          onClick={confirm}
          style={canPlace ? { height: 48, background: color, borderColor: color } : { height: 48 }}
          data-testid="place-order"
        >
          {t('trade.timed.place', { side: t(`trade.side.${direction}`) })}
        </Button>
      )}
    </Flex>
  );
}
