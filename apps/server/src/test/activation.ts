/**
 * Admin accounts in tests: create an admin through the API (a proposal a second super admin
 * approves) and activate it as its owner would.
 */
import type { AdminChange } from '@platform/contracts';
import { expect } from 'vitest';
import { timeStep, totpAt } from '../modules/auth/two-factor/totp.ts';
import { api, approveAsSecond, saveApproved, type TestApp, uniqueEmail } from './app.ts';

export interface ActivationLink {
  token: string;
  path: string;
}

/** Opens the link and completes it with `password` and a current code; returns the replies and secret. */
export async function activate(t: TestApp, token: string, password = 'Own-secret-1') {
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

type AdminFields = { email?: string; phone?: string; admin_level?: 'admin' | 'super_admin' };

/**
 * An admin proposed by `creatorToken` (a super admin) and created by the approval of the test app's
 * second super admin (docs/admin-accounts.md): its id and e-mail, the link the proposal showed once,
 * and the applied change.
 */
export async function createAdminApproved(t: TestApp, creatorToken: string, body: AdminFields = {}) {
  const email = body.email ?? uniqueEmail('made');
  const proposed = await api<{ change: AdminChange; activation: ActivationLink }>(
    t.app,
    'POST',
    '/api/admin/admins',
    { token: creatorToken, body: { ...body, email } },
  );
  expect(proposed.status, proposed.body.message).toBe(202);
  const { change, activation } = proposed.body.data!;
  const applied = await approveAsSecond(t, change.id);
  expect(applied.status).toBe('applied');
  return { id: Number(applied.target_id), email, activation, change: applied };
}

/**
 * A new admin created by `creatorToken` (a super admin, with a second super admin's approval),
 * activated with `password` and logged in with a fresh code: what an admin the API made looks like
 * to the other tests.
 */
export async function createActivatedAdmin(
  t: TestApp,
  creatorToken: string,
  body: AdminFields = {},
  password = 'Own-secret-1',
) {
  const admin = await createAdminApproved(t, creatorToken, body);
  const { complete, secret } = await activate(t, admin.activation.token, password);
  expect(complete.status, complete.body.message).toBe(200);
  // The enrolment spent this step's code: log in with the next one.
  const login = await api<{ token: string }>(t.app, 'POST', '/api/auth/login', {
    body: { email: admin.email, password, totp: totpAt(secret, timeStep(Date.now()) + 1) },
  });
  expect(login.status, login.body.message).toBe(200);
  return { ...admin, password, secret, token: login.body.data!.token };
}

/** Deletes an admin the way the back office does now: proposed by `token`, approved by the second super admin. */
export const removeAdminApproved = (t: TestApp, token: string, id: number) =>
  saveApproved(t, 'DELETE', `/api/admin/admins/${id}`, { token });
