import { TRADING_TEXTS } from '@platform/contracts';
import { notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { findOrder, listOwnOrders, type OwnOrdersFilter } from './orders.repository.ts';
import { toTradeOrder } from './orders.view.ts';
import { findContract } from './timed/timed.repository.ts';
import { toTimedContract } from './timed/timed.service.ts';

/** A page of the user's orders of every product, newest first, with the count of all that match. */
export async function ownOrdersPage(exec: Executor, userId: number, filter: OwnOrdersFilter) {
  const { rows, total } = await listOwnOrders(exec, userId, filter);
  return { orders: rows.map(toTradeOrder), total };
}

/**
 * One of the user's orders with its flash or option contract (what a statement row links to).
 * Another user's order is a 404, as if it did not exist.
 */
export async function ownOrderWithContract(exec: Executor, userId: number, orderId: number) {
  const order = await findOrder(exec, orderId);
  if (!order || order.userId !== userId) throw notFound(TRADING_TEXTS.orderNotFound);
  const timed = order.product === 'flash' || order.product === 'option';
  const contract = timed ? await findContract(exec, order.id) : null;
  return { order: toTradeOrder(order), contract: contract ? toTimedContract(contract) : null };
}
