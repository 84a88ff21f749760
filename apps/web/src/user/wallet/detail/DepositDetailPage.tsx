import { formatBalance, formatDateTime } from '@platform/domain';
import { Card, Descriptions, type DescriptionsProps, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DepositStatusTag } from '../../../components/StatusTags.tsx';
import { TxHashLink } from '../../../components/TxHashLink.tsx';
import { fetchDeposit, walletKeys } from '../walletApi.ts';
import { RecordFrame, useOwnRecord } from './RecordFrame.tsx';

/** One of the user's deposits (/wallet/deposits/:id), its review kept current live. */
export default function DepositDetailPage() {
  const { t } = useTranslation('user');
  const { id, query } = useOwnRecord(walletKeys.deposit, fetchDeposit);

  return (
    <RecordFrame
      title={t('wallet.detail.depositTitle')}
      query={query}
      invalid={id === null}
      errorTitle={t('wallet.depositsFailed')}
      testId="deposit-detail-page"
      back="/wallet/history?tab=deposits"
    >
      {(d) => {
        const items: DescriptionsProps['items'] = [
          { key: 'id', label: t('wallet.detail.orderNo'), children: `#${d.id}` },
          { key: 'channel', label: t('wallet.detail.channel'), children: d.channel_name },
          ...(d.to_address
            ? [
                {
                  key: 'to',
                  label: t('wallet.detail.toAddress'),
                  children: (
                    <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                      {d.to_address}
                    </Typography.Text>
                  ),
                },
              ]
            : []),
          ...(d.tx_hash
            ? [
                {
                  key: 'tx',
                  label: t('wallet.detail.txHash'),
                  children: <TxHashLink hash={d.tx_hash} full />,
                },
              ]
            : []),
          { key: 'created', label: t('wallet.detail.submittedAt'), children: formatDateTime(d.created_at) },
          ...(d.reviewed_at
            ? [
                {
                  key: 'reviewed',
                  label: t('wallet.detail.reviewedAt'),
                  children: formatDateTime(d.reviewed_at),
                },
              ]
            : []),
          ...(d.remark ? [{ key: 'remark', label: t('wallet.detail.myNote'), children: d.remark }] : []),
          ...(d.admin_note
            ? [
                {
                  key: 'note',
                  label:
                    d.status === 'rejected'
                      ? t('wallet.detail.rejectReason')
                      : t('wallet.detail.platformNote'),
                  children: d.admin_note,
                },
              ]
            : []),
        ];
        return (
          <Card size="small" data-testid="deposit-detail">
            <Flex vertical align="center" gap={6} style={{ padding: '12px 0 16px' }}>
              <Typography.Text type="secondary">{t('wallet.detail.depositAmount')}</Typography.Text>
              <Typography.Text strong style={{ fontSize: 26 }}>
                {formatBalance(d.amount, d.currency)}
              </Typography.Text>
              <DepositStatusTag status={d.status} />
            </Flex>
            <Descriptions column={1} size="small" bordered items={items} />
          </Card>
        );
      }}
    </RecordFrame>
  );
}
