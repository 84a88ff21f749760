import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect as baseExpect, test } from '@playwright/test';
import { adminSession, callApi, fundedUser, openAs } from './support.ts';

/**
 * 资产证明 (issue 36): a user with a deposit finds their balance in the snapshot a super admin took,
 * the browser verifies the path to the root with Web Crypto (验证通过), the downloaded proof passes
 * the standalone verifier, and a proof changed on its way (a balance raised) says 验证失败 at level 0.
 */

test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 45_000 });
const VERIFIER = path.resolve(import.meta.dirname, '../tools/por-verify.mjs');

test('a user verifies their balance in the latest snapshot, in the browser and with the verifier', async ({
  page,
  request,
}) => {
  const admin = await adminSession(request);
  const user = await fundedUser(request, 'por', '321.5');
  const { snapshot } = await callApi<{ snapshot: { id: number; status: string } }>(
    request,
    'POST',
    '/api/admin/por/snapshots',
    { token: admin.token },
  );
  expect(snapshot.status).toBe('published');

  await openAs(page, user, '/me/por');
  await expect(page.getByTestId('por-verified')).toContainText('验证通过');
  await expect(page.getByTestId('por-balances')).toHaveText('USDT 321.500000000000000000');

  const download = page.waitForEvent('download');
  await page.getByTestId('por-download').click();
  const file = await (await download).path();
  const { stdout } = await promisify(execFile)(process.execPath, [VERIFIER, file]);
  expect(stdout).toContain('valid');

  // The same page with a proof whose balance was raised on the way: the browser refuses it.
  await page.route('**/api/por/proof*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.leaf.balances.USDT = '1000000.000000000000000000';
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(page.getByTestId('por-failed')).toContainText('验证失败');
  await expect(page.getByTestId('por-failed')).toContainText('第 0 层');
});
