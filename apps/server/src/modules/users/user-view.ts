import type { Language, PublicUser, WithdrawRequirement } from '@platform/contracts';
import { type Message, msg, render } from '../../i18n/i18n.ts';
import type { UserRow } from './users.repository.ts';

type StandingColumns = Pick<UserRow, 'isActive' | 'kycStatus'>;

/**
 * Why the user may not request a withdrawal at all, as messages to say in the reader's language
 * (none: they may). Amount, channel limits and balance are checked when a withdrawal is requested;
 * these are the standing conditions.
 */
export function withdrawBlockers(user: StandingColumns): Message[] {
  const reasons: Message[] = [];
  if (!user.isActive) reasons.push(msg('userFacing.users.accountDisabled'));
  if (user.kycStatus !== 'approved') reasons.push(msg('userFacing.users.kycRequired'));
  return reasons;
}

/** Whether the user may request a withdrawal at all, each reason in `language` (zh-CN: the spec's). */
export function withdrawRequirementOf(
  user: StandingColumns,
  language: Language = 'zh-CN',
): WithdrawRequirement {
  const reasons = withdrawBlockers(user).map((reason) => render(language, reason));
  return { canWithdraw: reasons.length === 0, reasons };
}

type AccountColumns =
  | 'id'
  | 'email'
  | 'phone'
  | 'nickname'
  | 'role'
  | 'adminLevel'
  | 'isActive'
  | 'kycStatus'
  | 'createdAt'
  | 'lastLogin';

/** The account fields every view of a user shows (me, the admin list row, the admin detail). */
export function accountView(user: Pick<UserRow, AccountColumns>) {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    nickname: user.nickname,
    role: user.role,
    admin_level: user.adminLevel,
    is_active: user.isActive,
    kyc_status: user.kycStatus,
    created_at: user.createdAt.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
  };
}

/**
 * The caller as shown to them. 2FA state comes from the row itself (users.twofa_enabled_at);
 * `twofaSetupRequired` is the auth service's verdict (it knows ADMIN_2FA_REQUIRED); `wallets` are the
 * ledger's (getUserWallets), read by the caller; `language` is the one they are answered in.
 */
export function toPublicUser(
  user: UserRow,
  options: { twofaSetupRequired: boolean; wallets: PublicUser['wallets']; language: Language },
): PublicUser {
  return {
    ...accountView(user),
    invite_code: user.inviteCode,
    permissions: user.permissions,
    email_verified: user.emailVerifiedAt !== null,
    twofa_enabled: user.twofaEnabledAt !== null,
    twofa_setup_required: options.twofaSetupRequired,
    // Shown while it runs (this instance's clock); the withdrawal itself is refused by the database's.
    withdrawals_held_until:
      user.withdrawalsHeldUntil && user.withdrawalsHeldUntil.getTime() > Date.now()
        ? user.withdrawalsHeldUntil.toISOString()
        : null,
    withdrawRequirement: withdrawRequirementOf(user, options.language),
    wallets: options.wallets,
    language: user.language,
  };
}
