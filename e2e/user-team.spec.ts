import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import {
  adminSession,
  callApi,
  chooseOption,
  createDepositChannel,
  fundUser,
  type Member,
  openAs,
  registerUser,
  snap,
} from './support.ts';

test.describe.configure({ timeout: 240_000 });
// actionTimeout covers the full-page screenshots too: this screen is long and the machine busy.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, actionTimeout: 45_000 });
// The shared test machine can be slow to render a whole screen: give it room.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Clicks `target` and waits for the antd message saying `text`. Checked on every animation frame from
 * before the click, so that a 3-second message is not missed on a busy machine.
 */
async function clickForMessage(page: Page, target: Locator, text: string) {
  const seen = page.waitForFunction(
    (t: string) =>
      Array.from(document.querySelectorAll('.ant-message-notice')).some((n) => n.textContent?.includes(t)),
    text,
    { polling: 'raf', timeout: 30_000 },
  );
  await target.click();
  await seen;
}

interface TeamStatsReply {
  chargedDirectReferrals: number;
  chargedTeamMembers: number;
  currentTier: number;
  salaryLevel: number;
  salaryAmount: string;
}

/** A new account, under the owner of `inviteCode` when one is given. */
/** How the server shows other users' e-mails (contracts maskEmail): `ab***@example.com`. */
const masked = (email: string) => `${email.slice(0, 2)}***${email.slice(email.indexOf('@'))}`;

