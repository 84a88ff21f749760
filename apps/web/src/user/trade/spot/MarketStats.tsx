import type { Ticker, TradingPair } from '@platform/contracts';
import { formatCompact, formatNumber } from '@platform/domain';
import { Flex, Typography } from 'antd';

/** 24h high, low and volume (base and quote) of the pair. */
export function MarketStats({ ticker, pair }: { ticker: Ticker | undefined; pair: TradingPair }) {
  const items = [
    { label: '24h最高', value: ticker ? formatNumber(ticker.high_24h, pair.price_precision) : '--' },
    { label: '24h最低', value: ticker ? formatNumber(ticker.low_24h, pair.price_precision) : '--' },
    { label: `24h量(${pair.base_currency})`, value: ticker ? formatCompact(ticker.volume_24h) : '--' },
    { label: `24h额(${pair.quote_currency})`, value: ticker ? formatCompact(ticker.quote_volume_24h) : '--' },
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
