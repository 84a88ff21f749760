import type { SetupChecklist, SetupChecklistKey } from '@platform/contracts';
import { trc20AddressOf } from '@platform/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, saveApproved, type TestApp } from '../../test/app.ts';
import { insertWithdrawChannel } from '../../test/money.ts';
import { readSetupChecklist } from './setup-checklist.ts';

/**
 * The setup checklist of a fresh install: every item starts undone and is ticked only by doing the
 * thing through the back office's own calls (a channel proposed and approved, the thresholds saved,
 * a second super admin), and comes back undone when it is undone.
 */

let t: TestApp;
let root: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  root = await createAdmin(t, 'super_admin');
});
afterAll(() => t?.close());

const checklist = async (token = root.token) => {
  const res = await api<SetupChecklist>(t.app, 'GET', '/api/admin/setup-checklist', { token });
  return { status: res.status, data: res.body.data as SetupChecklist, message: res.body.message };
};
const done = (list: SetupChecklist) =>
  Object.fromEntries(list.items.map((item) => [item.key, item.done])) as Record<SetupChecklistKey, boolean>;

describe('GET /api/admin/setup-checklist', () => {
  it('is for admins only: 401 without a token, 403 for a user', async () => {
    expect((await api(t.app, 'GET', '/api/admin/setup-checklist')).status).toBe(401);
    const user = await registerUser(t.app);
    expect((await checklist(user.token)).status).toBe(403);
  });

  it('starts with every item undone on a fresh install, in order, each saying why', async () => {
    const { status, data } = await checklist();
    expect(status).toBe(200);
    expect(data.items.map((item) => item.key)).toEqual([
      'price_sources',
      'deposit_channels',
      'withdraw_channels',
      'approval_thresholds',
      'second_super_admin',
      'admin_two_factor',
    ]);
    expect(data.items.every((item) => !item.done)).toBe(true);
    expect(data.complete).toBe(false);
    const detail = Object.fromEntries(data.items.map((item) => [item.key, item.detail]));
    expect(detail.price_sources).toContain('模拟行情');
    expect(detail.approval_thresholds).toBe(
      '仍为默认值（充值 10000、提现 10000、打款 5000 USDT），请确认后保存',
    );
    expect(detail.admin_two_factor).toContain('ADMIN_2FA_REQUIRED 已关闭');
  });

  it('ticks each item once it is done through the back office, and unticks it when undone', async () => {
    const channel = await saveApproved(t, 'POST', '/api/admin/channels', {
      token: root.token,
      body: {
        name: 'USDT-TRC20',
        type: 'crypto',
        currency: 'usdt',
        address: trc20AddressOf(new Uint8Array(20).fill(9)),
        qr_code_url: '',
        min_amount: '10',
        max_amount: '50000',
        status: 'active',
        description: '波场网络',
      },
    });
    expect(channel.body.data?.change.status).toBe('applied');
    await insertWithdrawChannel(t.database.db);
    await saveApproved(t, 'PUT', '/api/admin/settings/approval-thresholds', {
      token: root.token,
      body: { deposit: '20000', withdrawal: '20000', payout: '5000' },
    });
    // saveApproved's approver is a second active super admin.
    const after = (await checklist()).data;
    expect(done(after)).toEqual({
      price_sources: false,
      deposit_channels: true,
      withdraw_channels: true,
      approval_thresholds: true,
      second_super_admin: true,
      admin_two_factor: false,
    });
    expect(after.items.find((i) => i.key === 'approval_thresholds')?.detail).toMatch(/^已由 .+ 设置$/);

    // Disabling the other super admins (the emergency brake, at once) leaves one again.
    const admins = await api<{ admins: { id: number; admin_level: string; is_active: boolean }[] }>(
      t.app,
      'GET',
      '/api/admin/admins?limit=100',
      { token: root.token },
    );
    for (const admin of admins.body.data?.admins ?? []) {
      if (admin.id === root.id || admin.admin_level !== 'super_admin' || !admin.is_active) continue;
      const off = await api(t.app, 'PATCH', `/api/admin/admins/${admin.id}/status`, {
        token: root.token,
        body: { is_active: false },
      });
      expect(off.status, off.body.message).toBe(200);
    }
    expect(done((await checklist()).data).second_super_admin).toBe(false);
  });

  it('reads the price sources and the 2FA rule from the configuration: real venues and every admin enrolled', async () => {
    const config = { PRICE_SOURCES: ['htx', 'okx', 'binance'], ADMIN_2FA_REQUIRED: true } as Parameters<
      typeof readSetupChecklist
    >[1];
    const list = await readSetupChecklist(t.database.db, config);
    const item = (key: SetupChecklistKey) => list.items.find((i) => i.key === key);
    expect(item('price_sources')).toEqual({
      key: 'price_sources',
      done: true,
      detail: '价格源：htx、okx、binance',
    });
    // The test's admins have not turned 2FA on.
    expect(item('admin_two_factor')?.done).toBe(false);
    expect(item('admin_two_factor')?.detail).toMatch(/^\d+ 位管理员尚未开启两步验证$/);
  });

  it('speaks English to an English reader (Accept-Language: en, issue 38)', async () => {
    const res = await api<SetupChecklist>(t.app, 'GET', '/api/admin/setup-checklist', {
      token: root.token,
      headers: { 'accept-language': 'en' },
    });
    expect(res.body.message).toBe('Setup checklist loaded');
    const detail = Object.fromEntries(res.body.data!.items.map((item) => [item.key, item.detail]));
    expect(detail.price_sources).toContain('simulated market data');
    expect(detail.admin_two_factor).toBe(
      'ADMIN_2FA_REQUIRED is off: admins enter the back office without 2FA',
    );
    for (const text of Object.values(detail)) expect(text).not.toMatch(/[\u3400-\u9fff]/);
    const config = { PRICE_SOURCES: ['htx', 'okx'], ADMIN_2FA_REQUIRED: true } as Parameters<
      typeof readSetupChecklist
    >[1];
    const list = await readSetupChecklist(t.database.db, config, 'en');
    expect(list.items[0]?.detail).toBe('Price sources: htx, okx');
    expect(list.items.find((i) => i.key === 'admin_two_factor')?.detail).toMatch(/^Admins without 2FA: \d+$/);
  });
});
