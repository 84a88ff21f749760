import { expect, test } from '@playwright/test';
import { linkToken, startTestSmtpServer, type TestSmtpServer } from '../apps/server/src/test/smtp.ts';
import { freshDataDir, type IsolatedServer, startIsolatedServer } from './isolated-server.ts';

/**
 * 忘记密码 → the mail → 重置密码 → 登录, at phone size (issue 33), on a server of its own whose
 * SMTP_URL points at a local SMTP server this spec starts.
 */
const PORT = Number(process.env.E2E_PORT ?? 3199) + 8;
test.use({
  baseURL: `http://127.0.0.1:${PORT}`,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  actionTimeout: 30_000,
});

let smtp: TestSmtpServer;
let server: IsolatedServer;

test.beforeAll(async () => {
  // A server start on a fresh embedded database: past the 60 s default on a loaded machine.
  test.setTimeout(180_000);
  smtp = await startTestSmtpServer();
  server = await startIsolatedServer(PORT, freshDataDir(`password-reset-${PORT}`), {
    SMTP_URL: smtp.url,
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

test('forgot → mail → reset → login at 390 px', async ({ page, request }) => {
  const email = `reset-${Date.now()}@example.com`;
  const registered = await request.post('/api/auth/register', {
    data: { email, password: 'Trade-pass-2026' },
  });
  expect(registered.ok()).toBe(true);

  await page.goto('/login');
  await page.getByTestId('forgot-password-link').click();
  await page.getByTestId('forgot-email').fill(email);
  await page.getByRole('button', { name: '发送重置链接' }).click();
  await expect(page.getByTestId('forgot-sent')).toContainText('如果该邮箱已注册');
  await page.screenshot({ path: 'e2e/artifacts/password-forgot-390.png', fullPage: true });

  const mail = await smtp.waitFor(email, (m) => m.subject.includes('重置登录密码'));
  const token = linkToken(mail, '/reset-password');
  expect(mail.text).toContain(`http://127.0.0.1:${PORT}/reset-password?token=${token}`);

  await page.goto(`/reset-password?token=${token}`);
  await page.getByTestId('new-password').fill('Fresh-start-42');
  await page.getByTestId('confirm-password').fill('Fresh-start-42');
  await page.screenshot({ path: 'e2e/artifacts/password-reset-390.png', fullPage: true });
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByTestId('login-notice')).toContainText('密码已重置');

  await page.getByLabel('邮箱或手机号').fill(email);
  await page.getByLabel('密码').fill('Fresh-start-42');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/$/);
});
