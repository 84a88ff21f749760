import {
  DEFAULT_PAGE_SIZE,
  type EndpointData,
  type FlashOrderBody,
  getFlashConfig,
  getFlashStats,
  getOptionConfigForUser,
  getOptionStats,
  listActiveOptions,
  listFlashHistory,
  listOptionHistory,
  MAX_PAGE_SIZE,
  type OptionOrderBody,
  placeFlashOrder,
  placeOptionOrder,
  type TimedContract,
} from '@platform/contracts';
import { call } from '../../../lib/request.ts';
import { sampled } from './serverClock.ts';

/** The calls of the two timed products (flash contracts and options), which settle the same way. */

export type TimedProduct = 'flash' | 'option';
export type TimedStatus = 'open' | 'settled';

export type HistoryPage = EndpointData<typeof listFlashHistory>;
export type PlacedContract = EndpointData<typeof placeFlashOrder>;

/** The two products' calls of the same shape (the option's history and stats answer as the flash's do). */
const HISTORY = { flash: listFlashHistory, option: listOptionHistory } as const;
const STATS = { flash: getFlashStats, option: getOptionStats } as const;

/** Everything of one product lives under its root, so that one settlement refreshes all of it. */
export const timedKeys = {
  root: (product: TimedProduct) => ['timed', product] as const,
  config: (product: TimedProduct) => ['timed', product, 'config'] as const,
  open: (product: TimedProduct) => ['timed', product, 'open'] as const,
  history: (product: TimedProduct, status: TimedStatus | 'all', page: number) =>
    ['timed', product, 'history', status, page] as const,
  stats: (product: TimedProduct) => ['timed', product, 'stats'] as const,
};

const data = <T>(reply: Promise<{ data: T }>) => reply.then((r) => r.data);

export const fetchFlashConfig = (signal?: AbortSignal) => data(call(getFlashConfig, { signal }));

/** The option config as the caller may use it now; its server_time sets the countdowns' clock. */
export const fetchOptionConfig = (signal?: AbortSignal) =>
  sampled(
    () => data(call(getOptionConfigForUser, { signal })),
    (config) => config.server_time,
  );

export const fetchHistory = (
  product: TimedProduct,
  query: { status?: TimedStatus; page: number; limit?: number },
  signal?: AbortSignal,
) =>
  data(
    call(HISTORY[product], {
      query: { status: query.status, page: query.page, limit: query.limit ?? DEFAULT_PAGE_SIZE },
      signal,
    }),
  );

/** The caller's open contracts, soonest expiry first (options: /active; flash: the open history). */
export async function fetchOpen(product: TimedProduct, signal?: AbortSignal): Promise<TimedContract[]> {
  if (product === 'option') {
    const reply = await data(call(listActiveOptions, { signal }));
    return reply.contracts;
  }
  const page = await fetchHistory(product, { status: 'open', page: 1, limit: MAX_PAGE_SIZE }, signal);
  return [...page.contracts].sort((a, b) => Date.parse(a.expires_at) - Date.parse(b.expires_at));
}

export const fetchStats = (product: TimedProduct, signal?: AbortSignal) =>
  data(call(STATS[product], { signal }));

/** Places a contract; the reply's opened_at is the server's clock at placement. */
export const placeFlash = (body: FlashOrderBody, idempotencyKey: string) =>
  sampled(
    () => data(call(placeFlashOrder, { body, idempotencyKey })),
    (r) => r.contract.opened_at,
  );

export const placeOption = (body: OptionOrderBody, idempotencyKey: string) =>
  sampled(
    () => data(call(placeOptionOrder, { body, idempotencyKey })),
    (r) => r.contract.opened_at,
  );
