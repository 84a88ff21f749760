import type { PriceSourcesOverview } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Alert, Button, Flex } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sourceName } from './PriceSourceTable.tsx';
import { PRICE_SOURCES_PATH } from './priceSourcesApi.ts';

type PriceSourceAlert = PriceSourcesOverview['alerts'][number];

/** Alerts listed one by one; past this many the rest are one line (a venue down is one alert per pair). */
export const PRICE_ALERTS_SHOWN = 5;

const KIND_TITLES = {
  source_excluded: 'marketData.priceSources.sourceExcluded',
  no_index: 'marketData.priceSources.noIndex',
} as const satisfies Record<PriceSourceAlert['kind'], string>;

const alertTitle = (alert: PriceSourceAlert, t: TFunction<'admin'>) =>
  t('marketData.priceSources.alertTitle', { kind: t(KIND_TITLES[alert.kind]), symbol: alert.symbol }) +
  (alert.source ? t('marketData.priceSources.alertSource', { source: sourceName(alert.source, t) }) : '');

/** The server's message, and since when. */
const alertDescription = (alert: PriceSourceAlert, t: TFunction<'admin'>) =>
  alert.since
    ? t('marketData.priceSources.alertSince', { message: alert.message, since: formatDateTime(alert.since) })
    : alert.message;

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
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  if (!data.simulated && data.alerts.length === 0) return null;
  const action = (testId: string) =>
    linked ? (
      <Button size="small" onClick={() => navigate(PRICE_SOURCES_PATH)} data-testid={testId}>
        {t('marketData.priceSources.view')}
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
          title={t('marketData.priceSources.simulatedWarning')}
          data-testid="price-simulated-warning"
        />
      )}
      {shown.map((alert) => (
        <Alert
          key={`${alert.kind}:${alert.symbol}:${alert.source ?? ''}`}
          type="error"
          showIcon
          title={alertTitle(alert, t)}
          description={alertDescription(alert, t)}
          action={action(`price-alert-${alert.symbol}-${alert.source ?? 'index'}-go`)}
          data-testid={`price-alert-${alert.symbol}-${alert.source ?? 'index'}`}
        />
      ))}
      {more > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('marketData.priceSources.more', { n: more })}
          action={action('price-alert-more-go')}
          data-testid="price-alert-more"
        />
      )}
    </Flex>
  );
}
