import type { PublicUser, WithdrawRequirement } from '@platform/contracts';
import type { UserRow } from './users.repository.ts';

/**
 * Whether the user may request a withdrawal at all. Amount, channel limits and balance are checked
 * when a withdrawal is requested; these are the standing conditions, each stated as a reason.
 */
export function withdrawRequirementOf(user: Pick<UserRow, 'isActive' | 'kycStatus'>): WithdrawRequirement {
  const reasons: string[] = [];
  if (!user.isActive) reasons.push('账户已被禁用');
  if (user.kycStatus !== 'approved') reasons.push('请先完成实名认证（KYC）');
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
 * ledger's (getUserWallets), read by the caller.
 */
export function toPublicUser(
  user: UserRow,
  options: { twofaSetupRequired: boolean; wallets: PublicUser['wallets'] },
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
    withdrawRequirement: withdrawRequirementOf(user),
    wallets: options.wallets,
  };
}
