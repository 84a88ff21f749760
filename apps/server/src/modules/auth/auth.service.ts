import {
  DEFAULT_LANGUAGE,
  type Language,
  type LoginBody,
  type LoginFailureReason,
  type PasswordBody,
  type ProfileBody,
  type RegisterBody,
  TWOFA_MESSAGES,
  type TwofaSetupChallenge,
} from '@platform/contracts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  tooManyRequests,
  unauthorized,
} from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { msg, t } from '../../i18n/i18n.ts';
import { getUserWallets } from '../ledger/ledger.service.ts';
import { newDeviceLogin } from '../notifications/notices.ts';
import { notify, type WrittenNotification } from '../notifications/notifications.service.ts';
import { toPublicUser } from '../users/user-view.ts';
import { findUserByEmail, findUserById, findUserByPhone, type NewUser, updateUser } from '../users/users.ts';
import { recordLoginEvent } from './account-security/account-security.repository.ts';
import type { AttemptGuard } from './attempt-limiter.ts';
import * as repo from './auth.repository.ts';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords.ts';
import { recordSecurityChange } from './security-changes.ts';
import { createLookupQueue, type SessionCache } from './session-cache.ts';
import { hashToken, newToken } from './tokens.ts';
import type { TwoFactorService } from './two-factor/two-factor.service.ts';

/** The attempt limits of a login, each for the account the identifier matched. */
export interface LoginAttempts {
  password: (userId: number) => AttemptGuard;
  twofa: (userId: number) => AttemptGuard;
}

export interface ClientInfo {
  ip?: string | null;
  userAgent?: string | null;
  /** The request's language (Accept-Language's before login); the account's own choice comes first. */
  language?: Language;
}

/** What is kept of a User-Agent (sessions and login events): enough to name the device. */
const storedUserAgent = (client: ClientInfo) => client.userAgent?.slice(0, 300) ?? null;

export interface AuthServiceDeps {
  db: Db;
  sessionTtlHours: number;
  /** Admin sessions: idle and absolute limits (ADMIN_IDLE_TIMEOUT_MINUTES, ADMIN_SESSION_MAX_HOURS). */
  adminSession: repo.AdminSessionPolicy;
  /** ADMIN_2FA_REQUIRED: an admin without 2FA reaches only enrolment. */
  admin2faRequired: boolean;
  twoFactor: TwoFactorService;
  /**
   * Opens the account a registration makes, in its transaction: accounts/create-user.ts's createUser
   * (user, referral tree node, wallet). Passed in, so that auth imports neither team nor the ledger.
   */
  createUser: (tx: Tx, values: NewUser) => Promise<repo.UserRow>;
  /** Called with revoked session ids so that their sockets are disconnected at once. */
  onSessionsRevoked?: (sessionIds: string[]) => void;
  /**
   * After a commit that wrote notifications (a password change's security notice, a login from a
   * new device): pushes them, and mails the security notices (index.ts).
   */
  onNotified?: (written: WrittenNotification[]) => void;
  /** After a registration: sends the e-mail verification link (recovery/recovery.service.ts). */
  afterRegistration?: (user: repo.UserRow) => Promise<void>;
  /** Sessions looked up lately (see session-cache.ts); without it every request asks the database. */
  sessionCache?: SessionCache<AuthenticatedSession>;
  /**
   * A login refused where auth decides it (the metrics' counter): wrong account or password
   * (rejected), or too many attempts for the account or the address (limited). A wrong 2FA code is
   * the two-factor service's to count.
   */
  onLoginFailure?: (reason: 'rejected' | 'limited') => void;
}

export interface AuthenticatedSession {
  sessionId: string;
  user: repo.UserRow;
}

type FoundSession = repo.FoundSession;

/**
 * Lookups that miss the cache at about the same time share a statement (createLookupQueue): one at
 * a time; a lone lookup waits for nothing, and while misses keep coming (one started in the last
 * 100 ms: a reconnect storm) a lookup waits up to 10 ms for others, at most 256 together.
 */
