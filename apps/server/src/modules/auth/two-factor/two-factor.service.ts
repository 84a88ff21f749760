import { TWOFA_MESSAGES, type TwofaChallenge, type TwofaSetup } from '@platform/contracts';
import { type AppError, badRequest, conflict, unauthorized } from '../../../core/errors.ts';
import type { Db, Executor, Tx } from '../../../db/client.ts';
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
  /**
   * A wrong code, wherever it was asked for (login, 2FA changes, withdrawals): the metrics' counter
   * (a code refused for too many attempts is counted where the attempt limiter refuses it).
   */
  onWrongCode?: () => void;
}

type TwoFactorUser = Pick<UserRow, 'id' | 'email' | 'role' | 'twofaEnabledAt'>;

/** The `data` of a refusal for a missing or wrong code: the client asks for one. */
const TWOFA_CHALLENGE: TwofaChallenge = { twofa_required: true };

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

  /**
   * Spends `code` if it is valid now: true at most once per code, even under races. `exec` is the
   * caller's transaction when the code must be spent only if the rest of it commits.
   */
  async function consumeCode(exec: Executor, userId: number, code: string): Promise<boolean> {
    if (isTotpShaped(code)) {
      const credentials = await repo.findCredentials(exec, userId);
      if (!credentials?.secret) return false;
      const step = matchTotp(credentials.secret, code, now());
      return step !== null && (await repo.claimTimeStep(exec, userId, step));
    }
    return repo.spendRecoveryCode(exec, userId, hashRecoveryCode(code));
  }

  /**
   * The attempt is counted before the code is checked and taken back when it is right, so that only
   * wrong codes count and parallel guesses get at most the limit checked; once it is used up, even
   * a right code is a 429. The count is the limiter's, not `exec`'s: it stands when the transaction
   * rolls back (a check inside a transaction is given a guard counted ahead: countAhead).
   */
  async function checkCode(exec: Executor, userId: number, code: string, attempts: AttemptGuard | undefined) {
    await attempts?.begin();
    if (!(await consumeCode(exec, userId, code))) {
      deps.onWrongCode?.();
      return false;
    }
    await attempts?.succeeded();
    return true;
  }

  /**
   * For an account with 2FA on, spends a valid code in `code` through `exec`; `refuse` builds the
   * error for a missing or wrong one. Accounts without 2FA pass.
   */
  async function requireCode(
    exec: Executor,
    user: TwoFactorUser,
    code: string | undefined,
    attempts: AttemptGuard | undefined,
    refuse: (message: string) => AppError,
  ): Promise<void> {
    if (user.twofaEnabledAt === null) return;
    if (!code) throw refuse(TWOFA_MESSAGES.required);
    if (!(await checkCode(exec, user.id, code, attempts))) throw refuse(TWOFA_MESSAGES.wrong);
  }

  return {
    /** Login of an account with 2FA on: a 401 with twofa_required when the code is missing or wrong. */
    requireForLogin(user: TwoFactorUser, code: string | undefined, attempts: AttemptGuard | undefined) {
      return requireCode(db, user, code, attempts, (message) => unauthorized(message, TWOFA_CHALLENGE));
    },

    /**
     * A money-moving request of an account with 2FA on: 400 with twofa_required when the code is
     * missing or wrong. `exec` is the request's transaction, called once its other checks have
     * passed: a request refused for any other reason leaves the code unspent.
     */
    requireForAction(
      exec: Executor,
      user: TwoFactorUser,
      code: string | undefined,
      attempts: AttemptGuard | undefined,
    ) {
      return requireCode(exec, user, code, attempts, (message) => badRequest(message, TWOFA_CHALLENGE));
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
      /**
       * Runs in the enabling transaction (admin activation sets the password there; the user's own
       * enable records the security change).
       */
      alongside?: (tx: Tx) => Promise<void>,
    ): Promise<{ recovery_codes: string[] }> {
      if (user.twofaEnabledAt !== null) throw conflict(TWOFA_MESSAGES.alreadyEnabled);
      const pending = (await repo.findCredentials(db, user.id))?.pendingSecret;
      if (!pending) throw conflict(TWOFA_MESSAGES.noPendingSetup);
      await attempts?.begin();
      const step = matchTotp(pending, code, now());
      if (step === null) {
        deps.onWrongCode?.();
        throw badRequest(TWOFA_MESSAGES.wrong);
      }
      await attempts?.succeeded();
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction(async (tx) => {
        const locked = await repo.lockCredentials(tx, user.id);
        // Two enables at once, or a new setup since the code was checked: only the first, on its secret.
        if (locked?.enabledAt) throw conflict(TWOFA_MESSAGES.alreadyEnabled);
        if (locked?.pendingSecret !== pending) throw conflict(TWOFA_MESSAGES.noPendingSetup);
        await alongside?.(tx);
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
      /** Runs in the disabling transaction (the user's security change: hold and notice). */
      alongside?: (tx: Tx) => Promise<void>,
    ): Promise<void> {
      if (user.twofaEnabledAt === null) throw conflict(TWOFA_MESSAGES.notEnabled);
      if (!(await checkCode(db, user.id, code, attempts))) throw badRequest(TWOFA_MESSAGES.wrong);
      await db.transaction(async (tx) => {
        const recoveryCodesLeft = await repo.countUnusedRecoveryCodes(tx, user.id);
        await repo.removeTwoFactor(tx, user.id);
        await alongside?.(tx);
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
