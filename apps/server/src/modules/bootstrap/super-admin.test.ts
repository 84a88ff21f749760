import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp } from '../../test/app.ts';
import { users } from '../users/users.schema.ts';
import { DEFAULT_ADMIN_EMAIL, ensureSuperAdmin } from './super-admin.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('super admin bootstrap', () => {
  it('generates a strong password once, and never again once a super admin exists', async () => {
    // Two instances starting together: the advisory lock lets exactly one create the admin.
    const racing = await Promise.all([
      ensureSuperAdmin(t.database.db, {}),
      ensureSuperAdmin(t.database.db, {}),
    ]);
    expect(racing.filter((r) => r.created)).toHaveLength(1);
    const first = racing.find((r) => r.created)!;
    expect(first.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(first.generatedPassword?.length).toBeGreaterThanOrEqual(20);

    const login = await api<{ user: { role: string; admin_level: string } }>(
      t.app,
      'POST',
      '/api/auth/login',
      {
        body: { email: DEFAULT_ADMIN_EMAIL, password: first.generatedPassword },
      },
    );
    expect(login.status).toBe(200);
    expect(login.body.data!.user).toMatchObject({ role: 'admin', admin_level: 'super_admin' });

    const again = await Promise.all([
      ensureSuperAdmin(t.database.db, {}),
      ensureSuperAdmin(t.database.db, {}),
    ]);
    expect(again.map((r) => r.created)).toEqual([false, false]);
    const supers = await t.database.db.select().from(users).where(eq(users.adminLevel, 'super_admin'));
    expect(supers).toHaveLength(1);
  });
});
