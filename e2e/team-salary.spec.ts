import fs from 'node:fs';
import {
  type APIRequestContext,
  expect as baseExpect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import {
  freshDataDir,
  type IsolatedServer,
  runSqlOnDataDir,
  startIsolatedServer,
} from './isolated-server.ts';
import {
  adminLogin,
  approveChange,
  callApi,
  confirmDialog,
  createDepositChannel,
  fundUser,
  normAmount,
  openAs,
  registerUser,
  type Session,
  snap,
  toast,
} from './support.ts';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const BASE = '/api/admin/team-salary-management';

/**
 * A payout date pays the level a user had at the start of that day in Beijing, so the users paid
 * here must have qualified before a payout date that is due: their registrations and deposits lie
 * months in the past. The shared server cannot hold that (its embedded database is one process),
 * so this spec runs its own server (isolated-server.ts): seeded over the API, stopped, its team
 * rows moved 90 / 80 days back with SQL, and started again on the same data.
 */
const PORT = Number(process.env.E2E_PORT ?? 3199) + 2;
let server: IsolatedServer;
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

interface Candidate {
  userId: number;
  email: string;
  salaryLevel: number;
  salaryAmount: string;
  teamMembers: number;
  chargedTeamMembers: number;
  paid: { level: number; amount: string; paid_at: string } | null;
}

interface Seeded {
  a: Session;
  b: Session;
  c: Session;
  f: Session;
}
let seeded: Seeded;

/**
 * A chain A ← B ← C ← D (each invited by the one before), registered 90 days ago, B, C and D
 * charged 80 days ago: A has 1 charged direct referral and a charged team of 3, B 1 and 2, C 1 and 1.
 * E joins under D now (charged now): A's team is 4 today but was 3 on every past payout date.
 * F registered 90 days ago, its only member G now: F reaches L1 today, on no past payout date.
 */
async function seed(request: APIRequestContext, admin: Session): Promise<{ seeded: Seeded; sql: string[] }> {
  const channel = await createDepositChannel(request, admin);
  const a = await registerUser(request, 'salary-a');
  const b = await registerUser(request, 'salary-b', String(a.user.invite_code));
  const c = await registerUser(request, 'salary-c', String(b.user.invite_code));
  const d = await registerUser(request, 'salary-d', String(c.user.invite_code));
  const e = await registerUser(request, 'salary-e', String(d.user.invite_code));
  const f = await registerUser(request, 'salary-f');
  const g = await registerUser(request, 'salary-g', String(f.user.invite_code));
  for (const member of [b, c, d, e, g]) await fundUser(request, admin, member, channel.id, '10');
  const past = [a, b, c, d, f].map((u) => u.user.id).join(', ');
  const charged = [b, c, d].map((u) => u.user.id).join(', ');
  return {
    seeded: { a, b, c, f },
    sql: [
      `UPDATE users SET created_at = now() - interval '90 days' WHERE id IN (${past})`,
      `UPDATE team_nodes SET joined_at = now() - interval '90 days' WHERE user_id IN (${past})`,
      `UPDATE team_nodes SET charged_at = now() - interval '80 days' WHERE user_id IN (${charged})`,
      `UPDATE deposits SET created_at = now() - interval '80 days', reviewed_at = now() - interval '80 days'
        WHERE user_id IN (${charged})`,
    ],
  };
}

test.beforeAll(async () => {
  // Two server starts on a fresh embedded database and the seed: past the 60 s default on a loaded machine.
  test.setTimeout(300_000);
  const dataDir = freshDataDir(`salary-${PORT}`);
  const first = await startIsolatedServer(PORT, dataDir);
  const request = await playwrightRequest.newContext({ baseURL: first.url });
  try {
    const made = await seed(request, await adminLogin(request));
    seeded = made.seeded;
    await first.stop();
    await runSqlOnDataDir(dataDir, made.sql);
  } finally {
    await request.dispose();
    await first.stop();
  }
  server = await startIsolatedServer(PORT, dataDir);
});

test.afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

/** The payout date the screen opens on: the latest of day 1, 11, 21 on or before today in Beijing. */
function latestPayoutDate(now = new Date()) {
  const beijing = new Date(now.getTime() + 8 * 3600_000);
  const day = [21, 11, 1].find((d) => d <= beijing.getUTCDate()) ?? 1;
  return { year: beijing.getUTCFullYear(), month: beijing.getUTCMonth() + 1, day };
}
const dateKey = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
/** The start of a payout date in Beijing: eligibility is taken there. */
const cutoffOf = (d: { year: number; month: number; day: number }) =>
  new Date(`${dateKey(d)}T00:00:00+08:00`);

async function salaryBalance(request: APIRequestContext, user: Session): Promise<string> {
  const data = await callApi<{ wallets: { currency: string; salary_balance: string }[] }>(
    request,
    'GET',
    '/api/wallet',
    { token: user.token },
  );
  return normAmount(data.wallets.find((w) => w.currency === 'USDT')?.salary_balance ?? '0');
}

async function setLevelRow(page: Page, level: number, direct: number, team: number, amount: string) {
  await page.getByTestId(`salary-level-direct-${level}`).fill(String(direct));
  await page.getByTestId(`salary-level-team-${level}`).fill(String(team));
  await page.getByTestId(`salary-level-amount-${level}`).fill(amount);
}

test('an operator sets the salary levels, pays one user, batch-pays two and exports the report', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  const admin = await adminLogin(request);
  const { a, b, c, f } = seeded;
  const date = latestPayoutDate();
  const key = dateKey(date);
  const thisYear = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();

  await openAs(page, admin, '/admin/team/salary');
  await expect(page.getByTestId('salary-page')).toBeVisible();
  await expect(page.getByText(`发放名单（${key}）`)).toBeVisible();
  await expect(page.getByTestId('salary-day')).toContainText(`${date.day} 号`);
  await expect(page.getByTestId('salary-as-of')).toHaveText(
    `按北京时间 ${key} 00:00 时的团队计算等级：此前注册、且此前首次充值审核通过的成员才计入`,
  );
  // The years run from 2024 to this year.
  await page.getByTestId('salary-year').click();
  const yearOptions = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(yearOptions).toHaveText(
    Array.from({ length: thisYear - 2024 + 1 }, (_, i) => `${2024 + i} 年`),
  );
  await page.keyboard.press('Escape');
  // With the default table (3 direct / 10 team for L1) none of the chain is eligible.
  await expect(page.getByTestId(`salary-row-${a.user.id}`)).toHaveCount(0);

  // The salary table is edited in its modal: L1 1 direct / 1 team 30 USDT, L2 1 / 3 50 USDT.
  await page.getByTestId('salary-levels-edit').click();
  await setLevelRow(page, 1, 1, 1, '30');
  await setLevelRow(page, 2, 1, 1, '50');
  await expect(page.getByTestId('salary-levels-problem')).toHaveText('等级 2 的要求须高于等级 1');
  await expect(page.getByTestId('salary-levels-save')).toBeDisabled();
  await setLevelRow(page, 2, 1, 3, '50');
  await expect(page.getByTestId('salary-levels-problem')).toHaveCount(0);
  await snap(page, testInfo, 'team-salary-levels-editor');
  // Saving proposes the table (issue 32): the payouts follow the old one until another admin approves.
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `${BASE}/levels` && r.request().method() === 'PUT',
  );
  await page.getByTestId('salary-levels-save').click();
  const reply = await saved;
  expect(reply.status()).toBe(202);
  const { change } = ((await reply.json()) as { data: { change: { id: number } } }).data;
  await expect(toast(page, '已提交，待另一位管理员批准后生效')).toBeVisible();
  await expect(page.getByTestId(`salary-row-${a.user.id}`)).toHaveCount(0);
  const approved = await approveChange(request, change.id);
  expect(approved.status).toBe('applied');
  await page.reload();
  await expect(page.getByTestId('salary-level-2')).toContainText('50.00');
  await expect(page.getByTestId('salary-levels-updated')).toContainText(
    approved.approver?.email ?? 'no approver',
  );

  // The chain is eligible on the date, on its team as it stood then: A on L2 (50) with 3 members
  // (E joined today), B and C on L1 (30). F reaches L1 only today: not on the list, and refused.
  const rowA = page.getByTestId(`salary-row-${a.user.id}`);
  const rowB = page.getByTestId(`salary-row-${b.user.id}`);
  const rowC = page.getByTestId(`salary-row-${c.user.id}`);
  await expect(rowA).toContainText(a.user.email);
  await expect(rowA).toContainText(String(a.user.invite_code));
  await expect(rowA).toContainText('L2');
  await expect(page.getByTestId(`salary-amount-${a.user.id}`)).toHaveText('50.00 USDT');
  await expect(rowA).toContainText('已充值 3');
  await expect(rowA).not.toContainText('已充值 4');
  await expect(rowA).toContainText('100.00%');
  await expect(page.getByTestId(`salary-amount-${b.user.id}`)).toHaveText('30.00 USDT');
  await expect(page.getByTestId(`salary-amount-${c.user.id}`)).toHaveText('30.00 USDT');
  await expect(page.getByTestId(`salary-row-${f.user.id}`)).toHaveCount(0);
  await expect(page.getByTestId('salary-summary')).toContainText('达标 3 人');
  const refused = await request.fetch(`${BASE}/pay/${f.user.id}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin.token}` },
    data: date,
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).message).toBe('该用户在该发放日尚未达到工资等级');
  await snap(page, testInfo, 'team-salary-eligible');

  // Seen on the evening before the date (the browser's clock, in a context of its own: a clock is
  // per context), the date is not due: its pay buttons are disabled, with the reason.
  const evening = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const before = await evening.newPage();
  await before.clock.setFixedTime(new Date(cutoffOf(date).getTime() - 60 * 60_000));
  await openAs(before, admin, `/admin/team/salary?year=${date.year}&month=${date.month}&day=${date.day}`);
  await expect(before.getByTestId('salary-future')).toContainText(`${key} 尚未到发放日`);
  await expect(before.getByTestId('salary-future')).toContainText('发放按钮已停用');
  await expect(before.getByTestId(`salary-pay-${a.user.id}`)).toBeDisabled();
  await before.getByTestId(`salary-row-${b.user.id}`).getByRole('checkbox').check();
  await expect(before.getByTestId('salary-batch-pay')).toBeDisabled();
  await before.getByTestId(`salary-pay-${a.user.id}`).hover({ force: true });
  await expect(before.getByRole('tooltip')).toContainText('未到发放日，不能提前发放');
  await snap(before, testInfo, 'team-salary-not-due');
  await evening.close();

  // One user from the row, confirmed with the date and the amount.
  await page.getByTestId(`salary-pay-${a.user.id}`).click();
  const confirm = confirmDialog(page, '确认发放工资');
  await expect(confirm).toContainText(`确定为 ${a.user.email} 发放 ${key} 的工资吗？`);
  await expect(confirm).toContainText('等级 L2，金额 50.00 USDT');
  await confirm.getByRole('button', { name: '确认发放' }).click();
  await expect(toast(page, `工资发放成功：${key} L2，50.00 USDT`)).toBeVisible();
  await expect(page.getByTestId(`salary-paid-${a.user.id}`)).toContainText('已发放');
  await expect(page.getByTestId(`salary-pay-${a.user.id}`)).toHaveCount(0);
  await expect(rowA.getByRole('checkbox')).toBeDisabled();
  expect(await salaryBalance(request, a)).toBe('50');

  // Two selected users in one batch.
  await expect(page.getByTestId('salary-batch-pay')).toHaveCount(0);
  await rowB.getByRole('checkbox').check();
  await rowC.getByRole('checkbox').check();
  await expect(page.getByTestId('salary-selection')).toContainText('已选 2 人，合计 60.00 USDT');
  await page.getByTestId('salary-batch-pay').click();
  const batch = confirmDialog(page, '确认批量发放工资');
  await expect(batch).toContainText(`确定为选中的 2 位用户发放 ${key} 的工资吗？`);
  await snap(page, testInfo, 'team-salary-batch-confirm');
  await batch.getByRole('button', { name: '确认发放' }).click();
  await expect(toast(page, '批量发放成功，共 2 人，合计 60.00 USDT')).toBeVisible();
  await expect(page.getByTestId(`salary-paid-${b.user.id}`)).toContainText('已发放');
  await expect(page.getByTestId(`salary-paid-${c.user.id}`)).toContainText('已发放');
  await expect(page.getByTestId('salary-selection')).toHaveCount(0);
  expect(await salaryBalance(request, b)).toBe('30');
  expect(await salaryBalance(request, c)).toBe('30');
  const listed = await callApi<{ users: Candidate[] }>(
    request,
    'GET',
    `${BASE}/eligible-users?year=${date.year}&month=${date.month}&day=${date.day}&limit=100`,
    { token: admin.token },
  );
  for (const user of [a, b, c])
    expect(listed.users.find((u) => u.userId === user.user.id)?.paid).not.toBeNull();
  await snap(page, testInfo, 'team-salary-paid');

  // 导出报表: the CSV of the date, UTF-8 with a BOM, Chinese header, the users and their status.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('salary-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`salary-${key}.csv`);
  const file = fs.readFileSync(await download.path());
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = file.toString('utf8').slice(1);
  expect(csv.split('\r\n')[0]).toContain('用户邮箱');
  expect(csv).toContain('发放状态');
  for (const user of [a, b, c]) {
    const line = csv.split('\r\n').find((l) => l.startsWith(user.user.email));
    expect(line).toContain('已发放');
  }
  await expect(toast(page, /报表已导出：salary-.*\.csv/)).toBeVisible();

  // 统计: this month's payouts include the three.
  await page.getByTestId('salary-tab-stats').click();
  await expect(page).toHaveURL(/tab=stats/);
  const stats = await callApi<{ currentMonth: { count: number; totalAmount: string } }>(
    request,
    'GET',
    `${BASE}/statistics`,
    { token: admin.token },
  );
  expect(stats.currentMonth.count).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('salary-stats-current')).toContainText(String(stats.currentMonth.count));
  await expect(page.getByTestId('salary-stats-level-2')).toBeVisible();
  await snap(page, testInfo, 'team-salary-statistics');
});
