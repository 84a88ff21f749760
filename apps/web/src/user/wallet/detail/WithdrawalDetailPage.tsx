import { formatBalance, formatCharge, formatDateTime } from '@platform/domain';
import { Card, Descriptions, type DescriptionsProps, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WithdrawalStatusTag } from '../../../components/StatusTags.tsx';
import { PayoutHash } from '../records.tsx';
import { fetchWithdrawal, walletKeys } from '../walletApi.ts';
import { RecordFrame, useOwnRecord } from './RecordFrame.tsx';

/**
 * One of the user's withdrawals (/wallet/withdrawals/:id): amount, fee, where it went, its status
 * kept current live, and after 已出款 of a USDT withdrawal the payout's transaction hash linked to the
 * block explorer, so the user can follow the transfer on the chain.
 */
export default function WithdrawalDetailPage() {
  const { t } = useTranslation(['user', 'common']);
  const { id, query } = useOwnRecord(walletKeys.withdrawal, fetchWithdrawal);

  return (
    <RecordFrame
      title={t('wallet.detail.withdrawalTitle')}
      query={query}
      invalid={id === null}
      errorTitle={t('wallet.withdrawalsFailed')}
      testId="withdrawal-detail-page"
      back="/wallet/history?tab=withdrawals"
    >
      {(w) => {
        const payee = w.account_info;
        const items: DescriptionsProps['items'] = [
          { key: 'id', label: t('wallet.detail.orderNo'), children: `#${w.id}` },
          {
            key: 'method',
            label: t('wallet.detail.method'),
            children: t(`common:withdrawMethod.${w.withdraw_type}`, { defaultValue: w.channel }),
          },
          { key: 'fee', label: t('wallet.detail.fee'), children: formatCharge(w.fee, w.currency) },
          {
            key: 'total',
            label: t('wallet.detail.totalFrozen'),
            children: formatCharge(w.total, w.currency),
          },
          w.withdraw_type === 'usdt'
            ? {
                key: 'address',
                label: w.network
                  ? t('wallet.detail.toAddressOn', { network: w.network })
                  : t('wallet.detail.toAddress'),
                children: (
                  <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                    {w.address ?? t('wallet.notGiven')}
                  </Typography.Text>
                ),
              }
            : {
                key: 'payee',
                label: t('wallet.detail.payeeAccount'),
                children: payee ? `${payee.name} ${payee.account}` : t('wallet.notGiven'),
              },
          ...(w.withdraw_type === 'usdt' && w.status === 'completed'
            ? [
                {
                  key: 'tx_hash',
                  label: t('wallet.detail.payoutHash'),
                  children: <PayoutHash withdrawal={w} full />,
                },
              ]
            : []),
          { key: 'created', label: t('wallet.detail.requestedAt'), children: formatDateTime(w.created_at) },
          { key: 'updated', label: t('wallet.detail.updatedAt'), children: formatDateTime(w.updated_at) },
          ...(w.user_remark
            ? [{ key: 'user_remark', label: t('wallet.detail.myNote'), children: w.user_remark }]
            : []),
          ...(w.admin_remark
            ? [{ key: 'admin_remark', label: t('wallet.detail.platformNote'), children: w.admin_remark }]
            : []),
        ];
        return (
          <Card size="small" data-testid="withdrawal-detail">
            <Flex vertical align="center" gap={6} style={{ padding: '12px 0 16px' }}>
              <Typography.Text type="secondary">{t('wallet.detail.withdrawalAmount')}</Typography.Text>
              <Typography.Text strong style={{ fontSize: 26 }} data-testid="withdrawal-detail-amount">
                {formatBalance(w.amount, w.currency)}
              </Typography.Text>
              <WithdrawalStatusTag status={w.status} />
              {w.withdraw_type === 'usdt' && w.status === 'completed' && w.tx_hash && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('wallet.detail.paidOut')}
                </Typography.Text>
              )}
            </Flex>
            <Descriptions column={1} size="small" bordered items={items} />
          </Card>
        );
      }}
    </RecordFrame>
  );
}
