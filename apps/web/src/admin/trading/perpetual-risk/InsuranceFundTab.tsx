import type { InsuranceFundEntry } from '@platform/contracts';
import { formatDateTime, formatNumber } from '@platform/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { unloadedView } from '../../../components/LoadErrorView.tsx';
import { profitColour, signedAmount } from '../overview/OverviewCards.tsx';
import { fetchInsuranceFund, insuranceFundKey } from './riskApi.ts';

/**
 * 保险基金 (issue 34, docs/insurance-fund.md): the fund's balance and the liquidations that fed it
 * (the equity left at the mark) or drew on it (a gap past the bankruptcy price), newest first.
 */
export function InsuranceFundTab() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: insuranceFundKey(page),
    queryFn: ({ signal }) => fetchInsuranceFund(page, signal),
    placeholderData: keepPreviousData,
  });
  if (!query.data) return unloadedView(query, t('trading.insurance.loadFailed'));
  const data = query.data;
  return (
    <Flex vertical gap={16} data-testid="insurance-fund-tab">
      <Card size="small" style={{ maxWidth: 360 }}>
        <Statistic
          title={t('trading.insurance.balance')}
          value={formatNumber(data.balance, 2)}
          suffix={data.currency}
          valueRender={(node) => <span data-testid="insurance-fund-balance">{node}</span>}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('trading.insurance.note')}
        </Typography.Text>
      </Card>
      <Table<InsuranceFundEntry>
        rowKey="position_id"
        size="small"
        loading={query.isFetching}
        dataSource={data.history}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('trading.insurance.empty') }}
        columns={[
          {
            title: t('trading.insurance.columns.at'),
            dataIndex: 'at',
            render: (v: string) => formatDateTime(v),
            width: 170,
          },
          {
            title: t('trading.insurance.columns.position'),
            dataIndex: 'position_id',
            render: (v: number) => `#${v}`,
          },
          {
            title: t('trading.insurance.columns.user'),
            dataIndex: 'user_email',
            render: (v: string) => <Link to={`/admin/users?search=${encodeURIComponent(v)}`}>{v}</Link>,
          },
          { title: t('trading.insurance.columns.symbol'), dataIndex: 'symbol' },
          {
            title: t('trading.insurance.columns.side'),
            dataIndex: 'side',
            render: (v: string) => (
              <Tag color={v === 'long' ? 'green' : 'red'}>
                {t(v === 'long' ? 'trading.side.long' : 'trading.side.short')}
              </Tag>
            ),
          },
          {
            title: t('trading.insurance.columns.kind'),
            dataIndex: 'amount',
            key: 'kind',
            render: (v: string) =>
              t(v.startsWith('-') ? 'trading.insurance.shortfall' : 'trading.insurance.surplus'),
          },
          {
            title: t('trading.insurance.columns.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (v: string) => <span style={{ color: profitColour(v) }}>{signedAmount(v)}</span>,
          },
          {
            title: t('trading.insurance.columns.closePrice'),
            dataIndex: 'close_price',
            align: 'right',
            render: (v: string | null) => (v ? formatNumber(v, 2) : '-'),
          },
        ]}
      />
      <ListFooter
        pagination={data.pagination}
        page={data.pagination.page}
        noun={t('trading.insurance.noun')}
        onChange={setPage}
        testId="insurance-fund"
      />
    </Flex>
  );
}