const LOOKUP_QUEUE = { maxBatch: 256, gatherMs: 10, busyWindowMs: 100 };

/**
 * How long a lookup's answer holds, by the database's clock: until the session expires and, for an
 * admin, until its idle or absolute limit, and no longer than last_seen_at stays within the touch
 * interval, so that a session in use still has it refreshed in the database once a minute (the
 * admin idle limit and 安全中心's last use read it there).
 */
function answerHoldsMs(found: FoundSession, admin: repo.AdminSessionPolicy): number {
  const { session, now } = found;
  const lastSeen = found.touched ? now : session.lastSeenAt.getTime();
  let until = Math.min(session.expiresAt.getTime(), lastSeen + repo.TOUCH_INTERVAL_MS);
  if (found.user.role === 'admin') {
    until = Math.min(
      until,
      session.createdAt.getTime() + admin.maxHours * 3_600_000,
      lastSeen + admin.idleMinutes * 60_000,
    );
  }
  return until - now;
}

export const tooManyWrongLoginPasswords = (seconds: number) =>
  tooManyRequests(msg('auth.tooManyWrongPasswords', { minutes: Math.max(1, Math.ceil(seconds / 60)) }));

/**
 * Why a login's second step failed, as 安全中心 lists it; none when the code was not given yet
 * (the first step of a 2FA login asks for it: no attempt has failed).
 */
function twofaFailure(err: unknown, code: string | undefined): LoginFailureReason | null {
  if (err instanceof AppError && err.statusCode === 429) return 'locked';
  return code ? 'totp' : null;
}

/** The Chinese texts of three answers, which tests and callers compare with. */
export const INVALID_TOKEN_MESSAGE = t('zh-CN', 'auth.tokenInvalid');
export const DISABLED_MESSAGE = t('zh-CN', 'auth.disabled');
export const ADMIN_SESSION_TIMED_OUT = t('zh-CN', 'auth.adminSessionTimedOut');

const TWOFA_SETUP_CHALLENGE: TwofaSetupChallenge = { twofa_setup_required: true };
/** A 403 an admin still to enrol in 2FA gets from every call but enrolment's own. */
export const twofaSetupRequired = () => forbidden(TWOFA_MESSAGES.setupRequired, TWOFA_SETUP_CHALLENGE);

