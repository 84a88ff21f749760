import type { WalletReply } from '@platform/contracts';
import type { Db } from '../db/client.ts';
import { getUserWallets } from '../modules/ledger/ledger.service.ts';
import { type ApiReply, api, registerUser, TEST_USER_PASSWORD, type TestApp, uniqueEmail } from './app.ts';
import { approveKyc, fundUser } from './money.ts';
import { callServer } from './server-process.ts';

export { percentile } from './percentile.ts';

/**
 * The server tests' generic helpers, one copy each (docs/testing.md, "Fixtures"): a test file imports
 * them instead of writing its own (`npm run lint` refuses a test file that defines one of these
 * names; scripts/check-test-helpers.mjs). Next to them: app.ts (createTestApp, api, registerUser,
 * createAdmin), money.ts (channels, approveKyc, fundUser), activation.ts (admins), sockets.ts,
 * smtp.ts, server-process.ts (a real server process).
 */

/** Waits `ms` of real time (or of the fake clock, where a test installed one). */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface LoginOptions {
  /** The authenticator code, when the account has 2FA on. */
  totp?: string;
  /** The device the login is recorded from (the security centre shows it). */
  userAgent?: string;
  /** The client address the server sees (the attempt limits count per address). */
  ip?: string;
  headers?: Record<string, string>;
}

export type LoginReply = ApiReply<{ token: string; user: { id: number; email: string } }>;

/** POST /api/auth/login as `email`; the reply, whatever its status. */
export async function login(
  t: TestApp,
  email: string,
  password: string,
  opts: LoginOptions = {},
): Promise<LoginReply> {
  const raw = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    headers: { ...(opts.userAgent ? { 'user-agent': opts.userAgent } : {}), ...opts.headers },
    payload: { email, password, ...(opts.totp !== undefined ? { totp: opts.totp } : {}) },
  });
  return { status: raw.statusCode, body: raw.json(), raw };
}

/** A session token of `email`: the login must succeed. */
export async function loginToken(
  t: TestApp,
  email: string,
  password: string,
  opts: LoginOptions = {},
): Promise<string> {
  const res = await login(t, email, password, opts);
  if (res.status !== 200 || !res.body.data)
    throw new Error(`login failed: ${res.status} ${res.body.message}`);
  return res.body.data.token;
}

export type WalletData = NonNullable<WalletReply['data']>;

/** GET /api/wallet as the holder of `token`: every wallet and what withdrawing needs. */
export async function walletOf(t: TestApp, token: string): Promise<WalletData> {
  const res = await api<WalletData>(t.app, 'GET', '/api/wallet', { token });
  if (res.status !== 200 || !res.body.data) throw new Error(`wallet: ${res.status} ${res.body.message}`);
  return res.body.data;
}

/** The user's available balance in `currency` as the ledger keeps it (undefined: no wallet yet). */
export async function balanceOf(db: Db, userId: number, currency = 'USDT'): Promise<string | undefined> {
  return (await getUserWallets(db, userId)).find((w) => w.currency === currency)?.balance;
}

/**
 * A registered user with `usdt` USDT (none for '0') and `extra` other coins posted through the
 * ledger, KYC-approved unless `kyc: false` (withdrawals need it).
 */
export async function fundedUser(
  t: TestApp,
  usdt = '1000',
  opts: { kyc?: boolean; extra?: Record<string, string> } = {},
) {
  const user = await registerUser(t.app);
  const db = t.database.db;
  if (opts.kyc !== false) await approveKyc(db, user.user.id);
  if (usdt !== '0') await fundUser(db, user.user.id, usdt);
  for (const [currency, amount] of Object.entries(opts.extra ?? {}))
    await fundUser(db, user.user.id, amount, currency);
  return user;
}

/** Registers a new user (e-mail from `prefix`) on a server process (server-process.ts); its token and id. */
export async function registerOn(
  origin: string,
  prefix = 'user',
): Promise<{ token: string; user: { id: number } }> {
  const res = await callServer<{ token: string; user: { id: number } }>(
    origin,
    'POST',
    '/api/auth/register',
    {
      body: { email: uniqueEmail(prefix), password: TEST_USER_PASSWORD },
    },
  );
  if (!res.data) throw new Error(`register: ${res.status} ${res.message}`);
  return res.data;
}
