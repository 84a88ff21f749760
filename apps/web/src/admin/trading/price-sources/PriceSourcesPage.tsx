import { LineChartOutlined } from '@ant-design/icons';
import { PRICE_SOURCE_EVENT, type PriceSourcesOverview } from '@platform/contracts';
import { Decimal, formatDateTime, formatNumber } from '@platform/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OverviewFrame } from '../../../components/OverviewFrame.tsx';
import { useSocketEvent } from '../../../lib/socket.ts';
import { PriceSourceAlerts } from './PriceSourceAlerts.tsx';
import { PriceSourceTable, PriceSourceTags } from './PriceSourceTable.tsx';
import {
  fetchPriceSources,
  fractionPercent,
  PRICE_SOURCES_KEY,
  PRICE_SOURCES_REFRESH_MS,
  pairNeedsAttention,
  pairsOf,
} from './priceSourcesApi.ts';

/** 规则: how the index is made from the venues, as the server applies it. */
function RulesCard({ data }: { data: PriceSourcesOverview }) {
  const { t } = useTranslation('admin');
  const { rules } = data;
  const maxAge = t('marketData.priceSources.seconds', {
    n: formatNumber(new Decimal(rules.max_age_ms).div(1000), 3, { minDecimals: 0 }),
  });
  const maxDeviation = fractionPercent(rules.max_deviation);
  return (
    <Card title={t('marketData.priceSources.rules')} size="small" data-testid="price-source-rules">
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            {
              key: 'sources',
              label: t('marketData.priceSources.sources'),
              children: <PriceSourceTags sources={data.sources} simulated={data.simulated} />,
            },
            {
              key: 'maxAge',
              label: t('marketData.priceSources.maxAge'),
              children: <span data-testid="price-rule-max-age">{maxAge}</span>,
            },
            {
              key: 'maxDeviation',
              label: t('marketData.priceSources.maxDeviation'),
              children: <span data-testid="price-rule-max-deviation">±{maxDeviation}</span>,
            },
            {
              key: 'minSources',
              label: t('marketData.priceSources.minSources'),
              children: (
                <span data-testid="price-rule-min-sources">
                  {t('marketData.priceSources.minSourcesValue', { n: rules.min_sources })}
                </span>
              ),
            },
          ]}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('marketData.priceSources.explanation', {
            maxAge,
            maxDeviation,
            min: rules.min_sources,
            checkedAt: formatDateTime(data.checked_at),
          })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

type Shown = 'all' | 'attention';

function PriceSourcesView({ data }: { data: PriceSourcesOverview }) {
  const { t } = useTranslation('admin');
  const [shown, setShown] = useState<Shown>('all');
  const pairs = pairsOf(data);
  const attention = pairs.filter(pairNeedsAttention);
  const listed = shown === 'all' ? pairs : attention;
  return (
    <>
      <PriceSourceAlerts data={data} />
      <RulesCard data={data} />
      <Card
        title={t('marketData.priceSources.byPair')}
        size="small"
        extra={
          <Segmented<Shown>
            size="small"
            value={shown}
            onChange={setShown}
            options={[
              { value: 'all', label: t('marketData.priceSources.all', { n: pairs.length }) },
              {
                value: 'attention',
                label: t('marketData.priceSources.attention', { n: attention.length }),
              },
            ]}
            data-testid="price-source-filter"
          />
        }
      >
        <PriceSourceTable
          pairs={listed}
          empty={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(
                shown === 'all' ? 'marketData.priceSources.empty' : 'marketData.priceSources.allGood',
              )}
            />
          }
        />
      </Card>
    </>
  );
}

/**
 * 价格源 (issue 30): the index's rules, each pair's index price and each source's standing in it
 * (status, last price, deviation, latency, last error, minutes left out in 24 h), refreshed every
 * 5 s and at once when the server reports a status change (PRICE_SOURCE_EVENT).
 */
export default function PriceSourcesPage() {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  useSocketEvent(PRICE_SOURCE_EVENT, () => void client.invalidateQueries({ queryKey: PRICE_SOURCES_KEY }));
  return (
    <OverviewFrame
      title={t('marketData.priceSources.title')}
      testId="price-sources"
      queryKey={PRICE_SOURCES_KEY}
      fetch={fetchPriceSources}
      refreshMs={PRICE_SOURCES_REFRESH_MS}
      loadFailed={t('marketData.priceSources.loadFailed')}
      link={{
        to: '/admin/trading/market-data',
        label: t('marketData.priceSources.marketData'),
        icon: <LineChartOutlined />,
        testId: 'price-sources-go-market-data',
      }}
    >
      {(data) => <PriceSourcesView data={data} />}
    </OverviewFrame>
  );
}