export function createAuthService(deps: AuthServiceDeps) {
  const { db } = deps;

  /** An admin needs 2FA on before the back office serves them. */
  const needsTwofaSetup = (user: Pick<repo.UserRow, 'role' | 'twofaEnabledAt'>) =>
    deps.admin2faRequired && user.role === 'admin' && user.twofaEnabledAt === null;
  /** The caller as shown to them, in their own language, else the request's (`language`). */
  const publicUser = async (user: repo.UserRow, language: Language | undefined) =>
    toPublicUser(user, {
      twofaSetupRequired: needsTwofaSetup(user),
      wallets: await getUserWallets(db, user.id),
      language: user.language ?? language ?? DEFAULT_LANGUAGE,
    });

  const sessionLookups = createLookupQueue<string, FoundSession>({
    ...LOOKUP_QUEUE,
    lookup: (tokenHashes) => repo.findSessions(db, tokenHashes, deps.adminSession),
  });

  /** An attempt on a known account, for the owner's 安全中心 (`failure` null: a success). */
  const recordLogin = (userId: number, client: ClientInfo, failure: LoginFailureReason | null) =>
    recordLoginEvent(db, {
      userId,
      success: failure === null,
      failureReason: failure,
      ip: client.ip ?? null,
      userAgent: storedUserAgent(client),
    });

  async function openSession(user: repo.UserRow, client: ClientInfo) {
    const token = newToken();
    const hours =
      user.role === 'admin'
        ? Math.min(deps.sessionTtlHours, deps.adminSession.maxHours)
        : deps.sessionTtlHours;
    const expiresAt = new Date(Date.now() + hours * 3_600_000);
    await repo.insertSession(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt,
      ip: client.ip ?? null,
      userAgent: storedUserAgent(client),
    });
    return token;
  }

  /**
   * Resolves a bearer token to its live session and active user, or throws a 401 naming the token.
   * Only sessions in force are cached: every refusal is decided by the database.
   */
  async function authenticate(token: string | undefined): Promise<AuthenticatedSession> {
    if (!token) throw unauthorized(msg('auth.noToken'));
    const tokenHash = hashToken(token);
    const cache = deps.sessionCache;
    const cached = await cache?.get(tokenHash);
    if (cached) return cached;
    const mark = cache?.mark();
    const found = await sessionLookups.get(tokenHash);
    if (!found) throw unauthorized(msg('auth.tokenInvalid'));
    if (found.timedOut) throw unauthorized(msg('auth.adminSessionTimedOut'));
    if (found.expired) throw unauthorized(msg('auth.tokenInvalid'));
    if (!found.user.isActive) throw unauthorized(msg('auth.disabledToken'));
    // Frozen: one answer serves many requests, none of which may change it for the others.
    const auth = Object.freeze({ sessionId: found.session.id, user: Object.freeze(found.user) });
    if (mark) cache?.put(tokenHash, found.user.id, auth, answerHoldsMs(found, deps.adminSession), mark);
    return auth;
  }

  return {
    async register(body: RegisterBody, client: ClientInfo) {
      const passwordHash = await hashPassword(body.password);
      let user: repo.UserRow;
      try {
        user = await db.transaction(async (tx) => {
          if (await findUserByEmail(tx, body.email)) throw conflict(msg('auth.emailTaken'));
          if (body.phone && (await findUserByPhone(tx, body.phone))) throw conflict(msg('auth.phoneTaken'));
          return deps.createUser(tx, {
            email: body.email,
            phone: body.phone ?? null,
            passwordHash,
            invitedByCode: body.invite_code ?? null,
          });
        });
      } catch (err) {
        // Two registrations racing for one e-mail: the unique index decides, the loser gets a 409.
        if (isUniqueViolation(err, 'users_email_key')) throw conflict(msg('auth.emailTaken'));
        if (isUniqueViolation(err, 'users_phone_key')) throw conflict(msg('auth.phoneTaken'));
        throw err;
      }
      const token = await openSession(user, client);
      await deps.afterRegistration?.(user);
      return { token, user: await publicUser(user, client.language) };
    },

    /**
     * The password first (a wrong one says nothing about 2FA), then, for an account with 2FA on,
     * the code or a recovery code in `totp`: missing or wrong is a 401 with twofa_required and no
     * session. `attempts.password` limits wrong passwords per account (the route's rate limit is
     * the per-IP one) and `attempts.twofa` wrong codes per account and per IP. Each counts the
     * attempt before checking it and takes it back on success, which erases no earlier failure:
     * only the window's end does, so neither the owner nor anyone else resets an attacker's count.
     */
    async login(body: LoginBody, client: ClientInfo, attempts?: LoginAttempts) {
      const identifier = (body.account ?? body.email ?? body.phone ?? '').trim();
      if (!identifier) throw badRequest(msg('auth.accountRequired'));
      const user = identifier.includes('@')
        ? await findUserByEmail(db, identifier)
        : await findUserByPhone(db, identifier);
      const passwordAttempt = user ? attempts?.password(user.id) : undefined;
      if (user && passwordAttempt) {
        try {
          await passwordAttempt.begin();
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 429) deps.onLoginFailure?.('limited');
          await recordLogin(user.id, client, 'locked');
          throw err;
        }
      }
      const valid = user
        ? await verifyPassword(user.passwordHash, body.password)
        : await verifyPassword(await timingDummyHash(), body.password).then(() => false);
      if (!user || !valid) {
        deps.onLoginFailure?.('rejected');
        if (user) await recordLogin(user.id, client, 'password');
        throw unauthorized(msg('auth.wrongCredentials'));
      }
      await passwordAttempt?.succeeded();
      if (!user.isActive) {
        await recordLogin(user.id, client, 'disabled');
        throw forbidden(msg('auth.disabled'));
      }
      try {
        await deps.twoFactor.requireForLogin(user, body.totp, attempts?.twofa(user.id));
      } catch (err) {
        const failure = twofaFailure(err, body.totp);
        if (failure) await recordLogin(user.id, client, failure);
        throw err;
      }
      const device = await repo.deviceOfLogin(db, user.id, storedUserAgent(client));
      const token = await openSession(user, client);
      await recordLogin(user.id, client, null);
      if (device === 'new') {
        const notice = newDeviceLogin({
          userId: user.id,
          at: new Date(),
          ip: client.ip ?? null,
          device: storedUserAgent(client),
        });
        deps.onNotified?.(await notify(db, [notice]));
      }
      const updated = (await updateUser(db, user.id, { lastLogin: new Date() })) ?? user;
      return { token, user: await publicUser(updated, client.language) };
    },

    authenticate,

    /** The login route's per-address rate limit refused a login (its plugin decides, not login()). */
    loginLimitedByAddress() {
      deps.onLoginFailure?.('limited');
    },

    /**
     * authenticate, for every call but the few an admin still to enrol in 2FA may make (me, logout,
     * the 2FA routes): such an admin gets a 403 with twofa_setup_required.
     */
    async authenticateEnrolled(token: string | undefined) {
      const found = await authenticate(token);
      if (needsTwofaSetup(found.user)) throw twofaSetupRequired();
      return found;
    },

    async logout(sessionId: string) {
      await repo.revokeSession(db, sessionId);
      deps.onSessionsRevoked?.([sessionId]);
    },

    /** The caller as shown to them; the guard has just loaded the row with the session. */
    me(user: repo.UserRow, language?: Language) {
      return publicUser(user, language);
    },

    async updateProfile(userId: number, body: ProfileBody, language?: Language) {
      const changes: { nickname?: string | null; phone?: string | null } = {};
      if (body.nickname !== undefined) changes.nickname = body.nickname || null;
      if (body.phone !== undefined) changes.phone = body.phone || null;
      try {
        const user =
          Object.keys(changes).length > 0
            ? await updateUser(db, userId, changes)
            : await findUserById(db, userId);
        if (!user) throw unauthorized(msg('auth.tokenInvalid'));
        return publicUser(user, language);
      } catch (err) {
        if (isUniqueViolation(err, 'users_phone_key')) throw conflict(msg('auth.phoneTaken'));
        throw err;
      }
    },

    /**
     * Changing the password keeps the current session and revokes every other one. `attempts`
     * limits wrong old passwords (a stolen session must not be a way to guess the password).
     */
    /** Holds withdrawals for 24 h and notifies the user (security-changes.ts), from `client`'s IP. */
    async changePassword(
      userId: number,
      sessionId: string,
      body: PasswordBody,
      attempts?: AttemptGuard,
      client?: ClientInfo,
    ) {
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized(msg('auth.tokenInvalid'));
      await attempts?.begin();
      if (!(await verifyPassword(user.passwordHash, body.oldPassword)))
        throw badRequest(msg('auth.wrongOldPassword'));
      await attempts?.succeeded();
      if (body.oldPassword === body.newPassword) throw badRequest(msg('auth.samePassword'));
      const passwordHash = await hashPassword(body.newPassword);
      const { revoked, notices } = await db.transaction(async (tx) => {
        await updateUser(tx, userId, { passwordHash });
        const notices = await recordSecurityChange(tx, {
          userId,
          change: 'password_changed',
          ip: client?.ip ?? null,
        });
        return { revoked: await repo.revokeUserSessions(tx, userId, sessionId), notices };
      });
      deps.onSessionsRevoked?.(revoked);
      deps.onNotified?.(notices);
      return { revokedSessions: revoked.length };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
