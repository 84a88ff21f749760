import {
  type ActivationCompleteBody,
  type ActivationStart,
  ADMIN_ACTIVATION_HOURS,
  ADMIN_ACTIVATION_PATH,
  ADMIN_ACTIVATION_TEXTS,
  type AdminActivationLink,
} from '@platform/contracts';
import { badRequest, forbidden } from '../../core/errors.ts';
import type { Db, Executor } from '../../db/client.ts';
import { msg } from '../../i18n/i18n.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { removeTwoFactor, revokeUserSessions } from '../auth/accounts.ts';
import type { AttemptGuard } from '../auth/attempt-limiter.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { TwoFactorService } from '../auth/two-factor/two-factor.service.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import { updateUser } from '../users/users.ts';
import * as repo from './activation.repository.ts';
import { NO_PASSWORD } from './activation.repository.ts';

export { DELETED_PASSWORD, NO_PASSWORD } from './activation.repository.ts';

/**
 * A new link, made when its change is proposed (issue 32): the token is shown to the proposer once
 * and only `tokenHash` is kept, in the proposal, until the approval installs it.
 */
export function newActivationLink(): { link: AdminActivationLink; tokenHash: string } {
  const token = newToken();
  return {
    link: { token, path: `${ADMIN_ACTIVATION_PATH}?token=${encodeURIComponent(token)}` },
    tokenHash: hashToken(token),
  };
}

/**
 * Puts a proposed link in force for an admin in the approving transaction, revoking the earlier
 * ones: valid ADMIN_ACTIVATION_HOURS from now (the database's clock). Returns when it expires.
 */
export async function installActivation(
  tx: Executor,
  v: { userId: number; tokenHash: string; createdBy: number },
): Promise<Date> {
  await repo.revokeActivations(tx, v.userId);
  const row = await repo.insertActivation(tx, { ...v, hours: ADMIN_ACTIVATION_HOURS });
  return row.expiresAt;
}

/**
 * Takes every credential of an admin away in the caller's transaction: the password (made
 * unusable), 2FA, every session and every link. Returns the revoked session ids.
 */
export async function revokeCredentials(tx: Executor, userId: number, passwordHash = NO_PASSWORD) {
  await updateUser(tx, userId, { passwordHash });
  await removeTwoFactor(tx, userId);
  await repo.revokeActivations(tx, userId);
  return revokeUserSessions(tx, userId);
}

type FoundActivation = NonNullable<Awaited<ReturnType<typeof repo.findActivation>>>;

/** A link that may still be used, or a 400 saying why not (403 for a disabled account). */
function assertUsable(found: FoundActivation | undefined): asserts found is FoundActivation {
  if (found?.user.deletedAt) throw badRequest(ADMIN_ACTIVATION_TEXTS.revoked);
  if (found?.user.role !== 'admin') throw badRequest(ADMIN_ACTIVATION_TEXTS.invalid);
  if (found.activation.usedAt) throw badRequest(ADMIN_ACTIVATION_TEXTS.used);
  if (found.activation.revokedAt) throw badRequest(ADMIN_ACTIVATION_TEXTS.revoked);
  if (found.expired) throw badRequest(ADMIN_ACTIVATION_TEXTS.expired);
  if (!found.user.isActive) throw forbidden(msg('auth.disabled'));
}

/** The change kinds whose payload carries a proposed link's `activation_token_hash`. */
export const LINK_CHANGE_KINDS = ['admin.create', 'admin.activation'] as const;

/**
 * The public side of a link (no session): `start` hands out a new 2FA secret for the account;
 * `complete` proves the authenticator has it, sets the admin's own password and spends the link,
 * all in one transaction (the 2FA enrolment's own, two-factor.service.ts). The admin then logs in.
 * A link whose proposal is not applied yet says so (awaiting approval, or turned down).
 */
export function createActivationService(deps: {
  db: Db;
  twoFactor: TwoFactorService;
  changes: Pick<ChangesService, 'statusByPayload'>;
}) {
  const { db, twoFactor, changes } = deps;

  /** The link behind a token, or a 400 saying why there is none (yet). */
  async function findLink(tokenHash: string) {
    const found = await repo.findActivation(db, tokenHash);
    if (found) return found;
    const proposal = await changes.statusByPayload(LINK_CHANGE_KINDS, 'activation_token_hash', tokenHash);
    if (proposal === 'pending' || proposal === 'delayed')
      throw badRequest(ADMIN_ACTIVATION_TEXTS.awaitingApproval);
    if (proposal) throw badRequest(ADMIN_ACTIVATION_TEXTS.notApproved);
    throw badRequest(ADMIN_ACTIVATION_TEXTS.invalid);
  }

  return {
    async start(token: string): Promise<ActivationStart> {
      const found = await findLink(hashToken(token));
      assertUsable(found);
      const setup = await twoFactor.setup(found.user);
      return { email: found.user.email, expires_at: found.activation.expiresAt.toISOString(), ...setup };
    },

    async complete(
      body: ActivationCompleteBody,
      client: Omit<AuditActor, 'adminId'>,
      attempts?: (userId: number) => AttemptGuard,
    ): Promise<{ recovery_codes: string[] }> {
      const tokenHash = hashToken(body.token);
      const found = await findLink(tokenHash);
      assertUsable(found);
      const passwordHash = await hashPassword(body.password);
      const actor: AuditActor = { ...client, adminId: found.user.id };
      return twoFactor.enable(found.user, body.code, attempts?.(found.user.id), actor, async (tx) => {
        // Decided on the locked link: of two completions at once, or a link revoked meanwhile, one.
        const locked = await repo.findActivation(tx, tokenHash, true);
        assertUsable(locked);
        if (!(await repo.markActivationUsed(tx, locked.activation.id)))
          throw badRequest(ADMIN_ACTIVATION_TEXTS.used);
        await updateUser(tx, found.user.id, { passwordHash });
        await recordAudit(tx, actor, {
          action: 'admin.activate',
          targetType: 'user',
          targetId: found.user.id,
          before: { activation_pending: true },
          after: { activation_pending: false, activation_id: locked.activation.id },
        });
      });
    },
  };
}

export type ActivationService = ReturnType<typeof createActivationService>;
