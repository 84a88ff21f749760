import { expect as baseExpect, test } from '@playwright/test';
import { adminSession, callApi, createWithdrawChannel, openAs, snap } from './support.ts';

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('the audit page shows the hash chain as intact above the log', async ({ page, request }, info) => {
  const admin = await adminSession(request);
  // An audited admin write, so the chain has at least one new row.
  const channel = await createWithdrawChannel(request, admin);
  const state = await callApi<{ ok: boolean; rows: number }>(request, 'GET', '/api/admin/audit/chain', {
    token: admin.token,
  });
  expect(state.ok).toBe(true);
  expect(state.rows).toBeGreaterThan(0);

  await openAs(page, admin, '/admin/audit');
  await expect(page.getByTestId('audit-page')).toBeVisible();
  const alert = page.getByTestId('audit-chain');
  await expect(alert).toContainText('审计日志哈希链完整');
  await expect(alert).toContainText('均未被修改、删除或重排');
  await expect(page.getByTestId('audit-page')).toContainText(`#${channel.id}`);
  await snap(page, info, 'audit-chain-01-intact');
});
