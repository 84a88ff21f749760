/** Admin activation links in tests: create an admin through the API and activate it as its owner would. */
import { expect } from 'vitest';
import { timeStep, totpAt } from '../modules/auth/two-factor/totp.ts';
import { api, type TestApp, uniqueEmail } from './app.ts';

export interface ActivationLink {
  token: string;
  path: string;
  expires_at: string;
}

/** Opens the link and completes it with `password` and a current code; returns the replies and secret. */
export async function activate(t: TestApp, token: string, password = 'secret1') {
  const start = await api<{ secret: string; email: string }>(t.app, 'POST', '/api/auth/activation/start', {
    body: { token },
  });
  const secret = start.body.data?.secret ?? '';
  const code = secret ? totpAt(secret, timeStep(Date.now())) : '000000';
  const complete = await api<{ recovery_codes: string[] }>(t.app, 'POST', '/api/auth/activation/complete', {
    body: { token, password, code },
  });
  return { start, complete, secret };
}

/**
 * A new admin created by `creatorToken` (a super admin), activated with `password` and logged in
 * with a fresh code: what an admin the API made looks like to the other tests.
 */
export async function createActivatedAdmin(
  t: TestApp,
  creatorToken: string,
  body: { email?: string; phone?: string; admin_level?: 'admin' | 'super_admin' } = {},
  password = 'secret1',
) {
  const email = body.email ?? uniqueEmail('made');
  const created = await api<{ admin: { id: number; email: string }; activation: ActivationLink }>(
    t.app,
    'POST',
    '/api/admin/admins',
    { token: creatorToken, body: { ...body, email } },
  );
  expect(created.status, created.body.message).toBe(200);
  const { admin, activation } = created.body.data!;
  const { complete, secret } = await activate(t, activation.token, password);
  expect(complete.status, complete.body.message).toBe(200);
  // The enrolment spent this step's code: log in with the next one.
  const login = await api<{ token: string }>(t.app, 'POST', '/api/auth/login', {
    body: { email, password, totp: totpAt(secret, timeStep(Date.now()) + 1) },
  });
  expect(login.status, login.body.message).toBe(200);
  return { ...admin, email, password, secret, token: login.body.data!.token, activation };
}
