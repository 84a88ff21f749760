import { formatDateTimeShort } from './time.ts';

/** How long withdrawals are held after 2FA is turned on or off or the password changes (issue 32). */
export const WITHDRAWAL_HOLD_HOURS = 24;

/** Why a withdrawal is held, and until when (Beijing time): the server's refusal and the app's notice. */
export const withdrawalHoldText = (until: Date | string) =>
  `为保护资金安全，安全设置变更后 ${WITHDRAWAL_HOLD_HOURS} 小时内不能提现（至 ${formatDateTimeShort(until)}）`;
