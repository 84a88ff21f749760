import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import {
  adminSession,
  callApi,
  createDepositChannel,
  fundUser,
  openAs,
  registerUser,
  type Session,
  snap,
} from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

interface TeamStats {
  totalMembers: number;
  directReferrals: number;
  teamMembers: number;
  totalRewards: number;
  pendingRewards: number;
  rewardAmounts: { total: string; pending: string; distributed: string };
  todayInvites: number;
  activeInviters: number;
  maxLevel: number;
  rewardLevels: number[];
  levelDistribution: Record<string, number>;
  topInviters: { email: string; user_id: number; inviteCount: number; totalReward: string }[];
  teamGrowth: { date: string; newMembers: number; growth: number | null }[];
  recentInvites: { inviter_email: string; invitee_email: string; created_at: string; invite_code: string }[];
}

/** A new account, under the owner of `inviteCode` when one is given. */
const readStats = async (request: APIRequestContext, admin: Session) =>
  callApi<TeamStats>(request, 'GET', '/api/admin/team/stats', { token: admin.token });

/** "1,234.50" as the page writes a USDT amount. */
function usdt(value: string): string {
  const [int = '0', frac = ''] = value.split('.');
  let cents = BigInt(int) * 100n + BigInt(frac.padEnd(3, '0').slice(0, 2));
  if (Number(frac.padEnd(3, '0')[2]) >= 5) cents += 1n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}
const count = (value: number) => value.toLocaleString('en-US');
const level = (key: string, stats: TeamStats) => stats.levelDistribution[key] ?? 0;

