import { MARKET_EVENTS, type MarketDataJob, type MarketFeedStatus } from '@platform/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../../../lib/socket.ts';
import { newerJob } from './jobs.ts';
import {
  fetchMarketStatus,
  MARKET_LOGS_KEY,
  MARKET_STATUS_KEY,
  type MarketAdminStatus,
} from './marketDataApi.ts';

/** While a job runs the status is polled this often, in case the socket events do not arrive. */
export const JOB_POLL_MS = 2000;
/** Otherwise the feed's counters are refreshed at this pace. */
export const STATUS_POLL_MS = 15_000;

const isFeedStatus = (payload: unknown): payload is MarketFeedStatus =>
  typeof payload === 'object' && payload !== null && 'state' in payload && 'sources' in payload;
const isJob = (payload: unknown): payload is MarketDataJob =>
  typeof payload === 'object' &&
  payload !== null &&
  'id' in payload &&
  'status' in payload &&
  'done' in payload;

/**
 * The market-data status (feed, latest job, stored klines), kept current by the admins' socket
 * events (job progress, feed state) and by polling: every 2 s while a job runs, slowly otherwise.
 */
export function useMarketStatus() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: MARKET_STATUS_KEY,
    queryFn: async ({ signal }) => {
      const fresh = await fetchMarketStatus(signal);
      const known = queryClient.getQueryData<MarketAdminStatus>(MARKET_STATUS_KEY)?.job;
      return { ...fresh, job: newerJob(known, fresh.job) };
    },
    refetchInterval: (current) =>
      current.state.data?.job?.status === 'running' ? JOB_POLL_MS : STATUS_POLL_MS,
  });

  useSocketEvent<unknown>(MARKET_EVENTS.job, (payload) => {
    if (!isJob(payload)) return;
    queryClient.setQueryData<MarketAdminStatus>(MARKET_STATUS_KEY, (old) =>
      old ? { ...old, job: newerJob(old.job, payload) } : old,
    );
    if (payload.status !== 'running') {
      // The stored kline counts and the log changed with the finished job.
      void queryClient.invalidateQueries({ queryKey: MARKET_STATUS_KEY });
      void queryClient.invalidateQueries({ queryKey: MARKET_LOGS_KEY });
    }
  });
  useSocketEvent<unknown>(MARKET_EVENTS.feed, (payload) => {
    void queryClient.invalidateQueries({ queryKey: MARKET_LOGS_KEY });
    if (isFeedStatus(payload)) {
      queryClient.setQueryData<MarketAdminStatus>(MARKET_STATUS_KEY, (old) =>
        old ? { ...old, feed: payload } : old,
      );
    } else {
      void queryClient.invalidateQueries({ queryKey: MARKET_STATUS_KEY });
    }
  });

  return query;
}
