import { TWOFA_MESSAGES, type TwofaSetup } from '@platform/contracts';
import { type AppError, badRequest, conflict } from '../../../core/errors.ts';
import type { Db } from '../../../db/client.ts';
import { type AuditActor, recordAudit } from '../../audit/audit.service.ts';
import type { AttemptGuard } from '../attempt-limiter.ts';
import type { UserRow } from '../auth.repository.ts';
import {
  hashRecoveryCode,
  isTotpShaped,
  matchTotp,
  newRecoveryCode,
  newTotpSecret,
  otpauthUrl,
  RECOVERY_CODE_COUNT,
} from './totp.ts';
import * as repo from './two-factor.repository.ts';

export interface TwoFactorDeps {
  db: Db;
  /** The issuer authenticator apps show next to the account (the platform's name). */
  issuer: string;
  /** The clock codes are checked against (tests move it). */
  now?: () => number;
}

type TwoFactorUser = Pick<UserRow, 'id' | 'email' | 'role' | 'twofaEnabledAt'>;

/** Audit rows for admins' own 2FA changes: the actor is the admin, from the request. */
const auditOwnChange = async (
  exec: Parameters<typeof recordAudit>[0],
  user: TwoFactorUser,
  actor: AuditActor | undefined,
  action: 'twofa.enable' | 'twofa.disable',
  after: Record<string, unknown>,
) => {
  if (user.role !== 'admin' || !actor) return;
  await recordAudit(exec, actor, {
    action,
    targetType: 'user',
    targetId: user.id,
    before: { twofa_enabled: action === 'twofa.disable' },
    after,
  });
};

/**
 * Two-factor authentication (TOTP, RFC 6238) of one account: setup hands out a secret, enable
 * proves the authenticator has it and returns single-use recovery codes, and every later use
 * (login, disable, withdrawal) takes a code once: an authenticator code only for a time step later
 * than the last accepted one, a recovery code only while unused. Wrong codes count against the
 * account's AttemptGuard.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** Spends `code` if it is valid now: true at most once per code, even under races. */
  async function consumeCode(userId: number, code: string): Promise<boolean> {
    if (isTotpShaped(code)) {
      const credentials = await repo.findCredentials(db, userId);
      if (!credentials?.secret) return false;
      const step = matchTotp(credentials.secret, code, now());
      return step !== null && (await repo.claimTimeStep(db, userId, step));
    }
    return repo.spendRecoveryCode(db, userId, hashRecoveryCode(code));
  }

  /** A wrong code counts against the limit; once it is used up, even a right code is a 429. */
  async function checkCode(userId: number, code: string, attempts: AttemptGuard | undefined) {
    await attempts?.check();
    if (await consumeCode(userId, code)) return true;
    await attempts?.failed();
    return false;
  }

  return {
    /**
     * For an account with 2FA on, requires a valid code in `code`; `refuse` builds the error for
     * a missing or wrong one (a 401 at login, a 400 on a withdrawal). Accounts without 2FA pass.
     */
    async requireCode(
      user: TwoFactorUser,
      code: string | undefined,
      attempts: AttemptGuard | undefined,
      refuse: (message: string) => AppError,
    ): Promise<void> {
      if (user.twofaEnabledAt === null) return;
      if (!code) throw refuse(TWOFA_MESSAGES.required);
      if (!(await checkCode(user.id, code, attempts))) throw refuse(TWOFA_MESSAGES.wrong);
    },

    /** A money-moving request of an account with 2FA on: 400 with twofa_required when the code is missing or wrong. */
    requireForAction(user: TwoFactorUser, code: string | undefined, attempts: AttemptGuard | undefined) {
      return this.requireCode(user, code, attempts, (message) =>
        badRequest(message, { twofa_required: true }),
      );
    },

    /** A new secret, pending until `enable` proves it; a second setup replaces the pending one. */
    async setup(user: TwoFactorUser): Promise<TwofaSetup> {
      if (user.twofaEnabledAt !== null) throw conflict(TWOFA_MESSAGES.alreadyEnabled);
      const secret = newTotpSecret();
      await repo.savePendingSecret(db, user.id, secret);
      return { secret, otpauth_url: otpauthUrl({ issuer: deps.issuer, account: user.email, secret }) };
    },

    async enable(
      user: TwoFactorUser,
      code: string,
      attempts: AttemptGuard | undefined,
      actor?: AuditActor,
    ): Promise<{ recovery_codes: string[] }> {
      if (user.twofaEnabledAt !== null) throw conflict(TWOFA_MESSAGES.alreadyEnabled);
      const pending = (await repo.findCredentials(db, user.id))?.pendingSecret;
      if (!pending) throw conflict(TWOFA_MESSAGES.noPendingSetup);
      await attempts?.check();
      const step = matchTotp(pending, code, now());
      if (step === null) {
        await attempts?.failed();
        throw badRequest(TWOFA_MESSAGES.wrong);
      }
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction(async (tx) => {
        const locked = await repo.lockCredentials(tx, user.id);
        // Two enables at once, or a new setup since the code was checked: only the first, on its secret.
        if (locked?.enabledAt) throw conflict(TWOFA_MESSAGES.alreadyEnabled);
        if (locked?.pendingSecret !== pending) throw conflict(TWOFA_MESSAGES.noPendingSetup);
        await repo.enableSecret(tx, user.id, pending, step);
        await repo.replaceRecoveryCodes(tx, user.id, codes.map(hashRecoveryCode));
        await auditOwnChange(tx, user, actor, 'twofa.enable', {
          twofa_enabled: true,
          recovery_codes: codes.length,
        });
      });
      return { recovery_codes: codes };
    },

    /** Turns 2FA off with a current code or a recovery code. */
    async disable(
      user: TwoFactorUser,
      code: string,
      attempts: AttemptGuard | undefined,
      actor?: AuditActor,
    ): Promise<void> {
      if (user.twofaEnabledAt === null) throw conflict(TWOFA_MESSAGES.notEnabled);
      if (!(await checkCode(user.id, code, attempts))) throw badRequest(TWOFA_MESSAGES.wrong);
      await db.transaction(async (tx) => {
        const recoveryCodesLeft = await repo.countUnusedRecoveryCodes(tx, user.id);
        await repo.removeTwoFactor(tx, user.id);
        await auditOwnChange(tx, user, actor, 'twofa.disable', {
          twofa_enabled: false,
          with_recovery_code: !isTotpShaped(code),
          recovery_codes_left: recoveryCodesLeft,
        });
      });
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
