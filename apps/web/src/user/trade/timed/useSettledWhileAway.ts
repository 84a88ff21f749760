import { getMyOrder, type NotificationType, type TimedContract } from '@platform/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { i18n } from '../../../i18n/index.ts';
import { call } from '../../../lib/request.ts';
import { useSessionSnapshot } from '../../../lib/session.tsx';
import {
  contractIdOf,
  fetchNotifications,
  markNotificationsRead,
  NOTIFICATIONS_QUERY_ROOT,
  notificationKeys,
} from '../../notifications/notificationsApi.ts';
import type { ContractFocus } from './ContractModal.tsx';
import { fetchHistory, type TimedProduct } from './timedApi.ts';

const SETTLEMENT_TYPES: Record<TimedProduct, NotificationType> = {
  flash: 'flash_settlement',
  option: 'option_settlement',
};
/** Unread settlements looked at when the screen opens (the newest is shown, the others counted). */
const LOOKED_AT = 20;

/** One of the caller's contracts by its order id (the settled history as a fallback). */
async function fetchContract(product: TimedProduct, orderId: number): Promise<TimedContract | null> {
  try {
    return (await call(getMyOrder, { params: { id: orderId } })).data.contract;
  } catch {
    const page = await fetchHistory(product, { status: 'settled', page: 1, limit: 100 });
    return page.contracts.find((c) => c.order_id === orderId) ?? null;
  }
}

/**
 * A contract that settled while the user was away (another screen, a reload, the app closed) shows
 * its result window when the screen opens: the product's unread settlement notifications are read
 * once, and the newest one's contract is shown (the others are counted in a message; their results
 * are in 历史记录). A notification's link (`?contract=<order id>`) opens its contract the same way.
 * A result the user has seen, here or live in the window, has its notification marked read, so it
 * is not shown again on the next visit.
 */
export function useSettledWhileAway(product: TimedProduct, focus: ContractFocus) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const signedIn = useSessionSnapshot().token !== null;
  const [params, setParams] = useSearchParams();
  const linked = contractIdOf(`?${params.toString()}`);
  const type = SETTLEMENT_TYPES[product];
  const unread = useQuery({
    queryKey: notificationKeys.unreadOfType(type),
    queryFn: ({ signal }) => fetchNotifications({ type, unread: true, limit: LOOKED_AT }, signal),
    enabled: signedIn,
  });

  // The first answer decides what the visit shows; a link followed later shows its contract.
  const decided = useRef<{ visit: boolean; link: number | null }>({ visit: false, link: null });
  const { show } = focus;
  useEffect(() => {
    if (!unread.data) return;
    const settled = unread.data.notifications;
    let target: number | null = null;
    if (linked !== null && decided.current.link !== linked) target = linked;
    else if (!decided.current.visit) target = contractIdOf(settled[0]?.link ?? null);
    decided.current = { visit: true, link: linked ?? decided.current.link };
    if (target === null) return;
    void fetchContract(product, target).then((contract) => {
      if (!contract) return;
      show(contract);
      const others = linked === null ? settled.length - 1 : 0;
      if (others > 0)
        void message.info(i18n.t('user:trade.timed.settledWhileAway', { count: others, others }));
    });
    if (linked !== null) {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('contract');
          return next;
        },
        { replace: true },
      );
    } else if (settled.length > 1) {
      // Summed up in the message: read with the one shown.
      void markNotificationsRead(settled.slice(1).map((n) => n.id));
    }
  }, [unread.data, linked, product, show, setParams, message]);

  // The result seen (shown on return, or live in the window): its notification is read.
  const shownId = focus.contract?.status === 'settled' ? focus.contract.order_id : null;
  const marked = useRef(new Set<number>());
  useEffect(() => {
    if (shownId === null || marked.current.has(shownId)) return;
    const ids = (unread.data?.notifications ?? [])
      .filter((n) => contractIdOf(n.link) === shownId)
      .map((n) => n.id);
    if (ids.length === 0) return;
    marked.current.add(shownId);
    void markNotificationsRead(ids).then(() =>
      queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_ROOT }),
    );
  }, [shownId, unread.data, queryClient]);
}
