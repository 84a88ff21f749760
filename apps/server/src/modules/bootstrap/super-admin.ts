import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { createUser } from '../accounts/create-user.ts';
import { hashPassword } from '../auth/passwords.ts';
import { countApprovalsFromNow, findUserByEmail, updateUser, userDirectory } from '../users/users.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@platform.local';
/** Serialises the bootstrap across instances starting together on one PostgreSQL server. */
const BOOTSTRAP_LOCK_KEY = 728_193_005;

export interface BootstrapResult {
  created: boolean;
  email?: string;
  /** The second super admin (ADMIN2_EMAIL / ADMIN2_PASSWORD), when one was created with the first. */
  secondEmail?: string;
  /** Only when generated: shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * The first start creates a super admin from ADMIN_EMAIL/ADMIN_PASSWORD, or generates a strong
 * password and returns it to be printed once. There is no built-in default password. With
 * ADMIN2_EMAIL/ADMIN2_PASSWORD it creates a second super admin too (issue 32). Both count as
 * approvers of pending changes at once (`approver_since` = now; docs/pending-changes.md), unlike
 * admins created later, whose approvals count 24 h after their creation.
 */
export async function ensureSuperAdmin(
  db: Db,
  opts: { email?: string; password?: string; second?: { email?: string; password?: string } },
): Promise<BootstrapResult> {
  const email = (opts.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  if (await superAdminExists(db)) return { created: false };
  const generatedPassword = opts.password ? undefined : randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(opts.password ?? generatedPassword!);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`);
    if (await superAdminExists(tx)) return { created: false };
    const sameEmail = await findUserByEmail(tx, email);
    const admin = sameEmail
      ? await updateUser(tx, sameEmail.id, {
          role: 'admin',
          adminLevel: 'super_admin',
          passwordHash,
          isActive: true,
        })
      : await createUser(tx, { email, passwordHash, role: 'admin', adminLevel: 'super_admin' });
    if (!admin) throw new Error('super admin bootstrap failed');
    await countApprovalsFromNow(tx, admin.id);
    const secondEmail = await ensureSecond(tx, email, opts.second);
    return {
      created: true,
      email,
      ...(secondEmail ? { secondEmail } : {}),
      ...(generatedPassword ? { generatedPassword } : {}),
    };
  });
}

/** The second bootstrap super admin, when both its e-mail and password are given (and differ from the first). */
async function ensureSecond(
  tx: Tx,
  firstEmail: string,
  second: { email?: string; password?: string } | undefined,
): Promise<string | undefined> {
  const email = second?.email?.toLowerCase();
  if (!email || !second?.password || email === firstEmail) return undefined;
  const passwordHash = await hashPassword(second.password);
  const existing = await findUserByEmail(tx, email);
  const admin = existing
    ? await updateUser(tx, existing.id, {
        role: 'admin',
        adminLevel: 'super_admin',
        passwordHash,
        isActive: true,
      })
    : await createUser(tx, { email, passwordHash, role: 'admin', adminLevel: 'super_admin' });
  if (!admin) throw new Error('second super admin bootstrap failed');
  await countApprovalsFromNow(tx, admin.id);
  return email;
}

const account = userDirectory('account');

async function superAdminExists(exec: Executor) {
  const [row] = await exec
    .select({ id: account.id })
    .from(account)
    .where(eq(account.adminLevel, 'super_admin'))
    .limit(1);
  return Boolean(row);
}
