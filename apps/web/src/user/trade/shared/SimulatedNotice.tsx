import { ExperimentOutlined } from '@ant-design/icons';
import { getMarketStatus } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/request.ts';

export const MARKET_STATUS_KEY = ['market', 'status'] as const;
/** Whether prices are simulated changes only with the server's configuration: asked on mount and rarely after. */
export const SIMULATED_POLL_MS = 5 * 60_000;

/** GET /api/huobi/status's `simulated` (public): any of the index's venues is the simulator. */
export function useSimulatedPrices(): boolean {
  const { data } = useQuery({
    queryKey: MARKET_STATUS_KEY,
    queryFn: async ({ signal }) => (await call(getMarketStatus, { signal })).data,
    staleTime: SIMULATED_POLL_MS,
    refetchInterval: SIMULATED_POLL_MS,
  });
  return data?.simulated === true;
}

/**
 * 模拟行情，仅供演示 at the top of every trade screen while the prices are simulated (issue 30: users
 * are told while the simulator runs). In the flow of the page, never over it, so it covers no control
 * on a phone; and it cannot be closed, since it holds for as long as the server simulates.
 */
export function SimulatedNotice() {
  const { t } = useTranslation('user');
  if (!useSimulatedPrices()) return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<ExperimentOutlined />}
      title={t('trade.simulatedNotice')}
      style={{ paddingBlock: 6 }}
      data-testid="simulated-notice"
    />
  );
}