/** Both screenshots of a state: the phone as the test runs, then a desktop window. */
async function snapBoth(page: Page, testInfo: Parameters<typeof snap>[1], name: string) {
  await snap(page, testInfo, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, testInfo, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
}

test('an inviter sees the exact team counts, members, tier progress, salary, ranking and a working invite link', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  const admin = await adminSession(request);
  const channel = await createDepositChannel(request, admin);
  // inviter <- d1..d6 (direct), d1 <- s1..s5 (level 2). d1..d5 and s1..s5 deposit (approved); d6 does not.
  const inviter = await registerUser(request, 'team-inviter');
  const directs: Member[] = [];
  for (let i = 1; i <= 6; i++)
    directs.push(await registerUser(request, `team-d${i}`, inviter.user.invite_code));
  const [d1, , , , , d6] = directs as [Member, Member, Member, Member, Member, Member];
  const seconds: Member[] = [];
  for (let i = 1; i <= 5; i++) seconds.push(await registerUser(request, `team-s${i}`, d1.user.invite_code));
  for (const member of [...directs.slice(0, 5), ...seconds]) {
    await fundUser(request, admin, member, channel.id, '20');
  }

  // 5 charged direct and a charged team of 10 reach L1 (5 / 10) and a salary level; the admin pays it once.
  const before = await callApi<TeamStatsReply>(request, 'GET', '/api/team/stats', { token: inviter.token });
  expect(before).toMatchObject({ chargedDirectReferrals: 5, chargedTeamMembers: 10, currentTier: 1 });
  expect(before.salaryLevel).toBeGreaterThan(0);
  // Salary is paid as the team stood at the payout day: a team that qualified today earns nothing
  // for a day already past (the admin's payout is refused and nothing is paid).
  const refused = await request.post(`/api/admin/team-salary-management/pay/${inviter.user.id}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { year: 2026, month: 1, day: 1 },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).message).toContain('尚未达到工资等级');

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await openAs(page, inviter, '/team');
  await expect(page.getByTestId('team-page')).toBeVisible();

  // The figures: 6 direct (5 charged), 11 in the team (10 charged), no inviter.
  await expect(page.getByTestId('stat-direct')).toHaveText('6');
  await expect(page.getByTestId('stat-team')).toHaveText('11');
  const statsCard = page.getByTestId('team-stats');
  await expect(statsCard).toContainText('已充值 5 人');
  await expect(statsCard).toContainText('已充值 10 人');
  await expect(page.getByTestId('stat-inviter')).toHaveText('无（未使用邀请码注册）');
  await expect(page.getByTestId('charged-note')).toContainText('只按已充值成员计算');

  // Tier progress: L1 reached, L2 (5 / 30) misses 20 charged team members.
  await expect(page.getByTestId('tier-current')).toHaveText('L1');
  await expect(page.getByTestId('tier-row-1')).toHaveAttribute('data-state', 'reached');
  await expect(page.getByTestId('tier-row-1')).toContainText('已达成');
  await expect(page.getByTestId('tier-row-2')).toHaveAttribute('data-state', 'next');
  await expect(page.getByTestId('tier-row-10')).toHaveAttribute('data-state', 'locked');
  await expect(page.getByTestId('tier-next')).toHaveText('下一等级 L2，奖励 58 USDT');
  await expect(page.getByTestId('tier-progress-missing')).toHaveText('还差 团队 20 人（已充值成员）');
  await expect(page.getByTestId('tier-progress-direct-count')).toHaveText('5 / 5');
  await expect(page.getByTestId('tier-progress-team-count')).toHaveText('10 / 30');

  // Salary: the level the counts reach today, and no payout yet.
  await expect(page.getByTestId('salary-current')).toHaveText(`L${before.salaryLevel}`);
  await expect(page.getByTestId('salary-history')).toContainText('暂无工资发放记录');

  // Direct referrals: six, masked, newest first; d1 charged with its own team, d6 not charged.
  const referrals = page.getByTestId('referrals-list');
  await expect(referrals.locator(':scope > div')).toHaveCount(6);
  await expect(page.getByTestId('referrals-page-text')).toHaveText('显示第 1 到 6 条，共 6 人');
  const d1Row = page.getByTestId(`member-${d1.user.id}`);
  await expect(d1Row.getByTestId('member-email')).toHaveText(masked(d1.user.email));
  await expect(d1Row.getByTestId('member-charged')).toHaveText('已充值');
  await expect(d1Row).toContainText('直推 5 · 团队 5');
  await expect(d1Row.getByTestId('member-joined')).toHaveText(/^注册于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(page.getByTestId(`member-${d6.user.id}`).getByTestId('member-uncharged')).toHaveText('未充值');
  await expect(referrals).not.toContainText(d1.user.email);

  // The invite card: code, link and its QR image.
  const link = `${baseURL}/register?invite=${inviter.user.invite_code}`;
  await expect(page.getByTestId('invite-code')).toHaveText(inviter.user.invite_code);
  await expect(page.getByTestId('invite-link')).toHaveText(link);
  const qr = page.getByTestId('invite-qr');
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Ranking: the inviter (5 charged direct, 10 charged team) where the server puts them, marked.
  const ranking = await callApi<{ ranking: { rank: number; isMe: boolean }[]; myRank: number | null }>(
    request,
    'GET',
    '/api/team/ranking',
    { token: inviter.token },
  );
  expect(ranking.myRank).not.toBeNull();
  const myRank = ranking.myRank as number;
  await expect(page.getByTestId('ranking-me')).toHaveText(
    myRank <= 20 ? `我的排名：第 ${myRank} 名` : `我的排名：第 ${myRank} 名（未进入前 20 名）`,
  );
  if (myRank <= 20) {
    const mine = page.getByTestId(`ranking-row-${myRank}`);
    await expect(mine).toHaveAttribute('data-me', 'true');
    await expect(mine).toContainText(masked(inviter.user.email));
    await expect(mine).toContainText('我');
    await expect(page.locator('[data-me="true"]')).toHaveCount(1);
  }
  await snapBoth(page, testInfo, 'user-team');

  // Copying the link puts it on the clipboard and says so.
  await clickForMessage(page, page.getByTestId('invite-copy-link'), '邀请链接已复制');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await clickForMessage(page, page.getByTestId('invite-copy-code'), '邀请码已复制');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviter.user.invite_code);

  // 刷新 creates the L1 reward (pending) once; a second press creates nothing.
  const refresh = page.getByTestId('team-update-stats');
  await clickForMessage(page, refresh, '团队数据已更新，新增 1 笔奖励');
  await expect(page.getByTestId('tier-update-result')).toHaveText('团队数据已更新，新增 1 笔奖励');
  await expect(page.getByTestId('tier-row-1')).toContainText('待发放');
  await expect(statsCard).toContainText('待发放 18.00 USDT');
  await clickForMessage(page, refresh, '团队数据已更新，暂无新增奖励');
  await expect(page.getByTestId('tier-update-result')).toHaveText('团队数据已更新，暂无新增奖励');

  // The team tab: all 11, then one level at a time.
  await page.getByRole('tab', { name: '团队（11）' }).click();
  await expect(page.getByTestId('members-page-text')).toHaveText('显示第 1 到 11 条，共 11 人');
  await expect(page.getByTestId(`member-${seconds[0]?.user.id}`)).toContainText('第 2 层');
  await chooseOption(page, page.getByTestId('members-level'), '第 2 层');
  await expect(page.getByTestId('members-page-text')).toHaveText('显示第 1 到 5 条，共 5 人');
  await expect(page.getByTestId('members-list').locator('[data-testid="member-charged"]')).toHaveCount(5);
  await chooseOption(page, page.getByTestId('members-level'), '第 3 层');
  await expect(page.getByTestId('members-empty')).toContainText('第 3 层暂无成员');
  await chooseOption(page, page.getByTestId('members-level'), '第 2 层');
  // Back at the top: a full-page shot taken scrolled down draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, 'user-team-members-level2');

  // The link opens the registration form with the code filled in.
  const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guestPage = await guest.newPage();
  await guestPage.goto(link);
  await expect(guestPage.getByPlaceholder('邀请码')).toHaveValue(inviter.user.invite_code);
  await guest.close();
});

test('a new user without a team sees the empty states', async ({ page, request }, testInfo) => {
  const user = await registerUser(request, 'team-alone');
  await openAs(page, user, '/team');
  await expect(page.getByTestId('stat-direct')).toHaveText('0');
  await expect(page.getByTestId('stat-team')).toHaveText('0');
  await expect(page.getByTestId('tier-current')).toHaveText('未达成');
  await expect(page.getByTestId('tier-progress-missing')).toHaveText(
    '还差 直推 5 人、团队 10 人（已充值成员）',
  );
  await expect(page.getByTestId('referrals-empty')).toContainText('暂无直推成员');
  await expect(page.getByTestId('salary-history')).toContainText('暂无工资发放记录');
  await expect(page.getByTestId('ranking-me')).toHaveText(
    '我的排名：未上榜（至少 1 名直推成员充值后参与排名）',
  );
  await expect(page.getByTestId('invite-qr')).toBeVisible();
  await snapBoth(page, testInfo, 'user-team-empty');
});
