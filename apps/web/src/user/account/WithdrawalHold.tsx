import { withdrawalHoldText } from '@platform/domain';
import { Alert } from 'antd';

/**
 * 2FA turned on or off, or the password changed, in the last 24 h (issue 32): withdrawals are held
 * until `until` (the server's `withdrawals_held_until`); nothing while no hold runs.
 */
export function WithdrawalHold({ until }: { until: string | null | undefined }) {
  if (!until || Date.parse(until) <= Date.now()) return null;
  return <Alert type="warning" showIcon title={withdrawalHoldText(until)} data-testid="withdrawal-hold" />;
}
