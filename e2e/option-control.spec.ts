import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  adminSession,
  approveChange,
  callApi,
  openAs,
  proposeAndApprove,
  type Session,
  snap,
  toast,
} from './support.ts';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000, viewport: { width: 1280, height: 900 } });
const expect = baseExpect.configure({ timeout: 30_000 });

const CONFIG_URL = '/api/admin/trading/options/config';

interface OptionConfig {
  globalSettings: { enabled: boolean; maintenanceMode: boolean };
  timeWindows: { start: string; end: string; enabled: boolean }[];
  investmentLevels: {
    level: number;
    percentage: number;
    windowPeriodEnabled: boolean;
    nonWindowPeriodEnabled: boolean;
    enabled: boolean;
  }[];
  minTradeRequirements: { windowTime: number; nonWindowTime: number };
}

async function storedConfig(request: APIRequestContext, admin: Session): Promise<OptionConfig> {
  const { globalSettings, timeWindows, investmentLevels, minTradeRequirements } = await callApi<OptionConfig>(
    request,
    'GET',
    CONFIG_URL,
    { token: admin.token },
  );
  return { globalSettings, timeWindows, investmentLevels, minTradeRequirements };
}

/** Picks `value` in the antd select with `testId` (in its own dropdown: several may be in the page). */
async function pick(page: Page, testId: string, value: string) {
  const select = page.getByTestId(testId);
  await select.click();
  const listId = await select.getByRole('combobox').getAttribute('aria-controls');
  await page.locator(`.ant-select-dropdown:has([id="${listId}"])`).getByTitle(value, { exact: true }).click();
  await expect(select).toContainText(value);
}

const numberInput = (page: Page, testId: string) =>
  page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

test('an operator edits a window and a level, saves, sees them after a reload, is stopped by a bad window and resets', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  const original = await storedConfig(request, admin);
  // The spec's default platform has at least one window and two levels; the test edits the first ones.
  if (original.timeWindows.length === 0 || original.investmentLevels.length < 2) {
    throw new Error('the e2e server should start with the default option config');
  }

  try {
    await openAs(page, admin, '/admin/trading/options');
    await expect(page.getByTestId('option-page')).toBeVisible();

    // The Beijing clock ticks.
    const clock = page.getByTestId('option-clock');
    await expect(clock).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    const first = await clock.textContent();
    await expect(clock).not.toHaveText(first ?? '');
    await expect(page.getByTestId('option-period')).toContainText(/窗口期/);
    await expect(page.getByText(/胜率|败率|盈亏控制/)).toHaveCount(0);
    await snap(page, testInfo, 'option-control-loaded');

    // Edit: window 1 becomes 10:00-10:30, level 2 pays 87%, maintenance mode on.
    await pick(page, 'window-0-start-hour', '10');
    await pick(page, 'window-0-start-minute', '00');
    await pick(page, 'window-0-end-hour', '10');
    await pick(page, 'window-0-end-minute', '30');
    await numberInput(page, 'level-1-percentage').fill('87');
    await page.getByTestId('option-maintenance').click();
    await expect(page.getByTestId('option-dirty')).toBeVisible();

    const saved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === CONFIG_URL && r.request().method() === 'POST',
    );
    await page.getByTestId('option-save').click();
    const reply = await saved;
    const sent = reply.request().postDataJSON() as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual([
      'globalSettings',
      'investmentLevels',
      'minTradeRequirements',
      'timeWindows',
    ]);
    // Saving proposes the config (issue 32): the one in force stays until another admin approves.
    expect(reply.status()).toBe(202);
    const { change } = ((await reply.json()) as { data: { change: { id: number; status: string } } }).data;
    expect(change.status).toBe('pending');
    await expect(toast(page, '已提交，待另一位管理员批准后生效')).toBeVisible();
    await snap(page, testInfo, 'option-control-proposed');
    expect(await storedConfig(request, admin)).toEqual(original);

    // The second super admin approves it; then it is the config in force.
    expect((await approveChange(request, change.id)).status).toBe('applied');
    const afterSave = await storedConfig(request, admin);
    expect(afterSave.timeWindows[0]).toEqual({ ...original.timeWindows[0], start: '10:00', end: '10:30' });
    expect(afterSave.investmentLevels[1]?.percentage).toBe(87);
    expect(afterSave.globalSettings.maintenanceMode).toBe(!original.globalSettings.maintenanceMode);

    // A reload shows what was saved.
    await page.reload();
    await expect(page.getByTestId('option-page')).toBeVisible();
    await expect(page.getByTestId('window-0-start-hour')).toContainText('10');
    await expect(page.getByTestId('window-0-end-minute')).toContainText('30');
    await expect(numberInput(page, 'level-1-percentage')).toHaveValue('87');
    await expect(page.getByTestId('option-maintenance')).toHaveAttribute(
      'aria-checked',
      String(!original.globalSettings.maintenanceMode),
    );
    await expect(page.getByTestId('option-updated')).toHaveText(
      /最后保存：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
    );

    // A window that starts where it ends is refused on the page; nothing is sent.
    let posted = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === CONFIG_URL && r.method() === 'POST') posted += 1;
    });
    await pick(page, 'window-0-end-minute', '00');
    await numberInput(page, 'level-1-percentage').fill('88');
    await page.getByTestId('option-save').click();
    const validation = page.getByTestId('option-validation');
    await expect(validation).toContainText('时间窗口 1：时间窗口的开始和结束不能相同');
    await snap(page, testInfo, 'option-control-validation');
    expect(posted).toBe(0);

    // 重置配置 reloads the stored config and drops the edits (and their messages).
    await page.getByTestId('option-reset').click();
    await expect(page.getByTestId('window-0-end-minute')).toContainText('30');
    await expect(numberInput(page, 'level-1-percentage')).toHaveValue('87');
    await expect(validation).toHaveCount(0);
    await expect(page.getByTestId('option-dirty')).toHaveCount(0);
    expect(posted).toBe(0);
    expect(await storedConfig(request, admin)).toEqual(afterSave);
  } finally {
    // Other specs expect the platform's config as it was (restored through a change, approved).
    if (JSON.stringify(await storedConfig(request, admin)) !== JSON.stringify(original)) {
      await proposeAndApprove(request, 'POST', CONFIG_URL, { token: admin.token, data: original });
    }
  }
  expect(await storedConfig(request, admin)).toEqual(original);
});
