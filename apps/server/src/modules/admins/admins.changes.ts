import {
  type AdminLevel,
  type AuditAction,
  adminCreateBody,
  adminLevel,
  type Language,
  TWOFA_MESSAGES,
  twofaResetBody,
} from '@platform/contracts';
import { z } from 'zod';
import { badRequest, businessRule, conflict, forbidden, notFound } from '../../core/errors.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type Message, type MessageKey, msg, render, t } from '../../i18n/i18n.ts';
import { createUser } from '../accounts/create-user.ts';
import {
  countOtherActiveSuperAdmins,
  LAST_SUPER_ADMIN,
  lockSuperAdmins,
} from '../admin-users/admin-users.service.ts';
import { lapseFirstApprovals } from '../admin-users/lapsed-approvals.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import type { ApplyContext, ChangeKindDefinition, ChangesService } from '../changes/changes.service.ts';
import { findUserByEmail, findUserByPhone, updateUser } from '../users/users.ts';
import { DELETED_PASSWORD, installActivation, NO_PASSWORD, revokeCredentials } from './activation.ts';
import * as repo from './admins.repository.ts';

/**
 * Admin accounts as pending changes (issue 32, docs/admin-accounts.md): one super admin can no
 * longer create a puppet, take over another admin through a new activation link, delete, promote,
 * demote or re-enable an admin alone. Each is a proposal another super admin approves (or, when no
 * other super admin may approve, that takes effect after 24 h with every admin told). The rules on
 * other rows (e-mail free, not yourself, another super admin left) run when proposed and again
 * when applied, where a broken one marks the change stale (409).
 */
export const ADMIN_CHANGE_KINDS = {
  create: 'admin.create',
  level: 'admin.level',
  activation: 'admin.activation',
  remove: 'admin.delete',
  enable: 'admin.enable',
} as const;

/** A stored pending change, as the changes module hands it to a kind. */
type AdminChangeRow = ApplyContext['change'];

export const ADMIN_NOT_FOUND = msg('admins.notFound');
export const EMAIL_TAKEN = msg('admins.emailTaken');
export const PHONE_TAKEN = msg('admins.phoneTaken');
export const CANNOT_CHANGE_OWN_LEVEL = msg('admins.cannotChangeOwnLevel');
export const CANNOT_DELETE_SELF = msg('admins.cannotDeleteSelf');
/** Decided (issue 32): a deleted admin's e-mail stays with its tombstone, for the audit log. */
export const EMAIL_OF_DELETED = msg('admins.emailOfDeleted');

/** What the audit log keeps of an admin: never the password hash. */
export const auditView = (row: repo.AdminRow) => ({
  email: row.email,
  phone: row.phone,
  role: row.role,
  admin_level: row.adminLevel,
  is_active: row.isActive,
  twofa_enabled: row.twofaEnabledAt !== null,
  activation_pending: row.activationPending,
});

export async function assertEmailFree(exec: Executor, email: string) {
  const holder = await findUserByEmail(exec, email);
  if (holder?.deletedAt) throw conflict(EMAIL_OF_DELETED);
  if (holder) throw conflict(EMAIL_TAKEN);
}

export async function assertPhoneFree(exec: Executor, phone: string | null | undefined) {
  if (phone && (await findUserByPhone(exec, phone))) throw conflict(PHONE_TAKEN);
}

/** The unique indexes decide races between two requests for one e-mail or phone. */
export function uniqueConflict(err: unknown): never {
  if (isUniqueViolation(err, 'users_email_key')) throw conflict(EMAIL_TAKEN);
  if (isUniqueViolation(err, 'users_phone_key')) throw conflict(PHONE_TAKEN);
  throw err;
}

/** An active super admin may lose that standing only if another active super admin remains. */
export async function assertAnotherSuperAdmin(exec: Executor, target: repo.AdminRow) {
  if (target.adminLevel !== 'super_admin' || !target.isActive) return;
  if ((await countOtherActiveSuperAdmins(exec, target.id)) === 0) throw businessRule(LAST_SUPER_ADMIN);
}

