import { expect as baseExpect, type Page, type TestInfo, test } from '@playwright/test';
import {
  adminSession,
  callApi,
  checkerboardPng,
  openAs,
  registerUser,
  type Session,
  snap,
  uniqueIdNumber,
} from './support.ts';

test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, actionTimeout: 30_000 });
// Generous: a busy shared machine can take many seconds to load a lazy screen and its data.
const expect = baseExpect.configure({ timeout: 45_000 });

/** From the top: a focused field scrolls the page, and the sticky header would float in the image. */
const shot = (page: Page, info: TestInfo, name: string) =>
  page.evaluate(() => window.scrollTo(0, 0)).then(() => snap(page, info, name));

const png = async (name: string) => ({ name, mimeType: 'image/png', buffer: await checkerboardPng(48) });

/** Fills the KYC form with a valid name and ID number and two real PNG images. */
async function fillKycForm(page: Page, name: string, idNumber: string) {
  await page.getByTestId('kyc-real-name').fill(name);
  await page.getByTestId('kyc-id-number').fill(idNumber);
  await page.getByTestId('kyc-front-input').setInputFiles(await png('front.png'));
  await page.getByTestId('kyc-back-input').setInputFiles(await png('back.png'));
  await expect(page.getByTestId('kyc-front-preview')).toBeVisible();
  await expect(page.getByTestId('kyc-back-preview')).toBeVisible();
}

async function applicationIdOf(request: Parameters<typeof callApi>[0], user: Session): Promise<number> {
  const status = await callApi<{ application: { id: number } | null }>(request, 'GET', '/api/kyc/status', {
    token: user.token,
  });
  if (!status.application) throw new Error('no KYC application');
  return status.application.id;
}

test('a user submits KYC through the form and sees the approval arrive live', async ({
  page,
  request,
}, info) => {
  const admin = await adminSession(request);
  const user = await registerUser(request, 'user-kyc');

  await openAs(page, user, '/kyc');
  await expect(page.getByTestId('kyc-page-status')).toHaveText('未认证');
  await shot(page, info, 'user-kyc-01-form');

  // A file that is not an image is refused on the page, before any upload.
  let uploads = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/kyc/submit')) uploads += 1;
  });
  await page
    .getByTestId('kyc-front-input')
    .setInputFiles({ name: 'id.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByTestId('kyc-front-problem')).toHaveText('请选择图片文件');
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByText('请上传身份证正面照片')).toBeVisible();
  await shot(page, info, 'user-kyc-02-invalid');
  expect(uploads).toBe(0);

  await fillKycForm(page, '张三', uniqueIdNumber());
  await shot(page, info, 'user-kyc-03-filled');
  const submitted = page.waitForResponse((r) => r.url().endsWith('/api/kyc/submit'));
  await page.getByTestId('kyc-submit').click();
  expect((await submitted).status()).toBe(200);
  await expect(page.getByTestId('kyc-in-review')).toBeVisible();
  await expect(page.getByTestId('kyc-page-status')).toHaveText('待审核');
  await expect(page.getByTestId('kyc-own-front')).toBeVisible();
  await expect
    .poll(() => page.getByTestId('kyc-own-front').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await shot(page, info, 'user-kyc-04-in-review');

  // The admin approves; the page changes without a reload.
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await callApi(request, 'PATCH', `/api/admin/kyc/${await applicationIdOf(request, user)}`, {
    token: admin.token,
    data: { status: 'approved' },
  });
  await expect(page.getByTestId('kyc-approved')).toBeVisible();
  await expect(page.getByTestId('kyc-page-status')).toHaveText('已认证');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await shot(page, info, 'user-kyc-05-approved');

  // The wallet shows the new state too, and withdrawals are open.
  await page.getByRole('button', { name: '去提现' }).click();
  await expect(page.getByTestId('withdraw-page')).toBeVisible();
  await expect(page.getByTestId('withdraw-blocked')).toHaveCount(0);
});

test('a rejected user sees the reason live and resubmits with the last answers filled in', async ({
  page,
  request,
}, info) => {
  const admin = await adminSession(request);
  const user = await registerUser(request, 'user-kyc-reject');

  const idNumber = uniqueIdNumber();
  await openAs(page, user, '/kyc');
  await fillKycForm(page, '李四', idNumber);
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByTestId('kyc-in-review')).toBeVisible();

  await callApi(request, 'PATCH', `/api/admin/kyc/${await applicationIdOf(request, user)}`, {
    token: admin.token,
    data: { status: 'rejected', adminNote: '证件照片模糊，请重新拍摄' },
  });
  await expect(page.getByTestId('kyc-rejected')).toContainText('原因：证件照片模糊，请重新拍摄');
  await expect(page.getByTestId('kyc-page-status')).toHaveText('已拒绝');
  await shot(page, info, 'user-kyc-06-rejected');

  await page.getByTestId('kyc-resubmit').click();
  await expect(page.getByTestId('kyc-real-name')).toHaveValue('李四');
  // The same person may submit the same number again after a rejection.
  await expect(page.getByTestId('kyc-id-number')).toHaveValue(idNumber);
  await page.getByTestId('kyc-front-input').setInputFiles(await png('front2.png'));
  await page.getByTestId('kyc-back-input').setInputFiles(await png('back2.png'));
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByTestId('kyc-in-review')).toBeVisible();
});
