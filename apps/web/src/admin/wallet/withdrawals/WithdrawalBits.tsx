import { type AdminWithdrawal, type WithdrawMethod, withdrawMethods } from '@platform/contracts';
import { formatExactAmount } from '@platform/domain';
import { Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** 微信 / 支付宝 / USDT, or the channel's own label when the method is unknown. */
export function methodLabel(
  row: Pick<AdminWithdrawal, 'withdraw_type' | 'channel'>,
  t: TFunction<'admin'>,
): string {
  return (withdrawMethods as readonly string[]).includes(row.withdraw_type)
    ? t(`withdrawals.method.${row.withdraw_type as WithdrawMethod}`)
    : row.channel;
}

export function AmountWithFee({ row }: { row: AdminWithdrawal }) {
  const { t } = useTranslation('admin');
  return (
    <Flex vertical>
      <strong>{formatExactAmount(row.amount, row.currency)}</strong>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('withdrawals.fee', { fee: formatExactAmount(row.fee, row.currency) })}
      </Typography.Text>
    </Flex>
  );
}

/** Where the money goes: the address for usdt, otherwise account, name and optional phone. */
export function PayeeInfo({ row }: { row: AdminWithdrawal }) {
  const { t } = useTranslation('admin');
  if (row.withdraw_type === 'usdt') {
    // The network the address belongs to (checked on request): the operator pays out on that chain.
    return row.address ? (
      <Flex vertical gap={2} align="flex-start">
        <Tag
          color={row.network === 'ERC20' ? 'blue' : row.network === 'TRC20' ? 'red' : 'default'}
          data-testid={`withdrawal-network-${row.id}`}
        >
          {row.network ?? t('withdrawals.networkUnknown')}
        </Tag>
        <Typography.Text copyable style={{ wordBreak: 'break-all', fontSize: 12 }}>
          {row.address}
        </Typography.Text>
      </Flex>
    ) : (
      <Typography.Text type="secondary">{t('withdrawals.notProvided')}</Typography.Text>
    );
  }
  const info = row.account_info;
  if (!info) return <Typography.Text type="secondary">{t('withdrawals.notProvided')}</Typography.Text>;
  return (
    <Flex vertical style={{ fontSize: 12 }}>
      <span>{t('withdrawals.account', { value: info.account })}</span>
      <span>{t('withdrawals.name', { value: info.name })}</span>
      {info.phone ? <span>{t('withdrawals.phone', { value: info.phone })}</span> : null}
    </Flex>
  );
}

export function UserInfo({ row }: { row: AdminWithdrawal }) {
  const { t } = useTranslation('admin');
  return (
    <Flex vertical>
      {/* A long e-mail is cut (whole in the tooltip), so that the other columns stay in view. */}
      <Typography.Text ellipsis={{ tooltip: row.user.email }} style={{ maxWidth: 200 }}>
        {row.user.email}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {row.user.phone ?? t('withdrawals.notProvided')}
      </Typography.Text>
    </Flex>
  );
}