test('the team overview shows the figures of a tree built through registration with invite codes', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  const before = await readStats(request, admin);

  // root -> a, b, c; a -> a1 (a1 is on L3). b becomes charged: an approved deposit.
  const root = await registerUser(request, 'team-root');
  const a = await registerUser(request, 'team-a', root.user.invite_code);
  const b = await registerUser(request, 'team-b', root.user.invite_code);
  const c = await registerUser(request, 'team-c', root.user.invite_code.toLowerCase());
  const a1 = await registerUser(request, 'team-a1', a.user.invite_code);
  const channel = await createDepositChannel(request, admin);
  await fundUser(request, admin, b, channel.id, '100');

  const loaded = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/team/stats' && r.request().method() === 'GET',
  );
  await openAs(page, admin, '/admin/team');
  const stats = ((await (await loaded).json()) as { data: TeamStats }).data;
  await expect(page.getByTestId('team-overview')).toBeVisible();
  await expect(page.getByTestId('team-updated-at')).toHaveText(
    /^最后更新：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  );

  // The tree is in the server's figures (this spec runs with the platform-wide ones, one at a time:
  // nobody else registered meanwhile).
  expect(stats.totalMembers).toBe(before.totalMembers + 5);
  expect(stats.directReferrals).toBe(before.directReferrals + 4);
  expect(stats.teamMembers).toBe(before.teamMembers + 5);
  expect(stats.activeInviters).toBe(before.activeInviters + 2);
  expect(stats.todayInvites).toBeGreaterThanOrEqual(4);
  expect(stats.maxLevel).toBe(Math.max(before.maxLevel, 3));
  expect(level('1', stats)).toBe(level('1', before) + 1);
  expect(level('2', stats)).toBe(level('2', before) + 3);
  expect(level('3', stats)).toBe(level('3', before) + 1);
  expect(stats.recentInvites.slice(0, 4).map((i) => [i.inviter_email, i.invitee_email])).toEqual([
    [a.user.email, a1.user.email],
    [root.user.email, c.user.email],
    [root.user.email, b.user.email],
    [root.user.email, a.user.email],
  ]);

  // The eight cards show them.
  const value = (key: string) => page.getByTestId(`team-card-${key}`).locator('.ant-statistic-content-value');
  await expect(value('totalMembers')).toHaveText(count(stats.totalMembers));
  await expect(value('directReferrals')).toHaveText(count(stats.directReferrals));
  await expect(value('teamMembers')).toHaveText(count(stats.teamMembers));
  await expect(value('totalRewards')).toHaveText(count(stats.totalRewards));
  await expect(page.getByTestId('team-card-extra-totalRewards')).toHaveText(
    `合计 ${usdt(stats.rewardAmounts.total)} USDT`,
  );
  await expect(value('pendingRewards')).toHaveText(count(stats.pendingRewards));
  await expect(page.getByTestId('team-card-extra-pendingRewards')).toHaveText(
    `待发放 ${usdt(stats.rewardAmounts.pending)} USDT`,
  );
  await expect(value('todayInvites')).toHaveText(count(stats.todayInvites));
  await expect(value('activeInviters')).toHaveText(count(stats.activeInviters));
  await expect(value('maxLevel')).toHaveText(`L${stats.maxLevel}`);
  // A definition on hover.
  await page.getByTestId('team-card-help-teamMembers').hover();
  await expect(page.getByRole('tooltip')).toContainText('被邀请的用户');

  // Link cards.
  await expect(page.getByTestId('team-link-text-hierarchy')).toContainText(`最大层级 L${stats.maxLevel}`);
  await expect(page.getByTestId('team-link-text-salary')).toHaveText(
    `团队用户 ${count(stats.teamMembers)} 人`,
  );
  await expect(page.getByTestId('team-link-badge-rewards')).toHaveCount(stats.pendingRewards > 0 ? 1 : 0);

  // Reward tiers: ten rows, the achieved counts from rewardLevels.
  await expect(page.getByTestId(/^team-tier-\d+$/)).toHaveCount(10);
  await expect(page.getByTestId('team-tier-1').locator('td')).toHaveText(['L1', '5', '10', '18.00', /\d+/]);
  await expect(page.getByTestId('team-tier-1').locator('td').last()).toHaveText(
    count(stats.rewardLevels[0] ?? 0),
  );
  await expect(page.getByTestId('team-tier-note')).toContainText('已充值成员');

  // Level distribution: L3 holds a1; bars are count / total members.
  for (const key of ['1', '2', '3']) {
    const row = page.getByTestId(`team-level-${key}`);
    await expect(row).toContainText(`L${key}`);
    await expect(row).toContainText(`${count(level(key, stats))} 人`);
    const percent = Math.min(100, Math.round((level(key, stats) / stats.totalMembers) * 1000) / 10);
    await expect(page.getByTestId(`team-level-bar-${key}`)).toHaveAttribute(
      'style',
      new RegExp(`width: ${percent}%`),
    );
  }

  // Top inviters as the server ranks them; root invited three.
  const inviters = page.getByTestId('team-top-inviter');
  await expect(inviters).toHaveCount(Math.min(5, stats.topInviters.length));
  const rootRank = stats.topInviters.findIndex((i) => i.user_id === root.user.id);
  if (rootRank >= 0) {
    await expect(inviters.nth(rootRank)).toContainText(root.user.email);
    await expect(inviters.nth(rootRank)).toContainText('邀请 3 人');
    await expect(inviters.nth(rootRank)).toContainText(`ID: ${root.user.id}`);
  }

  // Growth: seven days; today's new members are the invited ones, so the tree's four are among them
  // (root was invited by nobody; on a fresh server they may be all there are).
  const today = stats.teamGrowth.at(-1)!;
  expect(stats.teamGrowth).toHaveLength(7);
  expect(today.newMembers).toBe(stats.todayInvites);
  expect(today.newMembers).toBeGreaterThanOrEqual(4);
  const todayRow = page.getByTestId(`team-growth-${today.date}`);
  await expect(todayRow).toContainText(`新增 ${count(today.newMembers)} 人`);
  await expect(todayRow.getByTestId('team-growth-value')).toHaveText(
    today.growth === null ? '-' : `${today.growth > 0 ? '+' : ''}${today.growth.toFixed(1)}%`,
  );
  if (today.growth !== null) {
    await expect(todayRow.getByTestId('team-growth-value')).toHaveCSS(
      'color',
      today.growth >= 0 ? 'rgb(56, 158, 13)' : 'rgb(207, 19, 34)',
    );
  }

  // The newest invites, newest first, with the inviter's code and Beijing time.
  const invites = page.getByTestId('team-recent-invite');
  await expect(invites.first()).toContainText(a1.user.email);
  await expect(invites.first()).toContainText(a.user.email);
  await expect(invites.first()).toContainText(a.user.invite_code);
  await expect(invites.first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(invites.nth(1)).toContainText(c.user.email);
  await expect(invites.nth(1)).toContainText(root.user.invite_code);
  await snap(page, testInfo, 'team-overview');

  // 刷新 asks again; the button and the link card lead to the hierarchy.
  const again = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/team/stats');
  await page.getByTestId('team-refresh').click();
  expect((await again).ok()).toBe(true);
  await page.getByTestId('team-go-hierarchy').click();
  await expect(page).toHaveURL(/\/admin\/team\/hierarchy$/);
  await expect(page.getByTestId('hierarchy-page')).toBeVisible();
  await page.goBack();
  await page.getByTestId('team-link-rewards').click();
  await expect(page).toHaveURL(/\/admin\/team\/rewards$/);
});
