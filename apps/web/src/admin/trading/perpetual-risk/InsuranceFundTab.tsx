import type { InsuranceFundEntry } from '@platform/contracts';
import { formatDateTime, formatNumber } from '@platform/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { profitColour, signedAmount } from '../overview/OverviewCards.tsx';
import { fetchInsuranceFund, insuranceFundKey } from './riskApi.ts';

const LOAD_FAILED = '获取保险基金失败';

/**
 * 保险基金 (issue 34, docs/insurance-fund.md): the fund's balance and the liquidations that fed it
 * (the equity left at the mark) or drew on it (a gap past the bankruptcy price), newest first.
 */
export function InsuranceFundTab() {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: insuranceFundKey(page),
    queryFn: ({ signal }) => fetchInsuranceFund(page, signal),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <PageLoading />;
  if (!query.data)
    return (
      <LoadErrorView
        title={LOAD_FAILED}
        reason={errorMessage(query.error, LOAD_FAILED)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const data = query.data;
  return (
    <Flex vertical gap={16} data-testid="insurance-fund-tab">
      <Card size="small" style={{ maxWidth: 360 }}>
        <Statistic
          title="保险基金余额"
          value={formatNumber(data.balance, 2)}
          suffix={data.currency}
          valueRender={(node) => <span data-testid="insurance-fund-balance">{node}</span>}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          强平时仓位剩余权益存入；价格越过破产价时由基金补足缺口，余额不足时平台承担其余部分。
        </Typography.Text>
      </Card>
      <Table<InsuranceFundEntry>
        rowKey="position_id"
        size="small"
        loading={query.isFetching}
        dataSource={data.history}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: '暂无保险基金流水' }}
        columns={[
          { title: '时间', dataIndex: 'at', render: (v: string) => formatDateTime(v), width: 170 },
          {
            title: '仓位',
            dataIndex: 'position_id',
            render: (v: number) => `#${v}`,
          },
          {
            title: '用户',
            dataIndex: 'user_email',
            render: (v: string) => <Link to={`/admin/users?search=${encodeURIComponent(v)}`}>{v}</Link>,
          },
          { title: '交易对', dataIndex: 'symbol' },
          {
            title: '方向',
            dataIndex: 'side',
            render: (v: string) => (
              <Tag color={v === 'long' ? 'green' : 'red'}>{v === 'long' ? '做多' : '做空'}</Tag>
            ),
          },
          {
            title: '类型',
            dataIndex: 'amount',
            key: 'kind',
            render: (v: string) => (v.startsWith('-') ? '穿仓补足' : '强平剩余存入'),
          },
          {
            title: '金额 (USDT)',
            dataIndex: 'amount',
            align: 'right',
            render: (v: string) => <span style={{ color: profitColour(v) }}>{signedAmount(v)}</span>,
          },
          {
            title: '平仓价',
            dataIndex: 'close_price',
            align: 'right',
            render: (v: string | null) => (v ? formatNumber(v, 2) : '-'),
          },
        ]}
      />
      <ListFooter
        pagination={data.pagination}
        page={data.pagination.page}
        noun="条记录"
        onChange={setPage}
        testId="insurance-fund"
      />
    </Flex>
  );
}