export async function lockTarget(exec: Executor, id: number) {
  const target = await repo.lockAdmin(exec, id);
  if (!target) throw notFound(ADMIN_NOT_FOUND);
  return target;
}

// ---- payloads: built by admins.service from a checked body, parsed again when applied ----

const ACTIVATION_LINK_FORMAT = msg('backOffice.changes.activationLinkFormat');
const ACTIVATION_LINK_FORMAT_ZH = render('zh-CN', ACTIVATION_LINK_FORMAT);
const tokenHash = z.string().regex(/^[0-9a-f]{64}$/, ACTIVATION_LINK_FORMAT_ZH);
const createPayload = adminCreateBody
  .omit({ password: true })
  .extend({ phone: z.string().nullable(), activation_token_hash: tokenHash });
const levelPayload = z.object({ admin_level: adminLevel });
const activationPayload = twofaResetBody.extend({ activation_token_hash: tokenHash });
const removePayload = z.object({ deleted: z.literal(true) });
const enablePayload = z.object({ is_active: z.literal(true) });

export type CreatePayload = z.infer<typeof createPayload>;
export type LevelPayload = z.infer<typeof levelPayload>;
export type ActivationPayload = z.infer<typeof activationPayload>;

/** A payload's first problem as a message: the activation link's (zod keeps its Chinese), or the catch-all. */
const issueText = (issue: string | undefined): Message | string =>
  issue === undefined
    ? msg('admins.changeInvalid')
    : issue === ACTIVATION_LINK_FORMAT_ZH
      ? ACTIVATION_LINK_FORMAT
      : issue;

function parser<P>(schema: z.ZodType<P>) {
  return (payload: unknown): P => {
    const result = schema.safeParse(payload);
    if (!result.success) throw badRequest(issueText(result.error.issues[0]?.message));
    return result.data;
  };
}

/** The admin a change is about, never the proposer themselves (403 with `selfText`). */
function anotherAdmin(
  ctx: { targetId: string | null; proposerId: number },
  selfText: Message | string,
): number {
  const id = Number(ctx.targetId);
  if (id === ctx.proposerId) throw forbidden(selfText);
  return id;
}

