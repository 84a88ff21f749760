import type { PublicUser, UserLevel } from '@platform/contracts';

type AccessUser = Pick<PublicUser, 'role' | 'admin_level' | 'kyc_status' | 'permissions'>;

/** guest without a user; admin for role admin; verified once KYC is approved; basic otherwise. */
export function userLevel(user: Pick<AccessUser, 'role' | 'kyc_status'> | null | undefined): UserLevel {
  if (!user) return 'guest';
  if (user.role === 'admin') return 'admin';
  if (user.kyc_status === 'approved') return 'verified';
  return 'basic';
}

export function isAdmin(user: Pick<AccessUser, 'role'> | null | undefined): boolean {
  return user?.role === 'admin';
}

export function isSuperAdmin(user: Pick<AccessUser, 'role' | 'admin_level'> | null | undefined): boolean {
  return user?.role === 'admin' && user.admin_level === 'super_admin';
}

/** A user has a permission when it is in their permissions list or when they are an admin. */
export function hasPermission(
  user: Pick<AccessUser, 'role' | 'permissions'> | null | undefined,
  permission: string,
): boolean {
  if (!user) return false;
  return user.role === 'admin' || (user.permissions ?? []).includes(permission);
}

/** Withdrawal is allowed only when the server's withdrawRequirement.canWithdraw says so. */
export function canWithdraw(user: Pick<PublicUser, 'withdrawRequirement'> | null | undefined): boolean {
  return user?.withdrawRequirement?.canWithdraw === true;
}

export type AdminGateOutcome = 'login' | 'forbidden' | 'allowed';

/** The admin area: no session → login; signed in but not role admin → forbidden; admin → allowed. */
export function adminGateOutcome(
  token: string | null | undefined,
  user: Pick<AccessUser, 'role'> | null | undefined,
): AdminGateOutcome {
  if (!token || !user) return 'login';
  return isAdmin(user) ? 'allowed' : 'forbidden';
}
