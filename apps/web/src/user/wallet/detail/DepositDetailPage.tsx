import { formatBalance, formatDateTime } from '@platform/domain';
import { Card, Descriptions, type DescriptionsProps, Flex, Typography } from 'antd';
import { DepositStatusTag } from '../../../components/StatusTags.tsx';
import { TxHashLink } from '../../../components/TxHashLink.tsx';
import { fetchDeposit, walletKeys } from '../walletApi.ts';
import { RecordFrame, useOwnRecord } from './RecordFrame.tsx';

/** One of the user's deposits (/wallet/deposits/:id), its review kept current live. */
export default function DepositDetailPage() {
  const { id, query } = useOwnRecord(walletKeys.deposit, fetchDeposit);

  return (
    <RecordFrame
      title="充值详情"
      query={query}
      invalid={id === null}
      errorTitle="获取充值记录失败"
      testId="deposit-detail-page"
      back="/wallet/history?tab=deposits"
    >
      {(d) => {
        const items: DescriptionsProps['items'] = [
          { key: 'id', label: '订单号', children: `#${d.id}` },
          { key: 'channel', label: '充值渠道', children: d.channel_name },
          ...(d.to_address
            ? [
                {
                  key: 'to',
                  label: '收款地址',
                  children: (
                    <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                      {d.to_address}
                    </Typography.Text>
                  ),
                },
              ]
            : []),
          ...(d.tx_hash
            ? [{ key: 'tx', label: '交易哈希', children: <TxHashLink hash={d.tx_hash} full /> }]
            : []),
          { key: 'created', label: '提交时间', children: formatDateTime(d.created_at) },
          ...(d.reviewed_at
            ? [{ key: 'reviewed', label: '审核时间', children: formatDateTime(d.reviewed_at) }]
            : []),
          ...(d.remark ? [{ key: 'remark', label: '我的备注', children: d.remark }] : []),
          ...(d.admin_note
            ? [
                {
                  key: 'note',
                  label: d.status === 'rejected' ? '拒绝原因' : '平台备注',
                  children: d.admin_note,
                },
              ]
            : []),
        ];
        return (
          <Card size="small" data-testid="deposit-detail">
            <Flex vertical align="center" gap={6} style={{ padding: '12px 0 16px' }}>
              <Typography.Text type="secondary">充值金额</Typography.Text>
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
