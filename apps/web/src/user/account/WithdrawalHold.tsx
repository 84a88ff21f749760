import { formatDateTimeShort } from '@platform/domain';
import { Alert } from 'antd';

/** The reason a withdrawal is held after a security change (the server's refusal says the same). */
export const withdrawalHoldText = (until: string) =>
  `为保护资金安全，安全设置变更后 24 小时内不能提现（至 ${formatDateTimeShort(until)}）`;

/**
 * 2FA turned on or off, or the password changed, in the last 24 h (issue 32): withdrawals are held
 * until `until` (the server's `withdrawals_held_until`); nothing while no hold runs.
 */
export function WithdrawalHold({ until }: { until: string | null | undefined }) {
  if (!until || Date.parse(until) <= Date.now()) return null;
  return <Alert type="warning" showIcon title={withdrawalHoldText(until)} data-testid="withdrawal-hold" />;
}
