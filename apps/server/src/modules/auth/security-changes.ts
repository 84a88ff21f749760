import { TWOFA_PASSWORD_MESSAGES } from '@platform/contracts';
import { WITHDRAWAL_HOLD_HOURS } from '@platform/domain';
import { badRequest } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { type SecurityChange, securityChanged } from '../notifications/notices.ts';
import { notify, type WrittenNotification } from '../notifications/notifications.service.ts';
import { holdWithdrawals } from '../users/users.ts';
import type { AttemptGuard } from './attempt-limiter.ts';
import { verifyPassword } from './passwords.ts';

/**
 * A user's security changes (issue 32, docs/two-factor.md): turning 2FA on or off needs the login
 * password, and every change (2FA on, 2FA off, password) holds withdrawals for 24 hours by the
 * database clock (users.withdrawals_held_until) and tells the user, with its time and IP, in the
 * notification centre. Someone who took over a session or a password cannot then switch the second
 * factor to their own authenticator and withdraw at once; the owner hears of it first.
 */

/**
 * The caller's login password, checked before a 2FA change: a 400 when wrong (the route has already
 * refused a missing one). Counted by the password-change limiter before it is checked.
 */
export async function requireCurrentPassword(
  user: { passwordHash: string },
  password: string,
  attempts: AttemptGuard,
): Promise<void> {
  await attempts.begin();
  if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(TWOFA_PASSWORD_MESSAGES.wrong);
  await attempts.succeeded();
}

/**
 * In the change's own transaction: holds the user's withdrawals until the database's now() + 24 h
 * and writes the notification. Returns it, to be pushed after the commit (pushNotifications).
 */
export async function recordSecurityChange(
  tx: Executor,
  change: { userId: number; change: SecurityChange; ip: string | null },
): Promise<WrittenNotification[]> {
  const held = await holdWithdrawals(tx, change.userId, WITHDRAWAL_HOLD_HOURS);
  if (!held?.heldUntil) return [];
  return notify(tx, [securityChanged({ ...change, at: held.at, heldUntil: held.heldUntil })]);
}
