import { type AdminWithdrawal, WITHDRAW_METHOD_LABELS } from '@platform/contracts';
import { formatExactAmount } from '@platform/domain';
import { Flex, Tag, Typography } from 'antd';

/** 微信 / 支付宝 / USDT, or the channel's own label when the method is unknown. */
export function methodLabel(row: Pick<AdminWithdrawal, 'withdraw_type' | 'channel'>): string {
  return WITHDRAW_METHOD_LABELS[row.withdraw_type] ?? row.channel;
}

export function AmountWithFee({ row }: { row: AdminWithdrawal }) {
  return (
    <Flex vertical>
      <strong>{formatExactAmount(row.amount, row.currency)}</strong>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        手续费 {formatExactAmount(row.fee, row.currency)}
      </Typography.Text>
    </Flex>
  );
}

/** Where the money goes: the address for usdt, otherwise account, name and optional phone. */
export function PayeeInfo({ row }: { row: AdminWithdrawal }) {
  if (row.withdraw_type === 'usdt') {
    // The network the address belongs to (checked on request): the operator pays out on that chain.
    return row.address ? (
      <Flex vertical gap={2} align="flex-start">
        <Tag
          color={row.network === 'ERC20' ? 'blue' : row.network === 'TRC20' ? 'red' : 'default'}
          data-testid={`withdrawal-network-${row.id}`}
        >
          {row.network ?? '网络未知'}
        </Tag>
        <Typography.Text copyable style={{ wordBreak: 'break-all', fontSize: 12 }}>
          {row.address}
        </Typography.Text>
      </Flex>
    ) : (
      <Typography.Text type="secondary">未提供</Typography.Text>
    );
  }
  const info = row.account_info;
  if (!info) return <Typography.Text type="secondary">未提供</Typography.Text>;
  return (
    <Flex vertical style={{ fontSize: 12 }}>
      <span>账号：{info.account}</span>
      <span>姓名：{info.name}</span>
      {info.phone ? <span>电话：{info.phone}</span> : null}
    </Flex>
  );
}

export function UserInfo({ row }: { row: AdminWithdrawal }) {
  return (
    <Flex vertical>
      {/* A long e-mail is cut (whole in the tooltip), so that the other columns stay in view. */}
      <Typography.Text ellipsis={{ tooltip: row.user.email }} style={{ maxWidth: 200 }}>
        {row.user.email}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {row.user.phone ?? '未提供'}
      </Typography.Text>
    </Flex>
  );
}
