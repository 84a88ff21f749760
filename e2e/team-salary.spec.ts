import fs from 'node:fs';
import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  adminSession,
  callApi,
  confirmDialog,
  createDepositChannel,
  fundUser,
  normAmount,
  openAs,
  type Session,
  snap,
  toast,
  uniqueEmail,
} from './support.ts';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 15_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const BASE = '/api/admin/team-salary-management';

interface SalaryLevel {
  level: number;
  direct: number;
  team: number;
  amount: string;
}

interface Candidate {
  userId: number;
  email: string;
  salaryLevel: number;
  salaryAmount: string;
  paid: { level: number; amount: string; paid_at: string } | null;
}

async function registerInvited(request: APIRequestContext, prefix: string, inviteCode?: string) {
  return callApi<Session>(request, 'POST', '/api/auth/register', {
    data: { email: uniqueEmail(prefix), password: 'user-secret-1', invite_code: inviteCode },
  });
}

/**
 * A chain A ← B ← C ← D (each invited by the one before), B, C and D charged through approved
 * deposits: A has 1 charged direct referral and a charged team of 3, B 1 and 2, C 1 and 1.
 */
async function seedChain(request: APIRequestContext, admin: Session) {
  const channel = await createDepositChannel(request, admin);
  const a = await registerInvited(request, 'salary-a');
  const b = await registerInvited(request, 'salary-b', String(a.user.invite_code));
  const c = await registerInvited(request, 'salary-c', String(b.user.invite_code));
  const d = await registerInvited(request, 'salary-d', String(c.user.invite_code));
  for (const member of [b, c, d]) await fundUser(request, admin, member, channel.id, '10');
  return { a, b, c, d };
}

/** The payout date the screen opens on: the latest of day 1, 11, 21 on or before today in Beijing. */
function latestPayoutDate(now = new Date()) {
  const beijing = new Date(now.getTime() + 8 * 3600_000);
  const day = [21, 11, 1].find((d) => d <= beijing.getUTCDate()) ?? 1;
  return { year: beijing.getUTCFullYear(), month: beijing.getUTCMonth() + 1, day };
}
const dateKey = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

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
}, testInfo) => {
  const admin = await adminSession(request);
  const original = await callApi<{ levels: SalaryLevel[] }>(request, 'GET', `${BASE}/levels`, {
    token: admin.token,
  });
  const { a, b, c } = await seedChain(request, admin);
  const date = latestPayoutDate();
  const key = dateKey(date);

  try {
    await openAs(page, admin, '/admin/team/salary');
    await expect(page.getByTestId('salary-page')).toBeVisible();
    await expect(page.getByText(`发放名单（${key}）`)).toBeVisible();
    await expect(page.getByTestId('salary-day')).toContainText(`${date.day} 号`);
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
    await page.getByTestId('salary-levels-save').click();
    await expect(toast(page, '工资等级已保存')).toBeVisible();
    await expect(page.getByTestId('salary-level-2')).toContainText('50.00');
    await expect(page.getByTestId('salary-levels-updated')).toContainText(admin.user.email);

    // The chain is eligible now: A on L2 (50), B and C on L1 (30).
    const rowA = page.getByTestId(`salary-row-${a.user.id}`);
    const rowB = page.getByTestId(`salary-row-${b.user.id}`);
    const rowC = page.getByTestId(`salary-row-${c.user.id}`);
    await expect(rowA).toContainText(a.user.email);
    await expect(rowA).toContainText(String(a.user.invite_code));
    await expect(rowA).toContainText('L2');
    await expect(page.getByTestId(`salary-amount-${a.user.id}`)).toHaveText('50.00 USDT');
    await expect(rowA).toContainText('已充值 3');
    await expect(rowA).toContainText('100.00%');
    await expect(page.getByTestId(`salary-amount-${b.user.id}`)).toHaveText('30.00 USDT');
    await expect(page.getByTestId(`salary-amount-${c.user.id}`)).toHaveText('30.00 USDT');
    await expect(page.getByTestId('salary-summary')).toContainText('达标');
    await snap(page, testInfo, 'team-salary-eligible');

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
  } finally {
    // The shared server keeps the table it had.
    const restored = await request.fetch(`${BASE}/levels`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${admin.token}` },
      data: { levels: original.levels },
    });
    expect(restored.ok()).toBe(true);
  }
});
