import { type FundingPayment, ORDER_SIDE_LABELS } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { DOWN_COLOR, signColor, UP_COLOR } from '../../shared/priceColors.ts';
import { Stat, StatGrid } from './PositionParts.tsx';
import { useFundingHistory } from './perpetualApi.ts';
import { formatFundingRate, formatPrice, formatSigned } from './perpetualMath.ts';

const ERROR_TITLE = '获取资金费用记录失败';

function PaymentCard({ payment }: { payment: FundingPayment }) {
  const key = `${payment.position_id}-${payment.funding_at}`;
  return (
    <Card size="small" data-testid={`funding-payment-${key}`}>
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center" gap={8}>
          <Flex align="center" gap={6} wrap>
            <Typography.Text strong>{payment.symbol}</Typography.Text>
            <Tag color={payment.side === 'long' ? UP_COLOR : DOWN_COLOR} style={{ marginInlineEnd: 0 }}>
              {ORDER_SIDE_LABELS[payment.side]}
            </Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              仓位 #{payment.position_id}
            </Typography.Text>
          </Flex>
          <Typography.Text
            strong
            style={{ color: signColor(payment.amount), fontVariantNumeric: 'tabular-nums' }}
            data-testid={`funding-amount-${key}`}
          >
            {formatSigned(payment.amount)} USDT
          </Typography.Text>
        </Flex>
        <StatGrid>
          <Stat label="资金费率">{formatFundingRate(payment.rate)}</Stat>
          <Stat label="标记价格">{formatPrice(payment.mark_price)}</Stat>
          <Stat label="数量">{formatPrice(payment.quantity)}</Stat>
        </StatGrid>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          结算时间 {formatDateTime(payment.funding_at)} ·{' '}
          {payment.liquidated
            ? '保证金不足支付资金费用，仓位已强平'
            : payment.amount.startsWith('-')
              ? '支付'
              : '收取'}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** 资金费用: what each of the user's positions paid or received at each funding instant, newest first. */
export function FundingHistory() {
  const [page, setPage] = useState(1);
  const query = useFundingHistory(page);
  if (query.isPending) return <PageLoading />;
  if (query.isError && !query.data) {
    return (
      <LoadErrorView
        title={ERROR_TITLE}
        reason={errorMessage(query.error, ERROR_TITLE)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { payments, pagination } = query.data;
  if (payments.length === 0)
    return <Empty description="暂无资金费用记录" data-testid="funding-history-empty" />;
  return (
    <Flex vertical gap={8} data-testid="funding-history">
      {payments.map((p) => (
        <PaymentCard key={`${p.position_id}-${p.funding_at}`} payment={p} />
      ))}
      <ListFooter
        pagination={pagination}
        page={page}
        noun="条记录"
        onChange={setPage}
        testId="funding-history"
      />
    </Flex>
  );
}
