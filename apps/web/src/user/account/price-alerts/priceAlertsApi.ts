import {
  type CreatePriceAlertBody,
  createPriceAlert as createEndpoint,
  deletePriceAlert as deleteEndpoint,
  listPriceAlerts,
  type PriceAlert,
} from '@platform/contracts';
import { call } from '../../../lib/request.ts';

/** 价格提醒's calls (GET/POST/DELETE /api/user/price-alerts): the caller's own alerts. */
export const priceAlertKeys = {
  all: ['price-alerts'] as const,
  of: (symbol?: string) => ['price-alerts', symbol ?? 'all'] as const,
};

export async function fetchPriceAlerts(symbol?: string): Promise<PriceAlert[]> {
  return (await call(listPriceAlerts, { query: symbol ? { symbol } : {} })).data.alerts;
}

export async function createPriceAlert(
  body: CreatePriceAlertBody,
): Promise<{ alert: PriceAlert; message: string }> {
  const reply = await call(createEndpoint, { body });
  return { alert: reply.data.alert, message: reply.message };
}

export async function deletePriceAlert(id: number): Promise<string> {
  return (await call(deleteEndpoint, { params: { id } })).message;
}
