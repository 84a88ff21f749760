import { expect as baseExpect, test } from '@playwright/test';
import {
  adminSession,
  callApi,
  createDepositChannel,
  fundUser,
  openAs,
  registerUser,
  snap,
  submitKyc,
} from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** A new account, under the owner of `inviteCode` when one is given. */
test('the hierarchy expands and collapses a tree, shows a member and finds a deep member with its path', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  // top -> mid, sibling; mid -> low -> deep (deep is on L4). mid is KYC approved and charged.
  const top = await registerUser(request, 'h-top');
  const mid = await registerUser(request, 'h-mid', top.user.invite_code);
  const sibling = await registerUser(request, 'h-sibling', top.user.invite_code);
  const low = await registerUser(request, 'h-low', mid.user.invite_code);
  const deep = await registerUser(request, 'h-deep', low.user.invite_code);
  const channel = await createDepositChannel(request, admin);
  await fundUser(request, admin, mid, channel.id, '100');
  const kycId = await submitKyc(request, mid, '层级测试');
  await callApi(request, 'PATCH', `/api/admin/kyc/${kycId}`, {
    token: admin.token,
    data: { status: 'approved' },
  });

  const loaded = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/team/hierarchy' && r.request().method() === 'GET',
  );
  await openAs(page, admin, '/admin/team/hierarchy');
  const first = (await (await loaded).json()) as { data: { totalTopLevel: number } };
  await expect(page.getByTestId('hierarchy-page')).toBeVisible();
  await expect(page.getByTestId('hierarchy-count')).toHaveText(
    `顶级用户 ${first.data.totalTopLevel.toLocaleString('en-US')} 人`,
  );

  // Top-level users with a team come first (biggest team first): top is among them, with its counts.
  const topRow = page.getByTestId(`hierarchy-node-${top.user.id}`);
  await expect(topRow).toContainText(top.user.email);
  const topStats = topRow.getByTestId('hierarchy-node-stats');
  await expect(topStats).toContainText('L1');
  await expect(topStats).toContainText('直推 2');
  await expect(topStats).toContainText('团队 4');
  await expect(topRow.getByTestId('hierarchy-badge-deposited')).toHaveCount(0);

  // Expand: mid and sibling one level in (24 px), mid with both badges and its deposit.
  const midRow = page.getByTestId(`hierarchy-node-${mid.user.id}`);
  await expect(midRow).toHaveCount(0);
  await page.getByTestId(`hierarchy-toggle-${top.user.id}`).click();
  await expect(midRow).toBeVisible();
  await expect(page.getByTestId(`hierarchy-node-${sibling.user.id}`)).toBeVisible();
  await expect(midRow.getByTestId('hierarchy-badge-kyc')).toHaveText('已认证');
  await expect(midRow.getByTestId('hierarchy-badge-deposited')).toHaveText('已充值');
  await expect(midRow.getByTestId('hierarchy-node-stats')).toContainText('L2');
  await expect(midRow.getByTestId('hierarchy-node-stats')).toContainText('充值 100.00 USDT');
  const indent = async (id: number) =>
    page
      .getByTestId(`hierarchy-node-${id}`)
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingLeft));
  expect((await indent(mid.user.id)) - (await indent(top.user.id))).toBe(24);

  // mid's own referrals were not in the page: opening mid fetches them.
  const children = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/admin/team/hierarchy/${mid.user.id}/children`,
  );
  await page.getByTestId(`hierarchy-toggle-${mid.user.id}`).click();
  expect((await children).ok()).toBe(true);
  const lowRow = page.getByTestId(`hierarchy-node-${low.user.id}`);
  await expect(lowRow).toBeVisible();
  await expect(lowRow.getByTestId('hierarchy-node-stats')).toContainText('L3');
  expect((await indent(low.user.id)) - (await indent(mid.user.id))).toBe(24);
  await snap(page, testInfo, 'team-hierarchy-expanded');

  // Collapse hides the subtree.
  await page.getByTestId(`hierarchy-toggle-${top.user.id}`).click();
  await expect(midRow).toHaveCount(0);
  await expect(lowRow).toHaveCount(0);
  await expect(topRow).toHaveAttribute('aria-expanded', 'false');
  // 展开全部 opens what is loaded again, 收起全部 closes it.
  await page.getByTestId('hierarchy-expand-all').click();
  await expect(lowRow).toBeVisible();
  await page.getByTestId('hierarchy-collapse-all').click();
  await expect(midRow).toHaveCount(0);

  // The detail panel of a node.
  await page.getByTestId(`hierarchy-toggle-${top.user.id}`).click();
  await midRow.getByTestId('hierarchy-node-email').click();
  const detail = page.getByRole('dialog').filter({ hasText: '用户详情' });
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('detail-email')).toHaveText(mid.user.email);
  await expect(detail.getByTestId('detail-phone')).toHaveText('未设置');
  await expect(detail.getByTestId('detail-created')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(detail.getByTestId('detail-direct')).toHaveText('1');
  await expect(detail.getByTestId('detail-team')).toHaveText('2');
  await expect(detail.getByTestId('detail-code')).toHaveText(mid.user.invite_code);
  await expect(detail.getByTestId('detail-inviter')).toHaveText(top.user.email);
  await snap(page, testInfo, 'team-hierarchy-detail');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // A search for the deep member (server side, any level) shows it with its path from top.
  const term = deep.user.email.split('@')[0] as string;
  const searched = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/admin/team/hierarchy' &&
      new URL(r.url()).searchParams.has('search'),
  );
  await page.getByTestId('hierarchy-search').fill(term);
  expect(new URL((await searched).url()).searchParams.get('search')).toBe(term);
  await expect(page.getByTestId('hierarchy-count')).toHaveText('找到 1 个匹配用户');
  const deepRow = page.getByTestId(`hierarchy-node-${deep.user.id}`);
  await expect(deepRow).toBeVisible();
  await expect(deepRow.getByTestId('hierarchy-node-stats')).toContainText('L4');
  await expect(page.getByTestId(`hierarchy-path-${deep.user.id}`)).toHaveText(
    `路径：${top.user.email} › ${mid.user.email} › ${low.user.email}`,
  );
  await expect(page).toHaveURL(new RegExp(`search=${term}`));
  await deepRow.click();
  await expect(detail.getByTestId('detail-email')).toHaveText(deep.user.email);
  await expect(detail.getByTestId('detail-inviter')).toHaveText(low.user.email);
  await expect(detail.getByTestId('detail-path')).toHaveText(
    `L1${top.user.email}L2${mid.user.email}L3${low.user.email}`,
  );
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await snap(page, testInfo, 'team-hierarchy-search');

  // One character is not searched; clearing goes back to the top-level users.
  await page.getByTestId('hierarchy-search').fill('e');
  await expect(page.getByTestId('hierarchy-search-hint')).toHaveText('请至少输入 2 个字符');
  await page.getByTestId('hierarchy-search').fill('');
  await expect(topRow).toBeVisible();
  await expect(page.getByTestId('hierarchy-count')).toContainText('顶级用户');
});
