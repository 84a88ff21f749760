import {
  DEFAULT_LANGUAGE,
  EMAIL_VERIFICATION_TTL_HOURS,
  type Language,
  PASSWORD_RESET_TTL_MINUTES,
  RECOVERY_MESSAGES,
  type ResetLinkProposal,
  type ResetPasswordBody,
} from '@platform/contracts';
import { badRequest, retryShortly, tooManyRequests } from '../../../core/errors.ts';
import type { Db } from '../../../db/client.ts';
import { msg } from '../../../i18n/i18n.ts';
import type { AuditActor } from '../../audit/audit.service.ts';
import type { ChangesService } from '../../changes/changes.service.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passwordResetMail, verificationMail } from '../../mail/templates.ts';
import type { WrittenNotification } from '../../notifications/notifications.service.ts';
import { findUserByEmail, findUserById, markEmailVerified, updateUser } from '../../users/users.ts';
import * as authRepo from '../auth.repository.ts';
import type { ClientInfo } from '../auth.service.ts';
import { hashPassword } from '../passwords.ts';
import { recordSecurityChange } from '../security-changes.ts';
import { hashToken, newToken } from '../tokens.ts';
import * as repo from './recovery.repository.ts';
import { RESET_LINK_CHANGE } from './reset-link.change.ts';

/** At most one mailed link of a kind per account and minute, whoever asks. */
const MAIL_INTERVAL_SECONDS = 60;

export interface RecoveryServiceDeps {
  db: Db;
  mailer: Mailer;
  onSessionsRevoked?: (sessionIds: string[]) => void;
  /** After the commit: pushes the security notice and mails it (index.ts). */
  onNotified?: (written: WrittenNotification[]) => void;
  /** Support links are proposals (reset-link.change.ts registers their kind). */
  changes: Pick<ChangesService, 'propose' | 'statusByPayload'>;
}

/** A user account (not an admin: admins recover through activation links) that may sign in. */
const recoverable = (user: authRepo.UserRow | undefined): user is authRepo.UserRow =>
  user !== undefined && user.role === 'user' && user.isActive && user.deletedAt === null;

/**
 * Account recovery and e-mail verification (issue 33, docs/mail.md). Every link is a newToken()
 * kept only as its hash, spent once, and valid until a time set by the database's clock.
 */
