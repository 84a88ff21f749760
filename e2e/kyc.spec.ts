import { expect as baseExpect, test } from '@playwright/test';
import {
  adminSession,
  callApi,
  checkerboardPng,
  openAs,
  registerUser,
  snap,
  submitKyc,
  toast,
  uniqueIdNumber,
} from './support.ts';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('an admin reviews KYC: the viewer keys, a rejection needs a reason, approval lets the user withdraw', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  const approved = await registerUser(request, 'kyc-approve');
  const rejected = await registerUser(request, 'kyc-reject');
  const approvedId = await submitKyc(request, approved, '张三');
  const rejectedId = await submitKyc(request, rejected, '李四');

  await openAs(page, admin, '/admin/kyc');
  const row = page.getByTestId(`kyc-row-${approvedId}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(approved.user.email);

  // The viewer: every key.
  await page.getByTestId(`kyc-thumb-front-${approvedId}`).click();
  const viewer = page.getByTestId('image-viewer');
  await expect(viewer).toBeVisible();
  const zoom = page.getByTestId('image-viewer-zoom');
  await expect(zoom).toHaveText('100%');
  await page.keyboard.press('+');
  await expect(zoom).toHaveText('120%');
  await page.keyboard.press('=');
  await expect(zoom).toHaveText('144%');
  await page.keyboard.press('-');
  await expect(zoom).toHaveText('120%');
  await page.keyboard.press('r');
  await expect(page.getByTestId('image-viewer-image')).toHaveAttribute('style', /rotate\(90deg\)/);
  await snap(page, testInfo, 'kyc-viewer');
  await page.keyboard.press('0');
  await expect(zoom).toHaveText('100%');
  await expect(page.getByTestId('image-viewer-image')).toHaveAttribute('style', /rotate\(0deg\)/);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Rejecting without a reason is refused on the page; with one it is stored.
  await page.getByTestId(`kyc-reject-${rejectedId}`).click();
  await page.getByTestId('kyc-review-submit').click();
  await expect(toast(page, '拒绝时必须填写原因')).toBeVisible();
  await page.getByTestId('kyc-review-note').fill('证件照片模糊');
  await page.getByTestId('kyc-review-submit').click();
  await expect(toast(page, '申请已拒绝')).toBeVisible();
  await expect(page.getByTestId(`kyc-row-${rejectedId}`)).toBeHidden();

  await page.getByTestId(`kyc-approve-${approvedId}`).click();
  await page.getByTestId('kyc-review-submit').click();
  await expect(toast(page, '申请已通过')).toBeVisible();
  await snap(page, testInfo, 'kyc-reviewed');

  const wallet = await callApi<{ withdrawRequirement: { canWithdraw: boolean } }>(
    request,
    'GET',
    '/api/wallet',
    {
      token: approved.token,
    },
  );
  expect(wallet.withdrawRequirement.canWithdraw).toBe(true);
  const status = await callApi<{ kyc_status: string; application: { admin_note: string } }>(
    request,
    'GET',
    '/api/kyc/status',
    {
      token: rejected.token,
    },
  );
  expect(status).toMatchObject({ kyc_status: 'rejected', application: { admin_note: '证件照片模糊' } });
});

test('a thumbnail whose image fails shows the retry view, and retrying loads it', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  const user = await registerUser(request, 'kyc-thumb');
  const id = await submitKyc(request, user, '王五');

  // The document route fails until the operator retries.
  await page.route('**/api/kyc/documents/**', (route) => route.abort());
  await openAs(page, admin, '/admin/kyc');
  const front = page.getByTestId(`kyc-thumb-front-${id}`);
  await expect(page.getByTestId(`kyc-thumb-front-${id}-failed`)).toBeVisible();
  await snap(page, testInfo, 'kyc-thumb-failed');

  await page.unroute('**/api/kyc/documents/**');
  await page.getByTestId(`kyc-thumb-front-${id}-failed`).getByTestId('image-retry').click();
  await expect(front).toBeVisible();
  await expect
    .poll(() => front.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});

test('one identity per person: a held number is refused, and the reviewer is warned about an earlier account', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  const earlier = await registerUser(request, 'kyc-dup-a');
  const applicant = await registerUser(request, 'kyc-dup-b');
  const third = await registerUser(request, 'kyc-dup-c');
  const idNumber = uniqueIdNumber();

  // The earlier account's application is rejected: the number is free again, but remembered.
  const earlierId = await submitKyc(request, earlier, '赵六', idNumber);
  await callApi(request, 'PATCH', `/api/admin/kyc/${earlierId}`, {
    token: admin.token,
    data: { status: 'rejected', adminNote: '证件照片模糊' },
  });
  const applicantId = await submitKyc(request, applicant, '钱七', idNumber.toLowerCase());
  // While the applicant's application holds it, a third account is refused.
  const refused = await request.post('/api/kyc/submit', {
    headers: { Authorization: `Bearer ${third.token}` },
    multipart: {
      real_name: '孙八',
      id_number: idNumber,
      id_front: { name: 'front.png', mimeType: 'image/png', buffer: await checkerboardPng() },
      id_back: { name: 'back.png', mimeType: 'image/png', buffer: await checkerboardPng() },
    },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe('该证件号码已被其他账户使用');

  await openAs(page, admin, '/admin/kyc');
  const row = page.getByTestId(`kyc-row-${applicantId}`);
  await expect(row.getByTestId(`kyc-duplicate-${applicantId}`)).toHaveText(/另有 1 个申请使用相同证件号码/);
  await snap(page, testInfo, 'kyc-duplicate-row');

  await page.getByTestId(`kyc-detail-${applicantId}`).click();
  const warning = page.getByTestId('kyc-detail').getByTestId('kyc-duplicate-list');
  await expect(warning).toContainText('另有 1 个申请使用相同证件号码');
  await expect(warning).toContainText(earlier.user.email);
  await expect(warning).toContainText('已拒绝');
  await snap(page, testInfo, 'kyc-duplicate-detail');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('kyc-detail')).toBeHidden();

  await page.getByTestId(`kyc-approve-${applicantId}`).click();
  await expect(page.locator('.ant-modal').getByTestId('kyc-duplicate-list')).toContainText(
    earlier.user.email,
  );
  await snap(page, testInfo, 'kyc-duplicate-review');
});
