import fs from 'node:fs';
import { expect as baseExpect, request as playwrightRequest, test } from '@playwright/test';
import {
  freshDataDir,
  type IsolatedServer,
  runSqlOnDataDir,
  startIsolatedServer,
} from './isolated-server.ts';
import {
  adminLogin,
  animationsSettled,
  callApi,
  confirmDialog,
  createDepositChannel,
  createWithdrawChannel,
  E2E_ADMIN,
  fundUser,
  openAs,
  type Session,
  snap,
  submitWithdrawal,
  toast,
  verifiedUserSession,
} from './support.ts';

/**
 * Reconciliation (issue 17) end to end, with a real breach made the way an attacker with database
 * access (or a bug that writes around the ledger) would: a user's frozen USDT raised by a direct
 * UPDATE of ledger_accounts, with no journal entry and no withdrawal behind it. The shared e2e
 * server's embedded database cannot be written from outside (PGlite is one process), so this spec
 * runs its own server (isolated-server.ts): seeded over the API (a deposit, a 30 USDT withdrawal
 * request that freezes 30), stopped, corrupted with SQL on its data directory, and started again.
 * No debug route is involved: the breach is found by 立即对账 as the scheduled job would find it.
 */
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000, viewport: { width: 1280, height: 860 } });
const expect = baseExpect.configure({ timeout: 30_000 });

const PORT = Number(process.env.E2E_PORT ?? 3199) + 4;
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

/** What the attacker adds to the frozen balance (the withdrawal froze 30). */
const FORGED = '12.5';

let server: IsolatedServer;
let victim: Session;
/** Every server this spec started, stopped in afterAll even when the setup failed half way. */
const started: IsolatedServer[] = [];

test.beforeAll(async () => {
  // Two server starts (up to two minutes each on a busy machine), the seeding and the SQL.
  test.setTimeout(480_000);
  const dataDir = freshDataDir(`reconciliation-${PORT}`);
  const first = await startIsolatedServer(PORT, dataDir);
  started.push(first);
  const request = await playwrightRequest.newContext({ baseURL: first.url });
  try {
    const admin = await adminLogin(request);
    const deposits = await createDepositChannel(request, admin);
    victim = await verifiedUserSession(request, admin);
    await fundUser(request, admin, victim, deposits.id, '100');
    const withdrawals = await createWithdrawChannel(request, admin, '0');
    await submitWithdrawal(request, victim, withdrawals.id, '30');
    // The ledger is whole before the attack: a run now is clean.
    const clean = await callApi<{ run: { ok: boolean } }>(request, 'POST', '/api/admin/reconciliation/run', {
      token: admin.token,
    });
    expect(clean.run.ok).toBe(true);
  } finally {
    await request.dispose();
    await first.stop();
  }
  await runSqlOnDataDir(dataDir, [
    `UPDATE ledger_accounts SET balance = balance + ${FORGED}
      WHERE user_id = ${victim.user.id} AND bucket = 'frozen' AND currency = 'USDT' AND NOT is_system`,
  ]);
  server = await startIsolatedServer(PORT, dataDir);
  started.push(server);
});

test.afterAll(async () => {
  for (const s of started) await s.stop();
  if (started[0]) fs.rmSync(started[0].dataDir, { recursive: true, force: true });
});