export function createRecoveryService(deps: RecoveryServiceDeps) {
  const { db, mailer } = deps;

  async function mailVerification(user: Pick<authRepo.UserRow, 'id' | 'email' | 'language'>) {
    const token = newToken();
    await repo.issueAccountToken(db, {
      userId: user.id,
      purpose: 'email_verification',
      tokenHash: hashToken(token),
      email: user.email,
      ttlMinutes: EMAIL_VERIFICATION_TTL_HOURS * 60,
    });
    const link = mailer.link(`/verify-email?token=${token}`);
    return verificationMail(user.email, link, user.language ?? DEFAULT_LANGUAGE);
  }

  /**
   * Why no link in force has this hash: a support link whose proposal is still open or was turned
   * down says so; anything else (forged, spent, expired) is the same invalid link.
   */
  async function unusableLinkText(tokenHash: string): Promise<string> {
    const proposal = await deps.changes.statusByPayload([RESET_LINK_CHANGE], 'token_hash', tokenHash);
    if (proposal === 'pending' || proposal === 'delayed') return RECOVERY_MESSAGES.resetAwaitingApproval;
    if (proposal !== null && proposal !== 'applied') return RECOVERY_MESSAGES.resetNotApproved;
    return RECOVERY_MESSAGES.resetLinkInvalid;
  }

  return {
    /** After a registration: the verification mail, sent in the background (no SMTP: none). */
    async afterRegistration(user: Pick<authRepo.UserRow, 'id' | 'email' | 'language'>) {
      if (!mailer.configured) return;
      mailer.post(await mailVerification(user));
    },

    /** 重新发送 in 安全中心: refused when verified, without SMTP, or within a minute of the last. */
    async resendVerification(user: authRepo.UserRow) {
      if (user.emailVerifiedAt) throw badRequest(RECOVERY_MESSAGES.alreadyVerified);
      if (!mailer.configured) throw badRequest(RECOVERY_MESSAGES.mailNotConfigured);
      if (await repo.issuedWithin(db, user.id, 'email_verification', MAIL_INTERVAL_SECONDS)) {
        throw tooManyRequests(RECOVERY_MESSAGES.tooManyRequests);
      }
      const mail = await mailVerification(user);
      try {
        await mailer.send(mail);
      } catch {
        throw retryShortly(msg('auth.mailFailed'));
      }
    },

    async verifyEmail(token: string) {
      const verified = await db.transaction(async (tx) => {
        const spent = await repo.consumeAccountToken(tx, hashToken(token), 'email_verification');
        return spent !== null && (await markEmailVerified(tx, spent.userId, spent.email));
      });
      if (!verified) throw badRequest(RECOVERY_MESSAGES.verifyLinkInvalid);
    },

    /**
     * 忘记密码: mails a reset link when `email` belongs to a user account that may sign in, and
     * does nothing else otherwise; the caller answers the same either way, and the mail leaves
     * after the answer, so neither the words nor the time tell whether the account exists.
     */
    async forgotPassword(email: string) {
      if (!mailer.configured) return;
      const user = await findUserByEmail(db, email.trim().toLowerCase());
      if (!recoverable(user)) return;
      if (await repo.issuedWithin(db, user.id, 'password_reset', MAIL_INTERVAL_SECONDS)) return;
      const token = newToken();
      await repo.issueAccountToken(db, {
        userId: user.id,
        purpose: 'password_reset',
        tokenHash: hashToken(token),
        email: user.email,
        ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
      });
      const link = mailer.link(`/reset-password?token=${token}`);
      mailer.post(passwordResetMail(user.email, link, user.language ?? DEFAULT_LANGUAGE));
    },

    /**
     * Sets the password through a reset link, once: spends the link, sets the password, revokes
     * every session and records the security change (withdrawals held 24 h, the owner notified and
     * mailed), all in one transaction. A link sent by mail also proves the mailbox: verified.
     */
    async resetPassword(body: ResetPasswordBody, client: ClientInfo) {
      const passwordHash = await hashPassword(body.password);
      const tokenHash = hashToken(body.token);
      const done = await db.transaction(async (tx) => {
        const spent = await repo.consumeAccountToken(tx, tokenHash, 'password_reset');
        if (!spent) return null;
        const user = await findUserById(tx, spent.userId);
        if (!recoverable(user)) throw badRequest(RECOVERY_MESSAGES.resetLinkInvalid);
        await updateUser(tx, user.id, { passwordHash });
        if (spent.issuedBy === null) await markEmailVerified(tx, user.id, spent.email);
        const notices = await recordSecurityChange(tx, {
          userId: user.id,
          change: 'password_reset',
          ip: client.ip ?? null,
        });
        return { revoked: await authRepo.revokeUserSessions(tx, user.id), notices };
      });
      if (!done) throw badRequest(await unusableLinkText(tokenHash));
      deps.onSessionsRevoked?.(done.revoked);
      deps.onNotified?.(done.notices);
    },

    /**
     * The support flow (no SMTP, or a user without access to their mailbox): a super admin proposes
     * a reset link for a user account (RESET_LINK_CHANGE, reset-link.change.ts). The link is shown
     * once, here; only its hash is kept, and it works once another super admin approves (or the
     * 24 h delay passes). The rules on the account run now and again at the approval.
     */
    async proposeResetLink(
      actor: AuditActor,
      userId: number,
      language?: Language,
    ): Promise<ResetLinkProposal> {
      const token = newToken();
      const change = await deps.changes.propose(
        RESET_LINK_CHANGE,
        String(userId),
        { token_hash: hashToken(token) },
        actor,
        language,
      );
      return {
        change,
        reset_link: {
          link: mailer.link(`/reset-password?token=${token}`),
          valid_minutes: PASSWORD_RESET_TTL_MINUTES,
        },
      };
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
