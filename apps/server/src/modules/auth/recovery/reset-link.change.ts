import { PASSWORD_RESET_TTL_MINUTES } from '@platform/contracts';
import { z } from 'zod';
import { badRequest, notFound } from '../../../core/errors.ts';
import type { Executor } from '../../../db/client.ts';
import { msg, t } from '../../../i18n/i18n.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import type { ChangeKindDefinition, ChangesService } from '../../changes/changes.service.ts';
import { lockUserById } from '../../users/users.ts';
import type { UserRow } from '../auth.repository.ts';
import * as repo from './recovery.repository.ts';

/**
 * The support flow's reset link as a pending change (issue 32, docs/pending-changes.md): one super
 * admin alone could otherwise take over any user account. The link is made when proposed and only
 * its hash is in the payload; the approval (or the 24 h delay) puts it in force for
 * PASSWORD_RESET_TTL_MINUTES from then. Until then the reset page says why it does not work.
 */
export const RESET_LINK_CHANGE = 'user.password_reset_link';

const LINK_FORMAT = t('zh-CN', 'auth.resetLinkFormat');
const payload = z.object({ token_hash: z.string().regex(/^[0-9a-f]{64}$/, LINK_FORMAT) });
type ResetLinkPayload = z.infer<typeof payload>;

/** A user account that may get a support link, or the reason it may not (when proposed and approved). */
async function lockRecoverable(exec: Executor, targetId: string | null): Promise<UserRow> {
  const user = await lockUserById(exec, Number(targetId));
  if (!user || user.deletedAt) throw notFound(msg('auth.userNotFound'));
  if (user.role !== 'user') throw badRequest(msg('auth.adminUsesActivation'));
  if (!user.isActive) throw badRequest(msg('auth.userDisabledReset'));
  return user;
}

/** The account as the approver sees it: its e-mail changing meanwhile makes the change stale. */
async function snapshot(exec: Executor, targetId: string | null) {
  const user = await lockUserById(exec, Number(targetId));
  return user ? { email: user.email, is_active: user.isActive } : null;
}

export function registerResetLinkChange(changes: Pick<ChangesService, 'registerKind'>) {
  const kind: ChangeKindDefinition<ResetLinkPayload> = {
    kind: RESET_LINK_CHANGE,
    requiredLevel: 'super_admin',
    targetType: 'user',
    validate: (value) => {
      const parsed = payload.safeParse(value);
      if (!parsed.success) throw badRequest(msg('auth.resetLinkFormat'));
      return parsed.data;
    },
    check: async (tx, _after, { targetId }) => {
      await lockRecoverable(tx, targetId);
    },
    readCurrent: snapshot,
    async apply(tx, after, { actor, change }) {
      const user = await lockRecoverable(tx, change.targetId);
      const { expiresAt } = await repo.issueAccountToken(tx, {
        userId: user.id,
        purpose: 'password_reset',
        tokenHash: after.token_hash,
        email: user.email,
        ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
        issuedBy: change.proposerAdminId,
      });
      await recordAudit(tx, actor, {
        action: 'user.password_reset_link',
        targetType: 'user',
        targetId: user.id,
        after: {
          expires_at: expiresAt.toISOString(),
          change_id: change.id,
          proposed_by: change.proposerAdminId,
          approved_by: actor.adminId === change.proposerAdminId ? null : actor.adminId,
        },
      });
    },
    // Never the token's hash: the e-mail says whom, the sentence what the approval does.
    present: (before, _after, language) => {
      const user = before as Awaited<ReturnType<typeof snapshot>>;
      if (!user) return { before, after: null };
      return {
        before: { [user.email]: t(language, 'backOffice.changes.resetLinkBefore') },
        after: {
          [user.email]: t(language, 'backOffice.changes.resetLinkAfter', {
            minutes: PASSWORD_RESET_TTL_MINUTES,
          }),
        },
      };
    },
  };
  changes.registerKind(kind as ChangeKindDefinition);
}
