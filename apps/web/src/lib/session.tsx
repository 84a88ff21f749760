import {
  getMe,
  login as loginEndpoint,
  logout as logoutEndpoint,
  type PublicUser,
  type RegisterBody,
  register as registerEndpoint,
  type UserLevel,
} from '@platform/contracts';
import { hasPermission, isAdmin, isProfileStale, isSuperAdmin, userLevel } from '@platform/domain';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { i18n } from '../i18n/index.ts';
import { adoptProfileLanguage } from './language.ts';
import { ApiError, call, onTwofaSetupRequired } from './request.ts';
import {
  clearSessionStorage,
  onSessionCleared,
  readProfileCheckedAt,
  readToken,
  readUser,
  TOKEN_KEY,
  USER_KEY,
  writeProfileCheckedAt,
  writeToken,
  writeUser,
} from './storage.ts';

/** What login() throws for a reply without token or user: a marker the login page words (user:auth.loginIncomplete). */
export const LOGIN_INCOMPLETE_MESSAGE = 'login reply without token or user';

export interface SessionSnapshot {
  token: string | null;
  user: PublicUser | null;
}

/** Logged out until both a token and a user are stored. */
function readSnapshot(): SessionSnapshot {
  const token = readToken();
  const user = readUser();
  return token && user ? { token, user } : { token: null, user: null };
}

let snapshot: SessionSnapshot = { token: null, user: null };
let initialised = false;
const listeners = new Set<() => void>();

function emit(next: SessionSnapshot): void {
  snapshot = next;
  for (const listener of [...listeners]) listener();
}

/** The session store: the single source of the signed-in state, backed by local storage. */
export const sessionStore = {
  get(): SessionSnapshot {
    if (!initialised) {
      initialised = true;
      snapshot = readSnapshot();
    }
    return snapshot;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Stores a new session (after login or register). */
  start(token: string, user: PublicUser, now = Date.now()): void {
    writeToken(token);
    writeUser(user);
    writeProfileCheckedAt(now);
    emit({ token, user });
  },
  /** Replaces the cached user after a profile check. */
  updateUser(user: PublicUser, now = Date.now()): void {
    const token = readToken();
    if (!token) return;
    writeUser(user);
    writeProfileCheckedAt(now);
    emit({ token, user });
  },
  /** Re-reads local storage (another tab changed it, or a test did). */
  reload(): void {
    initialised = true;
    emit(readSnapshot());
  },
  /** Ends the session locally (no server call). */
  clear(): void {
    clearSessionStorage();
  },
};

onSessionCleared(() => {
  initialised = true;
  emit({ token: null, user: null });
});

// An admin call refused for want of 2FA: the cached profile is out of date, and the admin shell
// shows the enrolment screen as soon as the user says so.
onTwofaSetupRequired(() => {
  const { user } = sessionStore.get();
  if (user && !user.twofa_setup_required) sessionStore.updateUser({ ...user, twofa_setup_required: true });
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) sessionStore.reload();
  });
}

function requireSession(data: { token?: unknown; user?: unknown } | undefined, incomplete: string) {
  const token = data?.token;
  const user = data?.user;
  if (typeof token !== 'string' || !token || !user || typeof user !== 'object') throw new Error(incomplete);
  return { token, user: user as PublicUser };
}

/**
 * POST /auth/login; `account` is an e-mail or a phone number (sent in the email field). `totp` is the
 * second factor (a 6-digit code or a recovery code) for an account with 2FA: without it the server
 * answers 401 with data.twofa_required.
 */
export async function login(account: string, password: string, totp?: string): Promise<PublicUser> {
  const reply = await call(loginEndpoint, {
    body: { email: account.trim(), password, ...(totp ? { totp } : {}) },
  });
  const session = requireSession(reply.data, LOGIN_INCOMPLETE_MESSAGE);
  sessionStore.start(session.token, session.user);
  adoptProfileLanguage(session.user);
  return session.user;
}

/** POST /auth/register; signs the new user in. */
export async function register(body: RegisterBody): Promise<PublicUser> {
  const reply = await call(registerEndpoint, { body });
  const session = requireSession(reply.data, i18n.t('user:auth.registerFailed'));
  sessionStore.start(session.token, session.user);
  adoptProfileLanguage(session.user);
  return session.user;
}

/** POST /auth/logout (its failure does not keep anyone signed in), then clears local storage. */
export async function logout(): Promise<void> {
  try {
    if (readToken()) await call(logoutEndpoint);
  } catch {
    // The token may already be invalid; the local session ends either way.
  } finally {
    clearSessionStorage();
  }
}

/**
 * GET /auth/me: a reply with success false logs out locally (a 401 about the token is handled by
 * the request layer, which also redirects). A network failure keeps the cached user.
 */
export async function refreshProfile(): Promise<PublicUser | null> {
  try {
    const reply = await call(getMe);
    const user = reply.data?.user;
    if (!user) throw new ApiError(i18n.t('user:me.profileFailed'), 200, 'http', reply);
    sessionStore.updateUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http') {
      if (readToken()) clearSessionStorage();
      return null;
    }
    throw error;
  }
}

/** Re-fetches the profile when the last check is older than PROFILE_REFRESH_MS. Returns whether it did. */
export async function refreshProfileIfStale(now = Date.now()): Promise<boolean> {
  const { token } = sessionStore.get();
  if (!token || !isProfileStale(readProfileCheckedAt(), now)) return false;
  try {
    await refreshProfile();
  } catch {
    // Offline: keep the cached profile and try again on the next load.
  }
  return true;
}

export interface Session extends SessionSnapshot {
  authenticated: boolean;
  level: UserLevel;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  hasPermission(permission: string): boolean;
  login: typeof login;
  register: typeof register;
  logout: typeof logout;
  refreshProfile: typeof refreshProfile;
}

const SessionContext = createContext<Session | null>(null);

export function useSessionSnapshot(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const state = useSessionSnapshot();

  useEffect(() => {
    void refreshProfileIfStale();
  }, []);

  const can = useCallback((permission: string) => hasPermission(state.user, permission), [state.user]);

  const value = useMemo<Session>(
    () => ({
      ...state,
      authenticated: state.token !== null && state.user !== null,
      level: userLevel(state.user),
      isAdmin: isAdmin(state.user),
      isSuperAdmin: isSuperAdmin(state.user),
      hasPermission: can,
      login,
      register,
      logout,
      refreshProfile,
    }),
    [state, can],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
