import { expect, test } from '@playwright/test';
import { adminSession, approveChange, callApi, openAs, snap, toast } from './support.ts';

/**
 * 风控参数 (issue 34): a change of the perpetuals' caps is a proposal that shows as pending and takes
 * effect only when the second admin approves it; the 保险基金 tab shows the fund. The cap is raised
 * above anything another spec opens, so the change is invisible to them.
 */
test('风控参数: a proposal waits for the second admin, then the new cap is in force; 保险基金 tab', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAs(page, admin, '/admin/trading/perpetual-risk');
  const cap = page.getByTestId('risk-user-cap');
  await expect(cap).not.toHaveValue('', { timeout: 30_000 });
  const before = await cap.inputValue();
  const raised = String(Number(before) + 1_000_000);
  await cap.fill(raised);
  await page.getByTestId('risk-submit').click();
  await expect(toast(page, /已提交/)).toBeVisible();
  const pending = page.locator('[data-testid^="risk-pending-"]');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('永续合约风控参数');
  await snap(page, testInfo, 'perpetual-risk-01-pending');

  // Nothing in force yet.
  const inForce = () =>
    callApi<{ config: { user_cap: string }; pending: { id: number }[] }>(
      request,
      'GET',
      '/api/admin/trading/perpetual-risk',
      { token: admin.token },
    );
  const waiting = await inForce();
  expect(waiting.config.user_cap).toBe(before);
  const id = waiting.pending[0]?.id ?? 0;
  await approveChange(request, id);
  expect((await inForce()).config.user_cap).toBe(raised);

  await page.reload();
  await expect(page.getByTestId('risk-user-cap')).toHaveValue(raised, { timeout: 30_000 });
  await expect(page.locator('[data-testid^="risk-pending-"]')).toHaveCount(0);

  await page.getByRole('tab', { name: '保险基金' }).click();
  await expect(page.getByTestId('insurance-fund-balance')).toBeVisible();
  await snap(page, testInfo, 'perpetual-risk-02-insurance');
});
