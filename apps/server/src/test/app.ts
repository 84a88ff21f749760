import type { AdminChange } from '@platform/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../core/config.ts';
import { createUser } from '../modules/accounts/create-user.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { users } from '../modules/users/users.schema.ts';
import { TEST_AUDIT_CHAIN_KEY } from './audit-key.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export { TEST_AUDIT_CHAIN_KEY };

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * A real server instance on a fresh database, driven over HTTP through app.inject (or listen()).
 * `openDatabase` gives it another database (one opened with limits, or through a proxy).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  openDatabase: () => Promise<TestDatabase> = createTestDatabase,
  opts: { localNow?: () => number } = {},
): Promise<TestApp> {
  const database = await openDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    REGISTER_RATE_LIMIT_PER_HOUR: '10000',
    MARKET_READ_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    MARKET_DATA_AUTOSTART: 'false',
    TRADING_JOBS_AUTOSTART: 'false',
    // A known simulator key: no secret file is written, and a test's prices are the same every run.
    MARKET_SIM_SEED: 'test-market',
    // One audit chain key for every test server (modules/audit/audit.key.ts): no key file is written.
    AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
    // Admin 2FA is off unless a test opts in (two-factor tests pass ADMIN_2FA_REQUIRED: 'true').
    ADMIN_2FA_REQUIRED: 'false',
    ...env,
  });
  const app = await buildApp({ config, database, localNow: opts.localNow });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface ApiReply<T = Record<string, unknown>> {
  status: number;
  body: { success: boolean; message: string; data?: T };
  raw: LightMyRequestResponse;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export async function api<T = Record<string, unknown>>(
  app: FastifyInstance,
  method: Method,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiReply<T>> {
  const raw = await app.inject({
    method,
    url,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as Record<string, unknown> } : {}),
  });
  return { status: raw.statusCode, body: raw.json(), raw };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${++counter}@example.com`;

/** The password of registerUser's users: one the password policy accepts (issue 33). */
export const TEST_USER_PASSWORD = 'Trade-pass-2026';
/** The password of createAdmin's admins. */
export const TEST_ADMIN_PASSWORD = 'Admin-pass-2026';

export async function registerUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const email = (overrides.email as string | undefined) ?? uniqueEmail();
  const res = await api<{ token: string; user: { id: number; email: string } }>(
    app,
    'POST',
    '/api/auth/register',
    {
      body: { email, password: TEST_USER_PASSWORD, ...overrides },
      headers,
    },
  );
  if (res.status !== 200 || !res.body.data)
    throw new Error(`register failed: ${res.status} ${res.body.message}`);
  return { token: res.body.data.token, user: res.body.data.user, email, password: TEST_USER_PASSWORD };
}

/** Admins are not created over HTTP in this issue: insert one directly, then log in over HTTP. */
export async function createAdmin(
  testApp: TestApp,
  level: 'admin' | 'super_admin' = 'super_admin',
): Promise<{ token: string; id: number; email: string; password: string }> {
  const email = uniqueEmail(level);
  const password = TEST_ADMIN_PASSWORD;
  const db = testApp.database.db;
  const passwordHash = await hashPassword(password);
  const row = await db.transaction((tx) =>
    createUser(tx, { email, passwordHash, role: 'admin', adminLevel: level }),
  );
  const res = await api<{ token: string }>(testApp.app, 'POST', '/api/auth/login', {
    body: { email, password },
  });
  if (!res.body.data) throw new Error(`admin login failed: ${res.body.message}`);
  return { token: res.body.data.token, id: row.id, email, password };
}

/**
 * An admin whose approvals of pending changes count at once (as the bootstrap super admins'), for a
 * second approver (docs/pending-changes.md); createAdmin's admins count only 24 h after creation.
 */
export async function createApprover(testApp: TestApp, level: 'admin' | 'super_admin' = 'super_admin') {
  const admin = await createAdmin(testApp, level);
  await countAsApproverNow(testApp, admin.id);
  return admin;
}

/** Makes an admin's approvals count from now (ages the account past its first 24 h). */
export async function countAsApproverNow(testApp: TestApp, adminId: number): Promise<void> {
  await testApp.database.db.update(users).set({ approverSince: sql`now()` }).where(eq(users.id, adminId));
}

const secondApprovers = new WeakMap<TestApp, Promise<{ token: string; id: number }>>();

/** The test app's second super admin who counts at once (made on first use, one per test app). */
export function secondApprover(testApp: TestApp): Promise<{ token: string; id: number }> {
  let approver = secondApprovers.get(testApp);
  if (!approver) {
    approver = createApprover(testApp, 'super_admin');
    secondApprovers.set(testApp, approver);
  }
  return approver;
}

/** Approves a pending change as the test app's second super admin (throws unless 200). */
async function approvedBySecond(
  testApp: TestApp,
  changeId: number,
): Promise<ApiReply<{ change: AdminChange }>> {
  const { token } = await secondApprover(testApp);
  const approved = await api<{ change: AdminChange }>(
    testApp.app,
    'POST',
    `/api/admin/changes/${changeId}/approve`,
    { token },
  );
  if (approved.status !== 200 || !approved.body.data)
    throw new Error(`not approved: ${approved.status} ${approved.body.message}`);
  return approved;
}

/** Approves a pending change as the test app's second super admin: the change, applied. */
export async function approveAsSecond(testApp: TestApp, changeId: number): Promise<AdminChange> {
  return (await approvedBySecond(testApp, changeId)).body.data!.change;
}

/**
 * Saves a setting whose save is a proposal (202, docs/pending-changes.md) and approves it as a
 * second super admin who counts at once (one per test app): the approval's reply, the change applied.
 */
export async function saveApproved(
  testApp: TestApp,
  method: Method,
  url: string,
  opts: { token: string; body?: unknown },
): Promise<ApiReply<{ change: AdminChange }>> {
  const proposed = await api<{ change: AdminChange }>(testApp.app, method, url, opts);
  if (proposed.status !== 202 || !proposed.body.data)
    throw new Error(`not proposed: ${proposed.status} ${proposed.body.message}`);
  return approvedBySecond(testApp, proposed.body.data.change.id);
}
