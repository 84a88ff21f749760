import { DASHBOARD_REFRESH_MS, PRICE_SOURCE_EVENT } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSocketEvent } from '../../lib/socket.ts';
import { PriceSourceAlerts } from '../trading/price-sources/PriceSourceAlerts.tsx';
import { fetchPriceSources, PRICE_SOURCES_KEY } from '../trading/price-sources/priceSourcesApi.ts';

/**
 * The dashboard's price warnings (issue 30): 模拟行情 while a venue is the simulator, and each alert
 * of the price-source overview, linked to 价格源. Refreshed with the dashboard and at once when a
 * source's status changes. Nothing is shown while the call fails: the dashboard's own error covers a
 * server that cannot be reached.
 */
export function PriceSourceBanner() {
  const { data, refetch } = useQuery({
    queryKey: PRICE_SOURCES_KEY,
    queryFn: ({ signal }) => fetchPriceSources(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  useSocketEvent(PRICE_SOURCE_EVENT, () => void refetch());
  return data ? <PriceSourceAlerts data={data} linked /> : null;
}
