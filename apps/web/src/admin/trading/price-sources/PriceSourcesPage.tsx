import { LineChartOutlined } from '@ant-design/icons';
import { PRICE_SOURCE_EVENT, type PriceSourcesOverview } from '@platform/contracts';
import { Decimal, formatDateTime, formatNumber } from '@platform/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
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

export const PRICE_SOURCES_LOAD_FAILED = '获取价格源状态失败';

/** 规则: how the index is made from the venues, as the server applies it. */
function RulesCard({ data }: { data: PriceSourcesOverview }) {
  const { rules } = data;
  const maxAge = `${formatNumber(new Decimal(rules.max_age_ms).div(1000), 3, { minDecimals: 0 })} 秒`;
  const maxDeviation = fractionPercent(rules.max_deviation);
  return (
    <Card title="规则" size="small" data-testid="price-source-rules">
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            {
              key: 'sources',
              label: '价格源',
              children: <PriceSourceTags sources={data.sources} simulated={data.simulated} />,
            },
            {
              key: 'maxAge',
              label: '数据最长时效',
              children: <span data-testid="price-rule-max-age">{maxAge}</span>,
            },
            {
              key: 'maxDeviation',
              label: '最大偏离',
              children: <span data-testid="price-rule-max-deviation">±{maxDeviation}</span>,
            },
            {
              key: 'minSources',
              label: '最少计入来源',
              children: <span data-testid="price-rule-min-sources">{rules.min_sources} 个</span>,
            },
          ]}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          指数价格 = 计入来源价格的中位数。数据超过 {maxAge}未更新、获取失败、或偏离新鲜来源中位数超过{' '}
          {maxDeviation}
          的来源被剔除；计入来源少于 {rules.min_sources} 个时没有指数价格，新的合约暂停。检查于{' '}
          {formatDateTime(data.checked_at)}。
        </Typography.Text>
      </Flex>
    </Card>
  );
}

type Shown = 'all' | 'attention';

function PriceSourcesView({ data }: { data: PriceSourcesOverview }) {
  const [shown, setShown] = useState<Shown>('all');
  const pairs = pairsOf(data);
  const attention = pairs.filter(pairNeedsAttention);
  const listed = shown === 'all' ? pairs : attention;
  return (
    <>
      <PriceSourceAlerts data={data} />
      <RulesCard data={data} />
      <Card
        title="各交易对价格源"
        size="small"
        extra={
          <Segmented<Shown>
            size="small"
            value={shown}
            onChange={setShown}
            options={[
              { value: 'all', label: `全部（${pairs.length}）` },
              { value: 'attention', label: `需关注（${attention.length}）` },
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
              description={shown === 'all' ? '暂无价格源数据' : '所有交易对的价格源均正常'}
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
  const client = useQueryClient();
  useSocketEvent(PRICE_SOURCE_EVENT, () => void client.invalidateQueries({ queryKey: PRICE_SOURCES_KEY }));
  return (
    <OverviewFrame
      title="价格源"
      testId="price-sources"
      queryKey={PRICE_SOURCES_KEY}
      fetch={fetchPriceSources}
      refreshMs={PRICE_SOURCES_REFRESH_MS}
      loadFailed={PRICE_SOURCES_LOAD_FAILED}
      link={{
        to: '/admin/trading/market-data',
        label: '行情数据',
        icon: <LineChartOutlined />,
        testId: 'price-sources-go-market-data',
      }}
    >
      {(data) => <PriceSourcesView data={data} />}
    </OverviewFrame>
  );
}
