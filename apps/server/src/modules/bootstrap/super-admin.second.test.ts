import type { AdminChange } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp } from '../../test/app.ts';
import { loginToken } from '../../test/fixtures.ts';
import { ensureSuperAdmin } from './super-admin.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('two bootstrap super admins (issue 32)', () => {
  it('ADMIN2_EMAIL / ADMIN2_PASSWORD create a second super admin; each approves the other’s change at once', async () => {
    const result = await ensureSuperAdmin(t.database.db, {
      email: 'root1@example.com',
      password: 'first-secret',
      second: { email: 'Root2@example.com', password: 'second-secret' },
    });
    expect(result).toMatchObject({
      created: true,
      email: 'root1@example.com',
      secondEmail: 'root2@example.com',
    });
    const first = await loginToken(t, 'root1@example.com', 'first-secret');
    const second = await loginToken(t, 'root2@example.com', 'second-secret');
    const proposed = await api<{ change: AdminChange }>(
      t.app,
      'PUT',
      '/api/admin/settings/approval-thresholds',
      {
        token: first,
        body: { deposit: '12000', withdrawal: '12000', payout: '6000' },
      },
    );
    expect(proposed.status).toBe(202);
    expect(proposed.body.data!.change.status).toBe('pending');
    const approved = await api(t.app, 'POST', `/api/admin/changes/${proposed.body.data!.change.id}/approve`, {
      token: second,
    });
    expect(approved.status, approved.body.message).toBe(200);
  });
});
