import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/** The super admin the e2e server is started with (see playwright.config.ts). */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

const screensDir = path.join(import.meta.dirname, 'artifacts', 'screens');

/** Keeps a screenshot of each step as a test artifact (e2e/artifacts/screens) and in the report. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(screensDir, { recursive: true });
  const file = path.join(screensDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

export async function loginThroughForm(page: Page, account: string, password: string, redirect = '/admin') {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByPlaceholder('邮箱或手机号').fill(account);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}
