import { DEFAULT_OPTION_CONFIG, type OptionConfigData } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  saveApproved,
  type TestApp,
} from '../../test/app.ts';
import { auditLogs } from '../audit/audit.schema.ts';
import { appSettings } from '../jobs/jobs.schema.ts';
import { OPTION_CONFIG_KEY } from './option-config.service.ts';

let t: TestApp;
let adminToken: string;
let userToken: string;
const URL = '/api/admin/trading/options/config';

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createAdmin(t, 'admin')).token;
  // Another admin who counts: a save waits for an approval instead of a 24 h delay.
  await createApprover(t, 'admin');
  userToken = (await registerUser(t.app)).token;
});
afterAll(() => t?.close());

const save = (body: unknown, token = adminToken) =>
  api<OptionConfigData>(t.app, 'POST', URL, { token, body });

describe('option control configuration', () => {
  it('a fresh platform answers the default configuration, with no profit/loss control in it', async () => {
    const res = await api<OptionConfigData>(t.app, 'GET', URL, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...DEFAULT_OPTION_CONFIG, updatedAt: null, updatedBy: null });
    expect(res.body.data).not.toHaveProperty('profitLoss');
  });

  it('saves the whole configuration, answers 期权配置保存成功 and audits before and after', async () => {
    const next = {
      ...DEFAULT_OPTION_CONFIG,
      globalSettings: { enabled: true, maintenanceMode: true },
      timeWindows: [{ start: '23:55', end: '00:05', enabled: true }],
    };
    const proposed = await save(next);
    expect(proposed.status).toBe(202);
    expect(proposed.body.message).toBe('已提交，待另一位管理员批准后生效');
    const res = await saveApproved(t, 'POST', URL, { token: adminToken, body: next });
    expect(res.status).toBe(200);
    const read = await api<OptionConfigData>(t.app, 'GET', URL, { token: adminToken });
    expect(read.body.data).toMatchObject(next);
    expect(read.body.data!.updatedAt).not.toBeNull();
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'option_config.update'));
    expect(audit?.before).toMatchObject({ globalSettings: { maintenanceMode: false } });
    expect(audit?.after).toMatchObject({ globalSettings: { maintenanceMode: true } });
  });

  it('refuses what the spec forbids with its messages, and changes nothing', async () => {
    const before = (await api<OptionConfigData>(t.app, 'GET', URL, { token: adminToken })).body.data;
    const cases: [unknown, string][] = [
      [
        { ...DEFAULT_OPTION_CONFIG, timeWindows: [{ start: '9:00', end: '09:05', enabled: true }] },
        '时间窗口配置格式不正确，应为 HH:mm 格式（北京时间）',
      ],
      [{ ...DEFAULT_OPTION_CONFIG, timeWindows: [{ start: '24:00', end: '09:05', enabled: true }] }, 'HH:mm'],
      [
        { ...DEFAULT_OPTION_CONFIG, minTradeRequirements: { windowTime: 0, nonWindowTime: 3 } },
        '最少有效订单数至少为 1',
      ],
      [
        {
          ...DEFAULT_OPTION_CONFIG,
          investmentLevels: [{ ...DEFAULT_OPTION_CONFIG.investmentLevels[0], percentage: 1.5 }],
        },
        '收益百分比必须是整数',
      ],
      [{ timeWindows: [] }, 'globalSettings'],
      [{ ...DEFAULT_OPTION_CONFIG, profitLoss: { windowTime: { winRate: 0, lossRate: 100 } } }, 'profitLoss'],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    // In English: the schema's own texts, from the contracts' catalogue.
    const english = await api(t.app, 'POST', URL, {
      token: adminToken,
      headers: { 'Accept-Language': 'en' },
      body: { ...DEFAULT_OPTION_CONFIG, minTradeRequirements: { windowTime: 0, nonWindowTime: 3 } },
    });
    expect(english.status).toBe(400);
    expect(english.body.message).toBe(
      'Invalid parameters: minTradeRequirements.windowTime: The minimum valid orders must be at least 1',
    );
    expect((await api<OptionConfigData>(t.app, 'GET', URL, { token: adminToken })).body.data).toEqual(before);
  });

  it('is for admins only', async () => {
    expect((await api(t.app, 'GET', URL, { token: userToken })).status).toBe(403);
    expect((await save(DEFAULT_OPTION_CONFIG, userToken)).status).toBe(403);
    expect((await api(t.app, 'GET', URL)).status).toBe(401);
  });

  it('an incomplete stored configuration is reported with the missing sections', async () => {
    await t.database.db
      .update(appSettings)
      .set({ value: { globalSettings: { enabled: true, maintenanceMode: false }, timeWindows: [] } })
      .where(eq(appSettings.key, OPTION_CONFIG_KEY));
    const res = await api<{ missingConfigs: string[] }>(t.app, 'GET', URL, { token: adminToken });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(
      '配置不完整，缺少: investmentLevels, minTradeRequirements。请联系管理员初始化配置。',
    );
    expect(res.body.data!.missingConfigs).toEqual(['investmentLevels', 'minTradeRequirements']);
    // In the admin's language: English by Accept-Language, or by the admin's own choice.
    const english = await api(t.app, 'GET', URL, { token: adminToken, headers: { 'Accept-Language': 'en' } });
    const incompleteInEnglish =
      'The configuration is incomplete; missing: investmentLevels, minTradeRequirements. Ask an admin to initialise it.';
    expect(english.body.message).toBe(incompleteInEnglish);
    const englishAdmin = await createAdmin(t, 'admin');
    const chosen = await api(t.app, 'PUT', '/api/admin/me/language', {
      token: englishAdmin.token,
      body: { language: 'en' },
    });
    expect(chosen.status).toBe(200);
    expect((await api(t.app, 'GET', URL, { token: englishAdmin.token })).body.message).toBe(
      incompleteInEnglish,
    );
    // Saving a whole configuration repairs it.
    expect(
      (await saveApproved(t, 'POST', URL, { token: adminToken, body: DEFAULT_OPTION_CONFIG })).status,
    ).toBe(200);
    expect((await api(t.app, 'GET', URL, { token: adminToken })).status).toBe(200);
  });
});