test('立即对账 finds a forged frozen balance; the dashboard turns red until an admin acknowledges it', async ({
  page,
  browser,
  request,
}, info) => {
  const admin = await adminLogin(request);

  // The dashboard, open in one tab: the last run was clean, no alert.
  await openAs(page, admin, '/admin');
  await expect(page.getByTestId('dashboard-card-totalUsers')).toBeVisible();
  await expect(page.getByTestId('reconciliation-alert')).toHaveCount(0);

  // A second tab opens 对账记录 from the menu (钱包管理 › 对账记录) and runs a reconciliation now.
  const runs = await browser.newPage({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
  await openAs(runs, admin, '/admin');
  // As a person would: the shell has loaded (its dashboard shows) before the menu is used; a click
  // while it was still rendering once left the tab on /admin.
  await expect(runs.getByTestId('dashboard-card-totalUsers')).toBeVisible();
  const sidebar = runs.getByTestId('admin-sidebar');
  await sidebar.getByText('钱包管理', { exact: true }).click();
  const runsLink = sidebar.getByRole('link', { name: '对账记录', exact: true });
  await expect(runsLink).toBeVisible();
  await animationsSettled(runs);
  await runsLink.click();
  await expect(runs).toHaveURL(/\/admin\/wallet\/reconciliation$/);
  await expect(runs.getByTestId('reconciliation-runs-page')).toBeVisible();
  await expect(runs.getByTestId('reconciliation-run-result')).toHaveText(['正常']);
  await expect(runs.getByTestId('reconciliation-help')).toBeVisible();
  await snap(runs, info, 'reconciliation-clean');

  await runs.getByTestId('reconciliation-run-now').click();
  await expect(toast(runs, '对账发现 2 项异常')).toBeVisible();
  await expect(runs.getByTestId('reconciliation-run-result').first()).toHaveText('异常 2 项');
  await expect(runs.getByTestId('reconciliation-unacknowledged')).toContainText('有 1 次对账异常待确认');
  // The breach run opens by itself: the forged frozen balance, named by user and currency, with
  // what the ledger holds, what the open withdrawal says it should, and the difference.
  const breaches = runs.getByTestId('reconciliation-breach');
  await expect(breaches).toHaveCount(2);
  const frozen = breaches.filter({ hasText: '冻结余额与未完成业务不符' });
  await expect(frozen).toContainText(victim.user.email);
  await expect(frozen).toContainText('42.50 USDT');
  await expect(frozen).toContainText('30.00 USDT');
  await expect(frozen).toContainText('+12.50 USDT');
  await expect(breaches.filter({ hasText: '账本不平' })).toContainText(
    /balance 42\.50* but its entries sum to 30(\.0+)?$/,
  );
  await expect(runs.getByText('立即对账', { exact: true }).first()).toBeVisible();
  await snap(runs, info, 'reconciliation-breach');

  // The dashboard tab turns red without a reload (the admins' realtime notification).
  const alert = page.getByTestId('reconciliation-alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('对账异常：账本不平 1 项；冻结余额与未完成业务不符 1 项');
  await snap(page, info, 'reconciliation-dashboard-alert');
  await runs.close();

  // 查看详情 opens the runs that wait for an admin; the admin acknowledges after checking.
  await page.getByTestId('reconciliation-alert-details').click();
  await expect(page).toHaveURL(/\/admin\/wallet\/reconciliation\?result=unacknowledged$/);
  const rows = page.getByTestId('reconciliation-run-result');
  await expect(rows).toHaveText(['异常 2 项']);
  const ack = page.locator('[data-testid^="reconciliation-ack-"]');
  await expect(ack).toHaveCount(1);
  const runId = Number((await ack.getAttribute('data-testid'))?.replace('reconciliation-ack-', ''));
  await ack.click();
  const dialog = confirmDialog(page, `确认对账异常 #${runId}`);
  await expect(dialog).toContainText('2 项不一致');
  await snap(page, info, 'reconciliation-acknowledge-confirm');
  await dialog.getByRole('button', { name: '确认已知悉' }).click();
  await expect(toast(page, '已确认对账异常')).toBeVisible();
  // Nothing waits any more; the run (under 全部) names who acknowledged it.
  await expect(page.getByTestId('reconciliation-unacknowledged')).toHaveCount(0);
  await page.getByTestId('reconciliation-result-filter').getByText('全部', { exact: true }).click();
  const acknowledged = page.getByTestId(`reconciliation-acknowledged-${runId}`);
  await expect(acknowledged).toContainText(E2E_ADMIN.email);
  await snap(page, info, 'reconciliation-acknowledged');

  // Back on the dashboard the alert is gone.
  await page.getByTestId('admin-sidebar').getByRole('link', { name: '仪表盘', exact: true }).click();
  await expect(page.getByTestId('dashboard-card-totalUsers')).toBeVisible();
  await expect(page.getByTestId('reconciliation-alert')).toHaveCount(0);
});
