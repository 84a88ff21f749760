import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import {
  adminSession,
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
  walletOf,
} from './support.ts';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

interface TeamReward {
  id: number;
  user_id: number;
  email: string;
  tier: number;
  amount: string;
  status: 'pending' | 'distributed';
  direct_count: number;
  team_size: number;
  distributed_by: string | null;
}

interface RewardsData {
  rewards: TeamReward[];
  stats: { totalRewards: number; pendingRewards: number; distributedRewards: number; eligibleUsers: number };
}

/** Registers a user through the public API, under the owner of `inviteCode` when one is given. */
const inviteCodeOf = (session: Session) => String(session.user.invite_code);

/**
 * A leader with 5 direct referrals and 5 more members under the first of them (a team of 10),
 * every member charged through an approved deposit: exactly tier L1 (5 direct / 10 team / 18 USDT).
 */
async function seedLeader(request: APIRequestContext, admin: Session) {
  const channel = await createDepositChannel(request, admin);
  const leader = await registerUser(request, 'reward-leader');
  const direct: Session[] = [];
  for (let i = 0; i < 5; i++) direct.push(await registerUser(request, `reward-d${i}`, inviteCodeOf(leader)));
  const first = direct[0] as Session;
  const second: Session[] = [];
  for (let i = 0; i < 5; i++) second.push(await registerUser(request, `reward-s${i}`, inviteCodeOf(first)));
  for (const member of [...direct, ...second]) await fundUser(request, admin, member, channel.id, '10');
  return leader;
}

async function leaderRewards(request: APIRequestContext, admin: Session, leader: Session) {
  const data = await callApi<RewardsData>(request, 'GET', '/api/admin/team/rewards?limit=100', {
    token: admin.token,
  });
  return data.rewards.filter((r) => r.user_id === leader.user.id);
}

test('an operator recalculates the team rewards and distributes a pending L1 reward', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  const leader = await seedLeader(request, admin);
  expect(await leaderRewards(request, admin, leader)).toEqual([]);

  await openAs(page, admin, '/admin/team/rewards');
  await expect(page.getByTestId('rewards-page')).toBeVisible();
  await expect(page.getByTestId('reward-tier-1')).toContainText('≥ 5');
  await expect(page.getByTestId('reward-tier-1')).toContainText('18.00');
  await expect(page.getByTestId('reward-tier-10')).toContainText('8,888.00');

  // 重新计算 asks first; dismissing it does nothing.
  await page.getByTestId('rewards-recalculate').click();
  const ask = confirmDialog(page, '重新计算团队奖励');
  await expect(ask).toContainText('确定要重新计算所有用户的团队奖励吗？');
  await ask.getByRole('button', { name: '取消' }).click();
  await expect(ask).toBeHidden();
  expect(await leaderRewards(request, admin, leader)).toEqual([]);

  await page.getByTestId('rewards-recalculate').click();
  await snap(page, testInfo, 'team-rewards-recalculate-confirm');
  await confirmDialog(page, '重新计算团队奖励').getByRole('button', { name: '重新计算' }).click();
  await expect(toast(page, /奖励重新计算完成：达标用户 \d+ 人，新增奖励 \d+ 条/)).toBeVisible();

  const [reward, ...others] = await leaderRewards(request, admin, leader);
  expect(others).toEqual([]);
  if (!reward) throw new Error('no reward for the leader');
  expect(reward).toMatchObject({ tier: 1, status: 'pending', direct_count: 5, team_size: 10 });
  expect(normAmount(reward.amount)).toBe('18');

  const row = page.getByTestId(`reward-row-${reward.id}`);
  await expect(row).toContainText(leader.user.email);
  await expect(page.getByTestId(`reward-tier-tag-${reward.id}`)).toHaveText('L1');
  await expect(page.getByTestId(`reward-amount-${reward.id}`)).toHaveText('18.00 USDT');
  await expect(row).toContainText('直推 5');
  await expect(row).toContainText('团队 10');
  await expect(page.getByTestId(`reward-status-${reward.id}`)).toHaveText('待发放');

  // The cards are the server's figures.
  const before = await callApi<RewardsData>(request, 'GET', '/api/admin/team/rewards', {
    token: admin.token,
  });
  await expect(page.getByTestId('reward-stat-pending')).toContainText(String(before.stats.pendingRewards));
  await expect(page.getByTestId('reward-stat-eligible')).toContainText(String(before.stats.eligibleUsers));

  // 待发放 in the address.
  await page.getByTestId('rewards-status-pending').click();
  await expect(page).toHaveURL(/\/admin\/team\/rewards\?status=pending$/);
  await expect(row).toBeVisible();
  await snap(page, testInfo, 'team-rewards-pending');

  // 发放 on the row, confirmed: the record is distributed and the user credited.
  await page.getByTestId(`reward-distribute-${reward.id}`).click();
  const confirm = confirmDialog(page, '确认发放奖励');
  await expect(confirm).toContainText('确定发放选中的奖励吗？发放后将计入用户可用余额。');
  await expect(confirm).toContainText(`${leader.user.email} 的 L1 奖励，合计 18.00 USDT`);
  await snap(page, testInfo, 'team-rewards-distribute-confirm');
  await confirm.getByRole('button', { name: '确认发放' }).click();
  await expect(toast(page, '奖励发放成功：1 条，共 18.00 USDT')).toBeVisible();
  // The pending list reloads without it; under 全部 it shows 已发放.
  await expect(row).toBeHidden();
  await page.getByTestId('rewards-status-all').click();
  await expect(page).toHaveURL(/\/admin\/team\/rewards$/);
  await expect(page.getByTestId(`reward-status-${reward.id}`)).toHaveText('已发放');
  await expect(row).toContainText(String((await adminSession(request)).user.email));
  await expect(page.getByTestId(`reward-distribute-${reward.id}`)).toHaveCount(0);
  await snap(page, testInfo, 'team-rewards-distributed');

  const [after] = await leaderRewards(request, admin, leader);
  expect(after?.status).toBe('distributed');
  expect(normAmount((await walletOf(request, leader)).balance)).toBe('18');

  // A second recalculation creates nothing new for the leader.
  await page.getByTestId('rewards-recalculate').click();
  await confirmDialog(page, '重新计算团队奖励').last().getByRole('button', { name: '重新计算' }).click();
  await expect(toast(page, /新增奖励 0 条/)).toBeVisible();
  expect(await leaderRewards(request, admin, leader)).toHaveLength(1);
});
