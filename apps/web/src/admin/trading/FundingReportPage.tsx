import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../components/ListFooter.tsx';
import { useListParams } from '../../lib/listParams.ts';
import { AdminListPage } from '../shell/AdminListPage.tsx';
import { FundingReportTable } from './funding/FundingReportTable.tsx';
import { FUNDING_REPORT_PARAMS, fetchFundingReport, fundingReportKey } from './funding/fundingApi.ts';
import { profitColour, signedAmount } from './overview/OverviewCards.tsx';
import { PairFilter } from './pairs/PairFilter.tsx';

/**
 * 资金费用 (issue 34): each funding instant of each perpetual pair, what the positions open at it paid
 * and received at the fixed rate and mark, and the house's funding account over all of them.
 */
export default function FundingReportPage() {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useListParams(FUNDING_REPORT_PARAMS);
  const query = useQuery({
    queryKey: fundingReportKey(filters),
    queryFn: ({ signal }) => fetchFundingReport(filters, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  return (
    <AdminListPage
      title={t('menu.funding')}
      testId="funding-report"
      query={query}
      loadFailed={t('trading.funding.loadFailed')}
      reloadError="warn"
      filters={
        <Space wrap size={16}>
          <PairFilter
            value={filters.symbol}
            onChange={(symbol) => setFilters({ symbol })}
            quote="USDT"
            testId="funding-report-symbol"
          />
          {data && (
            <Typography.Text data-testid="funding-report-balance">
              {t('trading.funding.balance')}{' '}
              <Typography.Text strong style={{ color: profitColour(data.house_funding_balance) }}>
                {signedAmount(data.house_funding_balance)} USDT
              </Typography.Text>
            </Typography.Text>
          )}
        </Space>
      }
      table={
        <FundingReportTable
          rows={data?.rows ?? []}
          loading={query.isFetching}
          emptyText={query.isPending ? t('trading.loading') : t('trading.funding.empty')}
        />
      }
      footer={
        <ListFooter
          pagination={data?.pagination}
          page={data?.pagination.page ?? filters.page}
          noun={t('trading.funding.noun')}
          onChange={(next) => setFilters({ page: next })}
          testId="funding-report"
        />
      }
    />
  );
}
