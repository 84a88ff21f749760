import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisconnected } from '../../lib/connectivity.ts';
import type { LiveTickers } from '../../lib/market/useLiveTickers.ts';

/**
 * Whether the prices arrive over the socket (实时) or by polling every few seconds; 已断开 while the
 * app is cut off (the prices shown are the last ones received).
 */
export function LiveBadge({ transport }: { transport: LiveTickers['transport'] }) {
  const stale = useDisconnected();
  const { t } = useTranslation('user');
  return (
    <span
      data-testid="live-badge"
      data-transport={stale ? 'stale' : transport}
      style={{ fontSize: 12, whiteSpace: 'nowrap' }}
    >
      {stale ? (
        <Badge status="error" text={t('markets.live.stale')} />
      ) : transport === 'live' ? (
        <Badge status="processing" color="#16a34a" text={t('markets.live.live')} />
      ) : (
        <Badge status="default" text={t('markets.live.polling')} />
      )}
    </span>
  );
}
