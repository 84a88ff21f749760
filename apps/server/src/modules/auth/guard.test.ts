import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { createUser } from '../accounts/create-user.ts';
import { createAuthService } from './auth.service.ts';
import { bearerToken, createGuards } from './guard.ts';
import { createTwoFactorService } from './two-factor/two-factor.service.ts';

let t: TestApp;
let guards: ReturnType<typeof createGuards>;
beforeAll(async () => {
  t = await createTestApp();
  guards = createGuards(
    createAuthService({
      db: t.database.db,
      sessionTtlHours: 1,
      adminSession: { idleMinutes: 30, maxHours: 12 },
      admin2faRequired: false,
      twoFactor: createTwoFactorService({ db: t.database.db, issuer: 'test' }),
      createUser,
    }),
  );
});
afterAll(async () => t?.close());

const requestWith = (token?: string) =>
  ({ headers: token ? { authorization: `Bearer ${token}` } : {}, auth: null }) as unknown as FastifyRequest;
const reply = {} as FastifyReply;
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { statusCode?: number }) => e.statusCode ?? 500,
  );

describe('route guards', () => {
  it('parses only well-formed bearer headers', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });

  it('lets each role through exactly the doors it may pass', async () => {
    const user = await registerUser(t.app);
    const admin = await createAdmin(t, 'admin');
    const superAdmin = await createAdmin(t, 'super_admin');
    const cases: Array<[string, string | undefined, [number, number, number]]> = [
      ['visitor', undefined, [401, 401, 401]],
      ['user', user.token, [200, 403, 403]],
      ['admin', admin.token, [200, 200, 403]],
      ['super admin', superAdmin.token, [200, 200, 200]],
    ];
    for (const [who, token, expected] of cases) {
      const got = [
        await statusOf(guards.requireUser(requestWith(token), reply)),
        await statusOf(guards.requireAdmin(requestWith(token), reply)),
        await statusOf(guards.requireSuperAdmin(requestWith(token), reply)),
      ];
      expect(got, who).toEqual(expected);
    }
  });
});