/** The admin a change is about: what the approver saw, compared when applied (stale otherwise). */
async function snapshot(exec: Executor, targetId: string | null) {
  const row = await repo.lockAdmin(exec, Number(targetId));
  return row
    ? { email: row.email, phone: row.phone, admin_level: row.adminLevel, is_active: row.isActive }
    : null;
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

const isLevel = (level: unknown): level is AdminLevel => level === 'admin' || level === 'super_admin';
/** An admin level's name in `language` (an unknown value as it is). */
const levelLabel = (level: unknown, language: Language) =>
  isLevel(level) ? t(language, `backOffice.changes.levels.${level}` satisfies MessageKey) : String(level);

/**
 * A change about an existing admin reads as one line keyed by the admin's e-mail: its state
 * before → after (the e-mail says whom; the diff shows only what differs), in the viewer's language.
 */
function aboutAdmin(
  describe: (
    before: NonNullable<Snapshot>,
    after: Record<string, unknown>,
    language: Language,
  ) => [string, string],
) {
  return (before: unknown, after: unknown, language: Language) => {
    const admin = before as Snapshot;
    if (!admin || typeof after !== 'object' || after === null) return { before, after };
    const [was, will] = describe(admin, after as Record<string, unknown>, language);
    return { before: { [admin.email]: was }, after: { [admin.email]: will } };
  };
}

const stateOf = (level: unknown, active: boolean, language: Language) =>
  t(language, 'backOffice.changes.accountState', {
    level: levelLabel(level, language),
    status: msg(active ? 'backOffice.changes.enabledState' : 'backOffice.changes.disabledState'),
  });
const accountState = (admin: NonNullable<Snapshot>, language: Language) =>
  stateOf(admin.admin_level, admin.is_active, language);

/**
 * Registers the five admin account kinds (level super_admin, target type user). `onSessionsRevoked`
 * is told, after the commit, of the sessions an applied reset or deletion revoked.
 */
export function registerAdminChanges(
  changes: ChangesService,
  deps: { onSessionsRevoked?: (sessionIds: string[]) => void },
) {
  // Sessions an apply revoked, handed to afterCommit by change id (dropped there).
  const revokedBy = new Map<number, string[]>();
  const afterCommit = (_: unknown, change: AdminChangeRow) => {
    const ids = revokedBy.get(change.id) ?? [];
    revokedBy.delete(change.id);
    if (ids.length > 0) deps.onSessionsRevoked?.(ids);
  };
  const common = { requiredLevel: 'super_admin', targetType: 'user' } as const;
  const trail = (actor: AuditActor, change: AdminChangeRow) => ({
    change_id: change.id,
    proposed_by: change.proposerAdminId,
    approved_by: actor.adminId === change.proposerAdminId ? null : actor.adminId,
  });

  const create: ChangeKindDefinition<CreatePayload> = {
    ...common,
    kind: ADMIN_CHANGE_KINDS.create,
    validate: parser(createPayload),
    async check(tx, after) {
      await assertEmailFree(tx, after.email);
      await assertPhoneFree(tx, after.phone);
    },
    readCurrent: async () => null,
    async apply(tx, after, { actor, change, recordTarget }) {
      // A race past the check ends at the unique indexes: 409, the approval rolled back.
      const userId = await createUser(tx, {
        email: after.email,
        phone: after.phone,
        passwordHash: NO_PASSWORD,
        role: 'admin',
        adminLevel: after.admin_level,
      }).then((user) => user.id, uniqueConflict);
      const expiresAt = await installActivation(tx, {
        userId,
        tokenHash: after.activation_token_hash,
        createdBy: change.proposerAdminId,
      });
      const row = await repo.findAdmin(tx, userId);
      if (!row) throw new Error('created admin not found');
      await recordAudit(tx, actor, {
        action: 'admin.create',
        targetType: 'user',
        targetId: userId,
        before: null,
        after: { ...auditView(row), activation_expires_at: expiresAt.toISOString(), ...trail(actor, change) },
      });
      recordTarget(String(userId));
    },
    present: (before, after, language) => {
      if (typeof after !== 'object' || after === null) return { before, after };
      const { email, phone, admin_level } = after as Partial<CreatePayload>;
      return { before, after: { email, phone, admin_level: levelLabel(admin_level, language) } };
    },
  };

  /**
   * Applies a change to its target admin in the approving transaction and audits it as `action`:
   * the account before, `write`'s report after (with the account as it is then, unless the change
   * made it a tombstone) and the change's trail.
   */
  async function applyToTarget(
    tx: Tx,
    { actor, change }: ApplyContext,
    action: AuditAction,
    write: (id: number) => Promise<Record<string, unknown>>,
    opts: { accountAfter: boolean } = { accountAfter: true },
  ) {
    const id = Number(change.targetId);
    const target = await lockTarget(tx, id);
    const report = await write(id);
    const account = opts.accountAfter ? auditView(await lockTarget(tx, id)) : {};
    await recordAudit(tx, actor, {
      action,
      targetType: 'user',
      targetId: id,
      before: auditView(target),
      after: { ...account, ...report, ...trail(actor, change) },
    });
  }

  const level: ChangeKindDefinition<LevelPayload> = {
    ...common,
    kind: ADMIN_CHANGE_KINDS.level,
    validate: parser(levelPayload),
    async check(tx, after, ctx) {
      const id = anotherAdmin(ctx, CANNOT_CHANGE_OWN_LEVEL);
      await lockSuperAdmins(tx);
      const target = await lockTarget(tx, id);
      if (after.admin_level === 'admin') await assertAnotherSuperAdmin(tx, target);
    },
    readCurrent: snapshot,
    apply: (tx, after, ctx) =>
      applyToTarget(tx, ctx, 'admin.update', async (id) => {
        await updateUser(tx, id, { adminLevel: after.admin_level });
        return {};
      }),
    present: aboutAdmin((admin, after, language) => [
      levelLabel(admin.admin_level, language),
      levelLabel(after.admin_level, language),
    ]),
  };

  const activation: ChangeKindDefinition<ActivationPayload> = {
    ...common,
    kind: ADMIN_CHANGE_KINDS.activation,
    validate: parser(activationPayload),
    async check(tx, _after, ctx) {
      await lockTarget(tx, anotherAdmin(ctx, TWOFA_MESSAGES.ownReset));
    },
    readCurrent: snapshot,
    apply: (tx, after, ctx) =>
      applyToTarget(tx, ctx, 'admin.activation_issue', async (id) => {
        const sessionIds = await revokeCredentials(tx, id);
        const expiresAt = await installActivation(tx, {
          userId: id,
          tokenHash: after.activation_token_hash,
          createdBy: ctx.change.proposerAdminId,
        });
        revokedBy.set(ctx.change.id, sessionIds);
        return {
          reason: after.reason,
          revoked_sessions: sessionIds.length,
          activation_expires_at: expiresAt.toISOString(),
        };
      }),
    afterCommit,
    present: aboutAdmin((admin, after, language) => [
      t(language, 'backOffice.changes.activationBefore', { state: accountState(admin, language) }),
      t(language, 'backOffice.changes.activationAfter', { reason: String(after.reason ?? '') }),
    ]),
  };

  const remove: ChangeKindDefinition<z.infer<typeof removePayload>> = {
    ...common,
    kind: ADMIN_CHANGE_KINDS.remove,
    validate: parser(removePayload),
    async check(tx, _after, ctx) {
      const id = anotherAdmin(ctx, CANNOT_DELETE_SELF);
      await lockSuperAdmins(tx);
      await assertAnotherSuperAdmin(tx, await lockTarget(tx, id));
    },
    readCurrent: snapshot,
    /**
     * A tombstone: every session and link revoked (every instance drops the sessions at commit,
     * session-changes.ts), password and 2FA unusable, disabled with deleted_at set (the database
     * refuses to enable it again: users_deleted_inactive), pending first approvals withdrawn. The
     * row stays: audit rows, deposits, withdrawals and the ledger reference it; its e-mail stays taken.
     */
    apply: (tx, _after, ctx) =>
      applyToTarget(
        tx,
        ctx,
        'admin.delete',
        async (id) => {
          const sessionIds = await revokeCredentials(tx, id, DELETED_PASSWORD);
          await updateUser(tx, id, { isActive: false, deletedAt: new Date() });
          const lapsed = await lapseFirstApprovals(tx, id);
          revokedBy.set(ctx.change.id, sessionIds);
          return {
            is_active: false,
            deleted: true,
            revoked_sessions: sessionIds.length,
            lapsed_approvals: lapsed,
          };
        },
        { accountAfter: false },
      ),
    afterCommit,
    present: aboutAdmin((admin, _after, language) => [
      accountState(admin, language),
      t(language, 'backOffice.changes.deleted'),
    ]),
  };

  const enable: ChangeKindDefinition<z.infer<typeof enablePayload>> = {
    ...common,
    kind: ADMIN_CHANGE_KINDS.enable,
    validate: parser(enablePayload),
    async check(tx, _after, { targetId }) {
      await lockTarget(tx, Number(targetId));
    },
    readCurrent: snapshot,
    // Audited like a disabling (admin.status), as the admins' and users' status routes do.
    apply: (tx, _after, ctx) =>
      applyToTarget(
        tx,
        ctx,
        'admin.status',
        async (id) => {
          await updateUser(tx, id, { isActive: true });
          return { is_active: true, revoked_sessions: 0 };
        },
        { accountAfter: false },
      ),
    present: aboutAdmin((admin, _after, language) => [
      accountState(admin, language),
      stateOf(admin.admin_level, true, language),
    ]),
  };

  for (const kind of [create, level, activation, remove, enable])
    changes.registerKind(kind as ChangeKindDefinition);
}
