import type { TimedContract } from '@platform/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { QuerySection } from '../../team/QuerySection.tsx';
import { ContractList } from './ContractList.tsx';
import { TimedStatsView } from './TimedStatsView.tsx';
import { fetchHistory, fetchStats, type TimedProduct, timedKeys } from './timedApi.ts';

const NAMES: Record<TimedProduct, string> = { flash: '秒合约', option: '期权' };

function History({ product, onSelect }: { product: TimedProduct; onSelect: (c: TimedContract) => void }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: timedKeys.history(product, 'settled', page),
    queryFn: ({ signal }) => fetchHistory(product, { status: 'settled', page }, signal),
    placeholderData: (previous) => previous,
  });
  return (
    <QuerySection query={query} failed={`获取${NAMES[product]}记录失败`}>
      {(data) => (
        <>
          <ContractList contracts={data.contracts} empty="暂无已结算的记录" onSelect={onSelect} />
          <ListFooter
            pagination={data.pagination}
            page={page}
            noun="条记录"
            onChange={setPage}
            testId={`${product}-history`}
          />
        </>
      )}
    </QuerySection>
  );
}

function Stats({ product, currency }: { product: TimedProduct; currency: string }) {
  const query = useQuery({
    queryKey: timedKeys.stats(product),
    queryFn: ({ signal }) => fetchStats(product, signal),
  });
  return (
    <QuerySection query={query} failed={`获取${NAMES[product]}统计失败`}>
      {(stats) => <TimedStatsView stats={stats} currency={currency} />}
    </QuerySection>
  );
}

export interface TimedTabsProps {
  product: TimedProduct;
  open: UseQueryResult<TimedContract[]>;
  currency: string;
  onSelect: (contract: TimedContract) => void;
}

/** 进行中 / 历史记录 / 统计 of the signed-in user's contracts of one product. */
export function TimedTabs({ product, open, currency, onSelect }: TimedTabsProps) {
  const openCount = open.data?.length;
  return (
    <Card size="small" styles={{ body: { paddingTop: 0 } }} data-testid={`${product}-tabs`}>
      <Tabs
        items={[
          {
            key: 'open',
            label: openCount ? `进行中 (${openCount})` : '进行中',
            children: (
              <QuerySection query={open} failed={`获取进行中的${NAMES[product]}失败`}>
                {(contracts) => (
                  <ContractList contracts={contracts} empty="暂无进行中的合约" onSelect={onSelect} />
                )}
              </QuerySection>
            ),
          },
          { key: 'history', label: '历史记录', children: <History product={product} onSelect={onSelect} /> },
          { key: 'stats', label: '统计', children: <Stats product={product} currency={currency} /> },
        ]}
      />
    </Card>
  );
}
