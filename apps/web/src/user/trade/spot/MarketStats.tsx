import type { Ticker, TradingPair } from '@platform/contracts';
import { formatCompact, formatNumber } from '@platform/domain';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** 24h high, low and volume (base and quote) of the pair. */
export function MarketStats({ ticker, pair }: { ticker: Ticker | undefined; pair: TradingPair }) {
  const { t } = useTranslation('user');
  const items = [
    {
      label: t('trade.spot.high'),
      value: ticker ? formatNumber(ticker.high_24h, pair.price_precision) : '--',
    },
    { label: t('trade.spot.low'), value: ticker ? formatNumber(ticker.low_24h, pair.price_precision) : '--' },
    {
      label: t('trade.spot.volume', { currency: pair.base_currency }),
      value: ticker ? formatCompact(ticker.volume_24h) : '--',
    },
    {
      label: t('trade.spot.turnover', { currency: pair.quote_currency }),
      value: ticker ? formatCompact(ticker.quote_volume_24h) : '--',
    },
  ];
  return (
    <div
      style={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 8 }}
      data-testid="spot-stats"
    >
      {items.map((item) => (
        <Flex vertical key={item.label} style={{ minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 11 }} ellipsis>
            {item.label}
          </Typography.Text>
          <Typography.Text style={{ fontSize: 13, fontVariantNumeric: 'tabular-nums' }} ellipsis>
            {item.value}
          </Typography.Text>
        </Flex>
      ))}
    </div>
  );
}
