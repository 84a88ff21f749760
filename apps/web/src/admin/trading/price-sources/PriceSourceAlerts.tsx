import { PRICE_INDEX_TEXTS, type PriceSourcesOverview, priceSourceLabel } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Alert, Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { PRICE_SOURCES_PATH } from './priceSourcesApi.ts';

type PriceSourceAlert = PriceSourcesOverview['alerts'][number];

/** Alerts listed one by one; past this many the rest are one line (a venue down is one alert per pair). */
export const PRICE_ALERTS_SHOWN = 5;

const KIND_TITLES: Record<PriceSourceAlert['kind'], string> = {
  source_excluded: '价格源被剔除',
  no_index: PRICE_INDEX_TEXTS.noIndex,
};

const alertTitle = (alert: PriceSourceAlert) =>
  `${KIND_TITLES[alert.kind]}：${alert.symbol}${alert.source ? ` · ${priceSourceLabel(alert.source)}` : ''}`;

const alertDescription = (alert: PriceSourceAlert) =>
  alert.since ? `${alert.message}（自 ${formatDateTime(alert.since)} 起）` : alert.message;

/**
 * What the price-source overview warns about: a warning while a venue is the simulator, and an error
 * for each of its alerts (a source left out for more than PRICE_SOURCE_ALERT_MINUTES, a pair without
 * an index). With `linked` (the dashboard) each error opens the 价格源 screen.
 */
export function PriceSourceAlerts({
  data,
  linked = false,
}: {
  data: PriceSourcesOverview;
  linked?: boolean;
}) {
  const navigate = useNavigate();
  if (!data.simulated && data.alerts.length === 0) return null;
  const action = (testId: string) =>
    linked ? (
      <Button size="small" onClick={() => navigate(PRICE_SOURCES_PATH)} data-testid={testId}>
        查看价格源
      </Button>
    ) : undefined;
  const shown = data.alerts.slice(0, PRICE_ALERTS_SHOWN);
  const more = data.alerts.length - shown.length;
  return (
    <Flex vertical gap={8} data-testid="price-source-alerts">
      {data.simulated && (
        <Alert
          type="warning"
          showIcon
          title={PRICE_INDEX_TEXTS.simulatedAdminWarning}
          data-testid="price-simulated-warning"
        />
      )}
      {shown.map((alert) => (
        <Alert
          key={`${alert.kind}:${alert.symbol}:${alert.source ?? ''}`}
          type="error"
          showIcon
          title={alertTitle(alert)}
          description={alertDescription(alert)}
          action={action(`price-alert-${alert.symbol}-${alert.source ?? 'index'}-go`)}
          data-testid={`price-alert-${alert.symbol}-${alert.source ?? 'index'}`}
        />
      ))}
      {more > 0 && (
        <Alert
          type="error"
          showIcon
          title={`另有 ${more} 项价格源告警`}
          action={action('price-alert-more-go')}
          data-testid="price-alert-more"
        />
      )}
    </Flex>
  );
}
