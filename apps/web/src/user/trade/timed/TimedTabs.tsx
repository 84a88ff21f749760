import type { TimedContract } from '@platform/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { QuerySection } from '../../team/QuerySection.tsx';
import { ContractList } from './ContractList.tsx';
import { TimedStatsView } from './TimedStatsView.tsx';
import { fetchHistory, fetchStats, type TimedProduct, timedKeys } from './timedApi.ts';

function History({ product, onSelect }: { product: TimedProduct; onSelect: (c: TimedContract) => void }) {
  const { t } = useTranslation('user');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: timedKeys.history(product, 'settled', page),
    queryFn: ({ signal }) => fetchHistory(product, { status: 'settled', page }, signal),
    placeholderData: (previous) => previous,
  });
  return (
    <QuerySection
      query={query}
      failed={t('trade.timed.historyFailed', { product: t(`trade.product.${product}`) })}
    >
      {(data) => (
        <>
          <ContractList contracts={data.contracts} empty={t('trade.timed.noSettled')} onSelect={onSelect} />
          <ListFooter
            pagination={data.pagination}
            page={page}
            noun={t('trade.timed.recordsNoun')}
            onChange={setPage}
            testId={`${product}-history`}
          />
        </>
      )}
    </QuerySection>
  );
}

function Stats({ product, currency }: { product: TimedProduct; currency: string }) {
  const { t } = useTranslation('user');
  const query = useQuery({
    queryKey: timedKeys.stats(product),
    queryFn: ({ signal }) => fetchStats(product, signal),
  });
  return (
    <QuerySection
      query={query}
      failed={t('trade.timed.statsFailed', { product: t(`trade.product.${product}`) })}
    >
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
  const { t } = useTranslation('user');
  const openCount = open.data?.length;
  return (
    <Card size="small" styles={{ body: { paddingTop: 0 } }} data-testid={`${product}-tabs`}>
      <Tabs
        items={[
          {
            key: 'open',
            label: openCount ? t('trade.timed.openTabCount', { n: openCount }) : t('trade.timed.openTab'),
            children: (
              <QuerySection
                query={open}
                failed={t('trade.timed.openFailed', { product: t(`trade.product.${product}`) })}
              >
                {(contracts) => (
                  <ContractList contracts={contracts} empty={t('trade.timed.noOpen')} onSelect={onSelect} />
                )}
              </QuerySection>
            ),
          },
          {
            key: 'history',
            label: t('trade.timed.historyTab'),
            children: <History product={product} onSelect={onSelect} />,
          },
          {
            key: 'stats',
            label: t('trade.timed.statsTab'),
            children: <Stats product={product} currency={currency} />,
          },
        ]}
      />
    </Card>
  );
}
