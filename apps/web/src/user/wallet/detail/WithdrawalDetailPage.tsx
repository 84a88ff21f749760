import { WITHDRAW_METHOD_LABELS } from '@platform/contracts';
import { formatBalance, formatCharge, formatDateTime } from '@platform/domain';
import { Card, Descriptions, type DescriptionsProps, Flex, Typography } from 'antd';
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
  const { id, query } = useOwnRecord(walletKeys.withdrawal, fetchWithdrawal);

  return (
    <RecordFrame
      title="提现详情"
      query={query}
      invalid={id === null}
      errorTitle="获取提现记录失败"
      testId="withdrawal-detail-page"
      back="/wallet/history?tab=withdrawals"
    >
      {(w) => {
        const payee = w.account_info;
        const items: DescriptionsProps['items'] = [
          { key: 'id', label: '订单号', children: `#${w.id}` },
          {
            key: 'method',
            label: '提现方式',
            children: WITHDRAW_METHOD_LABELS[w.withdraw_type] ?? w.channel,
          },
          { key: 'fee', label: '手续费', children: formatCharge(w.fee, w.currency) },
          { key: 'total', label: '合计冻结', children: formatCharge(w.total, w.currency) },
          w.withdraw_type === 'usdt'
            ? {
                key: 'address',
                label: `收款地址${w.network ? `（${w.network}）` : ''}`,
                children: (
                  <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                    {w.address ?? '未提供'}
                  </Typography.Text>
                ),
              }
            : {
                key: 'payee',
                label: '收款账户',
                children: payee ? `${payee.name} ${payee.account}` : '未提供',
              },
          ...(w.withdraw_type === 'usdt' && w.status === 'completed'
            ? [{ key: 'tx_hash', label: '出款交易哈希', children: <PayoutHash withdrawal={w} full /> }]
            : []),
          { key: 'created', label: '申请时间', children: formatDateTime(w.created_at) },
          { key: 'updated', label: '更新时间', children: formatDateTime(w.updated_at) },
          ...(w.user_remark ? [{ key: 'user_remark', label: '我的备注', children: w.user_remark }] : []),
          ...(w.admin_remark ? [{ key: 'admin_remark', label: '平台备注', children: w.admin_remark }] : []),
        ];
        return (
          <Card size="small" data-testid="withdrawal-detail">
            <Flex vertical align="center" gap={6} style={{ padding: '12px 0 16px' }}>
              <Typography.Text type="secondary">提现金额</Typography.Text>
              <Typography.Text strong style={{ fontSize: 26 }} data-testid="withdrawal-detail-amount">
                {formatBalance(w.amount, w.currency)}
              </Typography.Text>
              <WithdrawalStatusTag status={w.status} />
              {w.withdraw_type === 'usdt' && w.status === 'completed' && w.tx_hash && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  已出款，点击交易哈希可在区块浏览器查看转账
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
