import { REALTIME_EVENTS, type SpotOrderBody, type TradeOrder, tradeOrder } from '@platform/contracts';
import { formatNumber } from '@platform/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { i18n } from '../../../i18n/index.ts';
import { clientOrderIdFor, useIdempotentMutation } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { useSocketConnection, useSocketEvent } from '../../../lib/socket.ts';
import { fetchWallet, WALLET_QUERY_ROOT, walletKeys } from '../../wallet/walletApi.ts';
import {
  cancelSpotOrder,
  fetchSpotOrders,
  HISTORY_PAGE_SIZE,
  OPEN_ORDERS_LIMIT,
  placeSpotOrder,
  SPOT_ORDERS_ROOT,
  spotKeys,
} from './spotApi.ts';

/** Without a socket the open orders are polled this often (fills of resting orders come from the server). */
export const OPEN_ORDERS_POLL_MS = 5000;

/** A resting order filled later than it was placed: worth telling the user about. */
const filledLater = (order: TradeOrder) =>
  (order.status === 'filled' || order.status === 'partial') && order.updated_at !== order.created_at;

/**
 * The signed-in user's side of the spot screen: balances, open orders, history, placing and
 * cancelling, kept current by the order-updated event (and a refetch after every reconnect, since
 * events sent while the socket was down are lost). Everything is off for a guest.
 */
export function useSpotAccount(symbol: string | undefined, signedIn: boolean) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const enabled = signedIn && Boolean(symbol);
  const connection = useSocketConnection();
  const [history, setHistory] = useState({ symbol, page: 1 });
  // Another pair starts its history on page 1.
  const historyPage = history.symbol === symbol ? history.page : 1;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: SPOT_ORDERS_ROOT });
    void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
  };

  const wallet = useQuery({
    queryKey: walletKeys.wallet,
    queryFn: ({ signal }) => fetchWallet(signal),
    enabled: signedIn,
  });
  const balances = useMemo(
    () => (wallet.data ? new Map(wallet.data.wallets.map((w) => [w.currency, w.balance])) : undefined),
    [wallet.data],
  );

  const openOrders = useQuery({
    queryKey: spotKeys.openOrders(symbol ?? ''),
    queryFn: ({ signal }) =>
      fetchSpotOrders({ symbol: symbol as string, open: true, page: 1, limit: OPEN_ORDERS_LIMIT }, signal),
    enabled,
    refetchInterval: connection.connected ? false : OPEN_ORDERS_POLL_MS,
  });
  const historyQuery = useQuery({
    queryKey: spotKeys.history(symbol ?? '', historyPage),
    queryFn: ({ signal }) =>
      fetchSpotOrders(
        { symbol: symbol as string, open: false, page: historyPage, limit: HISTORY_PAGE_SIZE },
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });

  useSocketEvent<{ order?: unknown }>(
    REALTIME_EVENTS.orderUpdated,
    (payload) => {
      const parsed = tradeOrder.safeParse(payload?.order);
      if (!parsed.success || parsed.data.product !== 'spot') return;
      refresh();
      const order = parsed.data;
      if (filledLater(order)) {
        message.info(
          i18n.t('user:trade.spot.filledNotice', {
            symbol: order.symbol,
            side: i18n.t(`user:trade.side.${order.side}`),
            status: i18n.t(`user:trade.orderStatus.${order.status}`),
            amount: formatNumber(order.filled_amount, 8, { minDecimals: 0 }),
            base: order.base_currency,
          }),
        );
      }
    },
    signedIn,
  );

  const seen = useRef(connection.generation);
  useEffect(() => {
    if (connection.generation > 1 && connection.generation !== seen.current) {
      void queryClient.invalidateQueries({ queryKey: SPOT_ORDERS_ROOT });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
    }
    seen.current = connection.generation;
  }, [connection.generation, queryClient]);

  const placing = useIdempotentMutation({
    // The client_order_id comes from the action's key: a double tap or a retry is one order.
    mutationFn: async (body: Omit<SpotOrderBody, 'client_order_id'>, idempotencyKey) => {
      const reply = await placeSpotOrder(
        { ...body, client_order_id: clientOrderIdFor(idempotencyKey) },
        idempotencyKey,
      );
      return { order: reply.data.order, message: reply.message };
    },
    requiresConnection: true,
    onSettled: refresh,
  });
  const cancelling = useIdempotentMutation({
    mutationFn: (orderId: number, idempotencyKey) => cancelSpotOrder(orderId, idempotencyKey),
    requiresConnection: true,
    onSuccess: (reply) => message.success(reply.message || i18n.t('user:trade.spot.cancelled')),
    onError: (error) => message.error(errorMessage(error, i18n.t('user:trade.spot.cancelFailed'))),
    onSettled: refresh,
  });

  return {
    balances: signedIn ? balances : undefined,
    wallet,
    openOrders,
    history: historyQuery,
    historyPage,
    setHistoryPage: (page: number) => setHistory({ symbol, page }),
    place: placing,
    cancel: cancelling,
  };
}
