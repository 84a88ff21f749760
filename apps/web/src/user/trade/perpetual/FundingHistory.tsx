import type { FundingPayment } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { DOWN_COLOR, signColor, UP_COLOR } from '../../shared/priceColors.ts';
import { Stat, StatGrid } from './PositionParts.tsx';
import { useFundingHistory } from './perpetualApi.ts';
import { formatFundingRate, formatPrice, formatSigned } from './perpetualMath.ts';

function PaymentCard({ payment }: { payment: FundingPayment }) {
  const { t } = useTranslation('user');
  const key = `${payment.position_id}-${payment.funding_at}`;
  return (
    <Card size="small" data-testid={`funding-payment-${key}`}>
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center" gap={8}>
          <Flex align="center" gap={6} wrap>
            <Typography.Text strong>{payment.symbol}</Typography.Text>
            <Tag color={payment.side === 'long' ? UP_COLOR : DOWN_COLOR} style={{ marginInlineEnd: 0 }}>
              {t(`perpetual.side.${payment.side}`)}
            </Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('perpetual.fundingHistory.position', { id: payment.position_id })}
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
          <Stat label={t('perpetual.field.fundingRate')}>{formatFundingRate(payment.rate)}</Stat>
          <Stat label={t('perpetual.field.markPrice')}>{formatPrice(payment.mark_price)}</Stat>
          <Stat label={t('perpetual.field.quantity')}>{formatPrice(payment.quantity)}</Stat>
        </StatGrid>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('perpetual.fundingHistory.line', {
            time: formatDateTime(payment.funding_at),
            outcome: payment.liquidated
              ? t('perpetual.fundingHistory.liquidated')
              : payment.amount.startsWith('-')
                ? t('perpetual.fundingHistory.paid')
                : t('perpetual.fundingHistory.received'),
          })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** 资金费用: what each of the user's positions paid or received at each funding instant, newest first. */
export function FundingHistory() {
  const { t } = useTranslation('user');
  const [page, setPage] = useState(1);
  const query = useFundingHistory(page);
  const errorTitle = t('perpetual.fundingHistory.error');
  if (query.isPending) return <PageLoading />;
  if (query.isError && !query.data) {
    return (
      <LoadErrorView
        title={errorTitle}
        reason={errorMessage(query.error, errorTitle)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { payments, pagination } = query.data;
  if (payments.length === 0)
    return <Empty description={t('perpetual.fundingHistory.empty')} data-testid="funding-history-empty" />;
  return (
    <Flex vertical gap={8} data-testid="funding-history">
      {payments.map((p) => (
        <PaymentCard key={`${p.position_id}-${p.funding_at}`} payment={p} />
      ))}
      <ListFooter
        pagination={pagination}
        page={page}
        noun={t('perpetual.fundingHistory.noun')}
        onChange={setPage}
        testId="funding-history"
      />
    </Flex>
  );
}
