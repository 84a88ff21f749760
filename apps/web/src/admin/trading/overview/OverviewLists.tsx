import { isBullishSide, type TradingStats, tradeProducts } from '@platform/contracts';
import {
  formatCount,
  formatCrypto,
  formatDateTime,
  formatNumber,
  formatUSDT,
  PROCESSING_TIME_UNDER_ONE_SECOND,
  successRate,
} from '@platform/domain';
import { Card, Empty, Flex, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeText, FALL_COLOUR, RISE_COLOUR } from '../pairs/PairsTable.tsx';

const rowStyle = (index: number) => ({
  padding: '8px 0',
  borderTop: index ? '1px solid #f0f0f0' : undefined,
});

/** 热门交易对: the five pairs with the largest turnover over the last 24 hours. */
export function TopPairs({ data }: { data: TradingStats }) {
  const { t } = useTranslation('admin');
  return (
    <Card
      title={t('marketData.overview.topPairs')}
      size="small"
      style={{ height: '100%' }}
      data-testid="trading-top-pairs"
    >
      {data.topTradingPairs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('marketData.overview.noTradingData')} />
      ) : (
        <Flex vertical>
          {data.topTradingPairs.map((pair, index) => (
            <Flex
              key={pair.symbol}
              align="center"
              gap={12}
              style={rowStyle(index)}
              data-testid={`trading-top-pair-${pair.symbol}`}
            >
              <Typography.Text type="secondary" style={{ width: 20, textAlign: 'center' }}>
                {index + 1}
              </Typography.Text>
              <Flex vertical flex={1} style={{ minWidth: 0 }}>
                <Typography.Text strong>{pair.symbol}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('marketData.overview.trades', { count: pair.volume, n: formatCount(pair.volume) })}
                </Typography.Text>
              </Flex>
              <Flex vertical align="flex-end">
                <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatUSDT(pair.amount)}
                </Typography.Text>
                <ChangeText value={pair.change} />
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}

/** 最近交易: the eight newest orders; the dot is green for a bullish side (buy, up, long, call), red otherwise. */
export function RecentTrades({ data }: { data: TradingStats }) {
  const { t } = useTranslation('admin');
  return (
    <Card
      title={t('marketData.overview.recentTrades')}
      size="small"
      style={{ height: '100%' }}
      data-testid="trading-recent-trades"
    >
      {data.recentTrades.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('marketData.overview.noTrades')} />
      ) : (
        <Flex vertical>
          {data.recentTrades.map((trade, index) => {
            const bullish = isBullishSide(trade.side);
            const colour = bullish ? RISE_COLOUR : FALL_COLOUR;
            const side = t(`trading.side.${trade.side}`);
            return (
              <Flex
                key={trade.id}
                align="center"
                gap={12}
                style={rowStyle(index)}
                data-testid="trading-recent-trade"
                data-side={trade.side}
              >
                <span
                  role="img"
                  aria-label={side}
                  data-testid="trading-recent-trade-dot"
                  style={{
                    width: 8,
                    height: 8,
                    borderRadius: '50%',
                    background: colour,
                    flex: 'none',
                  }}
                />
                <Flex vertical flex={1} style={{ minWidth: 0 }}>
                  <Flex align="center" gap={8} wrap>
                    <Typography.Text strong>{trade.symbol}</Typography.Text>
                    <Tag style={{ marginInlineEnd: 0 }}>{t(`trading.product.${trade.type}`)}</Tag>
                    <Typography.Text style={{ color: colour }}>{side}</Typography.Text>
                  </Flex>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(trade.created_at)}
                  </Typography.Text>
                </Flex>
                <Flex vertical align="flex-end">
                  <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCrypto(trade.amount, trade.currency)}
                  </Typography.Text>
                  <Typography.Text
                    type="secondary"
                    style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {trade.price === null
                      ? t('trading.marketPrice')
                      : `@ ${formatNumber(trade.price, 4, { minDecimals: 2 })} ${trade.price_currency}`}
                  </Typography.Text>
                </Flex>
              </Flex>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}

const PRODUCT_COLOURS = {
  spot: '#1677ff',
  flash: '#fa8c16',
  perpetual: '#722ed1',
  option: '#13c2c2',
} as const;

/** 订单统计: orders per product, the success rate (packages/domain) and the average processing time. */
export function OrderStatsBlock({ data }: { data: TradingStats }) {
  const { t } = useTranslation('admin');
  const total = tradeProducts.reduce((sum, product) => sum + (data.orderStats[product] ?? 0), 0);
  return (
    <Card
      title={t('marketData.overview.orderStats')}
      size="small"
      style={{ height: '100%' }}
      data-testid="trading-order-stats"
    >
      <Flex vertical gap={12}>
        <Flex vertical gap={4}>
          {tradeProducts.map((product) => {
            const count = data.orderStats[product] ?? 0;
            return (
              <Flex key={product} align="center" gap={12} data-testid={`trading-order-stat-${product}`}>
                <Typography.Text style={{ minWidth: 64 }}>{t(`trading.product.${product}`)}</Typography.Text>
                <Progress
                  percent={total === 0 ? 0 : Math.min(100, Math.round((count / total) * 1000) / 10)}
                  showInfo={false}
                  strokeColor={PRODUCT_COLOURS[product]}
                  size="small"
                  style={{ flex: 1, margin: 0 }}
                />
                <Typography.Text
                  style={{ width: 64, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatCount(count)}
                </Typography.Text>
              </Flex>
            );
          })}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('marketData.overview.totalOrders', { count: total, n: formatCount(total) })}
          </Typography.Text>
        </Flex>
        <Flex
          justify="space-between"
          wrap
          gap={12}
          style={{ borderTop: '1px solid #f0f0f0', paddingTop: 12 }}
        >
          <Flex vertical>
            <Typography.Text type="secondary">{t('marketData.overview.successRate')}</Typography.Text>
            <Typography.Text strong style={{ fontSize: 20 }} data-testid="trading-success-rate">
              {successRate(data.completedOrders, data.activeOrders)}%
            </Typography.Text>
          </Flex>
          <Flex vertical>
            <Typography.Text type="secondary">{t('marketData.overview.processingTime')}</Typography.Text>
            <Typography.Text strong style={{ fontSize: 20 }} data-testid="trading-processing-time">
              {t('marketData.overview.seconds', {
                n: data.avgProcessingTime || PROCESSING_TIME_UNDER_ONE_SECOND,
              })}
            </Typography.Text>
          </Flex>
          <Flex vertical>
            <Typography.Text type="secondary">{t('marketData.overview.perpetualPositions')}</Typography.Text>
            <Typography.Text strong style={{ fontSize: 20 }} data-testid="trading-perpetual-positions">
              {formatCount(data.perpetualPositions)}
            </Typography.Text>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
