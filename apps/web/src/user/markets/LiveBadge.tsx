import { Badge } from 'antd';
import type { LiveTickers } from '../../lib/market/useLiveTickers.ts';

/** Whether the prices arrive over the socket (实时) or by polling every few seconds. */
export function LiveBadge({ transport }: { transport: LiveTickers['transport'] }) {
  return (
    <span data-testid="live-badge" data-transport={transport} style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      {transport === 'live' ? (
        <Badge status="processing" color="#16a34a" text="实时" />
      ) : (
        <Badge status="default" text="定时刷新" />
      )}
    </span>
  );
}
