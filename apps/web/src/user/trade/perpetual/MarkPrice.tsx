import { formatDateTime, formatPairPrice } from '@platform/domain';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMarkPrice } from './perpetualApi.ts';

/** A mark older than this is shown greyed: the job decides nothing on a price over 3 s old. */
const MARK_STALE_MS = 5_000;

/**
 * 标记价格 under the header's last price: the latest reference price the server recorded, which open
 * positions are marked to and which liquidations, take-profits and stop-losses are decided on. The
 * last price beside it is the live ticker and may be a moment newer.
 */
export function MarkPrice({
  symbol,
  pricePrecision,
  enabled,
}: {
  symbol: string | undefined;
  pricePrecision: number | undefined;
  enabled: boolean;
}) {
  const { t } = useTranslation('user');
  const mark = useMarkPrice(symbol, enabled);
  if (!enabled || !symbol) return null;
  const data = mark.data?.symbol === symbol ? mark.data : undefined;
  const stale = !data?.at || Date.now() - Date.parse(data.at) > MARK_STALE_MS;
  const text = data?.price ? formatPairPrice(data.price, pricePrecision) : '--';
  return (
    <Tooltip
      title={
        data?.at
          ? t('perpetual.mark.tooltipAt', { time: formatDateTime(data.at) })
          : t('perpetual.mark.tooltip')
      }
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="perpetual-mark-price">
        {t('perpetual.mark.label')}{' '}
        <Typography.Text
          type={stale ? 'secondary' : undefined}
          style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}
          data-testid="perpetual-mark-price-value"
          data-stale={stale || undefined}
        >
          {text}
        </Typography.Text>
      </Typography.Text>
    </Tooltip>
  );
}
