import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { timeStep, totpAt } from '../apps/server/src/modules/auth/two-factor/totp.ts';
import { randomTrc20Address } from './addresses.ts';
import { checkerboardPng } from './png.ts';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export { checkerboardPng, randomTrc20Address };

/** The super admin the e2e server is started with (see playwright.config.ts). */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password-1' };
/**
 * The second bootstrap super admin (ADMIN2_EMAIL / ADMIN2_PASSWORD, issue 32): an approver from
 * the first start, who approves the pending changes the first one proposes (docs/pending-changes.md).
 */
export const E2E_ADMIN2 = { email: 'e2e-admin2@example.com', password: 'e2e-admin2-password-2' };

/** The environment of every server the browser tests start (the shared one and isolated ones). */
export function e2eServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN2_EMAIL: E2E_ADMIN2.email,
    ADMIN2_PASSWORD: E2E_ADMIN2.password,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Every spec registers its own users from one address; the production limit (20 an hour)
    // would refuse them once the suite grows.
    REGISTER_RATE_LIMIT_PER_HOUR: '1000',
    // The shared server's admin logs in without enrolling 2FA; the 2FA browser test starts an
    // isolated server with ADMIN_2FA_REQUIRED=true.
    ADMIN_2FA_REQUIRED: 'false',
  };
}

const screensDir = path.join(import.meta.dirname, 'artifacts', 'screens');

/** Keeps a screenshot of each step as a test artifact (e2e/artifacts/screens) and in the report. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(screensDir, { recursive: true });
  const file = path.join(screensDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** `snap` of the page scrolled back to its top (a phone's header and the page's title in view). */
export async function snapFromTop(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, name);
}

/** What the screen shows now (the viewport, not the full page): a dialog, or a part scrolled into view. */
export async function snapView(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/**
 * Waits (at most 3 s) for the page's finite animations to end, so that a dialog that has just opened
 * is shown fully and not half faded in. Endless ones (spinners) are not waited for.
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    // This runs in the page, where the test's sleep() does not exist.
    const atMost = new Promise((resolve) => setTimeout(resolve, 3000));
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), atMost]);
  });
}

/**
 * Presses a timed product's order button (flash, options), confirms once the dialog stands still (a
 * click while it still zooms in can miss, seen once in CI) and answers the id of the contract whose
 * detail opens. `check` is the spec's expect, with its timeouts.
 */
export async function confirmTimedOrder(page: Page, check: typeof expect = expect): Promise<number> {
  await page.getByTestId('place-order').click();
  await check(page.getByTestId('confirm-order')).toBeVisible();
  await animationsSettled(page);
  await page.getByTestId('confirm-order').click();
  const detail = page.locator('[data-testid^="contract-detail-"]');
  await check(detail).toBeVisible();
  return Number((await detail.getAttribute('data-testid'))?.replace('contract-detail-', ''));
}

export async function loginThroughForm(page: Page, account: string, password: string, redirect = '/admin') {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByPlaceholder('邮箱或手机号').fill(account);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

// ---- seeding over the real HTTP API -------------------------------------------------------------
// Every spec shares one server: seed your own rows with unique e-mails and never assume empty tables.

/** A signed-in account as POST /api/auth/login or /register returns it. */
export interface Session {
  token: string;
  user: { id: number; email: string; [key: string]: unknown };
}

export interface WalletRow {
  currency: string;
  balance: string;
  frozen_balance: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An e-mail nobody else on the shared server uses. */
export function uniqueEmail(prefix: string): string {
  return `e2e-${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** One API call; anything but a 2xx with success:true fails the test with the server's message. */
export async function callApi<T = Record<string, unknown>>(
  request: APIRequestContext,
  method: Method,
  url: string,
  options: { token?: string; data?: unknown; idempotencyKey?: string } = {},
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
    },
    data: options.data,
  });
  const body = (await response.json().catch(() => null)) as {
    success?: boolean;
    data?: T;
    message?: string;
  } | null;
  if (!response.ok() || !body?.success) {
    throw new Error(`${method} ${url} -> ${response.status()}: ${body?.message ?? '(no JSON body)'}`);
  }
  return body.data as T;
}

let adminSessionCache: Promise<Session> | undefined;

/**
 * The super admin's API session, logged in once per worker: the login route is rate limited
 * (10 a minute per address), and the browser reuses this token too (see openAs).
 */
export function adminSession(request: APIRequestContext): Promise<Session> {
  adminSessionCache ??= adminLogin(request).catch((error: unknown) => {
    adminSessionCache = undefined;
    throw error;
  });
  return adminSessionCache;
}

/** A new session of the first super admin on the server `request` talks to (an isolated one, too). */
export function adminLogin(request: APIRequestContext): Promise<Session> {
  return callApi<Session>(request, 'POST', '/api/auth/login', {
    data: { account: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
}

const secondAdminCache = new Map<string, Promise<Session>>();

/**
 * The second bootstrap super admin's API session on the server `request` talks to (the shared one
 * or an isolated one), logged in once per worker and server. On a server that requires admin 2FA
 * (ADMIN_2FA_REQUIRED=true) it enrols over the API first, as the first admin does in two-factor.spec.
 */
export async function secondAdminSession(request: APIRequestContext): Promise<Session> {
  const server = new URL((await request.get('/api/health')).url()).origin;
  let cached = secondAdminCache.get(server);
  if (!cached) {
    cached = loginSecondAdmin(request).catch((error: unknown) => {
      secondAdminCache.delete(server);
      throw error;
    });
    secondAdminCache.set(server, cached);
  }
  return cached;
}

async function loginSecondAdmin(request: APIRequestContext): Promise<Session> {
  const session = await callApi<Session>(request, 'POST', '/api/auth/login', {
    data: { account: E2E_ADMIN2.email, password: E2E_ADMIN2.password },
  });
  const probe = await request.get('/api/admin/changes', {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  if (probe.status() === 403) {
    // The login password goes along: turning 2FA on asks for it (issue 32); unknown keys are dropped.
    const password = E2E_ADMIN2.password;
    const { secret } = await callApi<{ secret: string }>(request, 'POST', '/api/auth/2fa/setup', {
      token: session.token,
      data: { password },
    });
    await callApi(request, 'POST', '/api/auth/2fa/enable', {
      token: session.token,
      data: { code: await new Authenticator(secret).next(), password },
    });
  }
  return session;
}

export interface ProposedChange {
  id: number;
  kind: string;
  status: string;
  /** What it is about; a create's is set when applied (the new row's id). */
  target_id: string | null;
  after: unknown;
  approver: { id: number; email: string | null } | null;
}

/** Approves pending change `id` as the second super admin (POST /api/admin/changes/:id/approve). */
export async function approveChange(request: APIRequestContext, id: number): Promise<ProposedChange> {
  const approver = await secondAdminSession(request);
  const { change } = await callApi<{ change: ProposedChange }>(
    request,
    'POST',
    `/api/admin/changes/${id}/approve`,
    { token: approver.token, idempotencyKey: randomUUID() },
  );
  return change;
}

/**
 * A call that proposes a change (issue 32: it answers 202 `data: { change }`), then the second
 * super admin's approval, so that the change has taken effect when this returns.
 */
export async function proposeAndApprove(
  request: APIRequestContext,
  method: Method,
  url: string,
  options: { token?: string; data?: unknown; idempotencyKey?: string },
): Promise<ProposedChange> {
  const { change } = await callApi<{ change?: ProposedChange }>(request, method, url, options);
  if (!change) throw new Error(`${method} ${url} proposed no change`);
  return approveChange(request, change.id);
}

/** Registers a normal user (register is rate limited to 20 an hour per address: one or two per test). */
/** The login password of every user registerUser makes. */
export const USER_PASSWORD = 'user-secret-1';

/** A user as register returns it, with the code that invites others into its team. */
export type Member = Session & { user: Session['user'] & { invite_code: string } };

/** A new user (e-mail from `prefix`), invited by the owner of `inviteCode` when one is given. */
export function registerUser(
  request: APIRequestContext,
  prefix = 'user',
  inviteCode?: string,
): Promise<Member> {
  return callApi<Member>(request, 'POST', '/api/auth/register', {
    data: { email: uniqueEmail(prefix), password: USER_PASSWORD, invite_code: inviteCode },
  });
}

export interface DepositChannel {
  id: number;
  name: string;
  currency: string;
  address: string;
  qr_code_url: string | null;
}

/** An active USDT deposit channel named after the test. */
export async function createDepositChannel(
  request: APIRequestContext,
  admin: Session,
  fields: Record<string, unknown> = {},
): Promise<DepositChannel> {
  const name = `E2E-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  await proposeAndApprove(request, 'POST', '/api/admin/channels', {
    token: admin.token,
    data: {
      name,
      type: 'crypto',
      currency: 'USDT',
      // A USDT channel's address is a real TRC20 (or ERC20) address (issue 32).
      address: randomTrc20Address(),
      min_amount: '1',
      max_amount: '100000',
      status: 'active',
      ...fields,
    },
  });
  return channelNamed<DepositChannel>(request, admin, '/api/admin/channels', String(fields.name ?? name));
}

/** The admin list's channel called `name` (channel names are unique to a test). */
async function channelNamed<T extends { name: string }>(
  request: APIRequestContext,
  admin: Session,
  listUrl: string,
  name: string,
): Promise<T> {
  const { channels } = await callApi<{ channels: T[] }>(request, 'GET', listUrl, { token: admin.token });
  const channel = channels.find((c) => c.name === name);
  if (!channel) throw new Error(`no channel ${name} after its approval`);
  return channel;
}

export interface SeededDeposit {
  id: number;
  amount: string;
  status: string;
}

export async function submitDeposit(
  request: APIRequestContext,
  user: Session,
  channelId: number,
  amount: string,
): Promise<SeededDeposit> {
  const data = await callApi<{ deposit: SeededDeposit }>(request, 'POST', '/api/wallet/deposits', {
    token: user.token,
    data: { channel_id: channelId, amount },
  });
  return data.deposit;
}

/** The user's wallet in `currency` (zeros when the user has none yet). */
export async function walletOf(
  request: APIRequestContext,
  user: Session,
  currency = 'USDT',
): Promise<WalletRow> {
  const data = await callApi<{ wallets: WalletRow[] }>(request, 'GET', '/api/wallet', { token: user.token });
  return data.wallets.find((w) => w.currency === currency) ?? { currency, balance: '0', frozen_balance: '0' };
}

/** A decimal string without trailing zeros ('100.50000000' -> '100.5', '0.000' -> '0'), for comparisons. */
export function normAmount(value: string): string {
  if (!value.includes('.')) return value.replace(/^0+(?=\d)/, '');
  return value
    .replace(/0+$/, '')
    .replace(/\.$/, '')
    .replace(/^0+(?=\d)/, '');
}

/**
 * Opens `path` in the browser as `session` without the login form (login is rate limited): the
 * session is put where the web app keeps it (local storage keys token and user), as a login would.
 */
export async function openAs(page: Page, session: Session, path: string) {
  // Before any script of the page runs, on this and every later load of the page.
  await page.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: session.token, user: session.user },
  );
  await page.goto(path);
}

/** The antd confirm dialog with `title`; its buttons are found inside it. */
export function confirmDialog(page: Page, title: string | RegExp): Locator {
  return page.locator('.ant-modal-confirm').filter({ hasText: title });
}

/** The antd message (toast) with `text`. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/**
 * A plain admin made by `root`, logged in over the API. Its approvals do not count toward dual
 * control for 24 h (issue 32): a second approval that must succeed comes from secondAdminSession.
 */
export async function createPlainAdmin(request: APIRequestContext, root: Session): Promise<Session> {
  return (await createActivatedAdmin(request, root, uniqueEmail('second-admin'))).session;
}

/**
 * Opens an activation link over the API as its admin would (issue 32): sets `password` and enrols
 * 2FA with a code computed from the secret. Returns the secret for later logins.
 */
export async function activateAdmin(request: APIRequestContext, token: string, password: string) {
  const { secret } = await callApi<{ secret: string }>(request, 'POST', '/api/auth/activation/start', {
    data: { token },
  });
  await callApi(request, 'POST', '/api/auth/activation/complete', {
    data: { token, password, code: totpAt(secret, timeStep(Date.now())) },
  });
  return secret;
}

/**
 * An admin proposed by `root` (a super admin), created by the second super admin's approval
 * (issue 32: a new admin is a pending change) and activated over the API, then logged in with the
 * next step's code (the enrolment spent this one). Admins get no password from their creator: only
 * the one-time activation link, shown with the proposal, sets it.
 */
export async function createActivatedAdmin(
  request: APIRequestContext,
  root: Session,
  email: string,
  level: 'admin' | 'super_admin' = 'admin',
  password = 'second-admin-pass-4',
) {
  const { change, activation } = await callApi<{ change: ProposedChange; activation: { token: string } }>(
    request,
    'POST',
    '/api/admin/admins',
    {
      token: root.token,
      data: { email, admin_level: level },
    },
  );
  await approveChange(request, change.id);
  const secret = await activateAdmin(request, activation.token, password);
  const session = await callApi<Session>(request, 'POST', '/api/auth/login', {
    data: { account: email, password, totp: totpAt(secret, timeStep(Date.now()) + 1) },
  });
  return { session, secret, password };
}

/**
 * Approves a deposit as operators do: at or above the deposit threshold the first approval leaves
 * it pending (待复核), and a second admin (the second bootstrap super admin) completes it.
 */
export async function approveDeposit(request: APIRequestContext, admin: Session, depositId: number) {
  const review = (by: Session) =>
    callApi<{ deposit: { status: string } }>(request, 'PATCH', `/api/admin/deposits/${depositId}/review`, {
      token: by.token,
      data: { status: 'approved' },
    });
  const first = await review(admin);
  if (first.deposit.status === 'pending') await review(await secondAdminSession(request));
}

/** Credits `amount` USDT to the user the real way: a deposit on `channelId`, approved by the admin. */
export async function fundUser(
  request: APIRequestContext,
  admin: Session,
  user: Session,
  channelId: number,
  amount: string,
) {
  const deposit = await submitDeposit(request, user, channelId, amount);
  await approveDeposit(request, admin, deposit.id);
}

/** A new user (e-mail from `prefix`) with `amount` USDT, deposited on a new channel and approved. */
export async function fundedUser(
  request: APIRequestContext,
  prefix: string,
  amount: string,
): Promise<Member> {
  const admin = await adminSession(request);
  const channel = await createDepositChannel(request, admin);
  const user = await registerUser(request, prefix);
  await fundUser(request, admin, user, channel.id, amount);
  return user;
}

export interface WithdrawChannel {
  id: number;
  name: string;
}

/** An active USDT withdrawal channel (type usdt) with `feeRate` (a fraction: 0.01 is 1%). */
export async function createWithdrawChannel(
  request: APIRequestContext,
  admin: Session,
  feeRate = '0',
): Promise<WithdrawChannel> {
  const name = `E2E-W-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  await proposeAndApprove(request, 'POST', '/api/admin/withdraw-channels', {
    token: admin.token,
    data: {
      name,
      type: 'usdt',
      currency: 'USDT',
      min_amount: '1',
      max_amount: '100000',
      fee_rate: feeRate,
      status: 'active',
    },
  });
  return channelNamed<WithdrawChannel>(request, admin, '/api/admin/withdraw-channels', name);
}

/**
 * A valid mainland ID number that no other account of the run holds (one identity per person: a
 * number another account has pending or approved is refused). Random birth date and sequence, the
 * ISO 7064 MOD 11-2 check character.
 */
export function uniqueIdNumber(): string {
  const birth = new Date(Date.UTC(1960, 0, 1) + Math.floor(Math.random() * 40 * 365) * 86_400_000);
  const first17 = `310104${birth.toISOString().slice(0, 10).replaceAll('-', '')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number.parseInt(first17.charAt(i), 10), 0);
  return `${first17}${'10X98765432'.charAt(sum % 11)}`;
}

/** Submits a KYC application with two real PNG images; returns its id. */
export async function submitKyc(
  request: APIRequestContext,
  user: Session,
  realName: string,
  idNumber: string = uniqueIdNumber(),
): Promise<number> {
  const buffer = await checkerboardPng();
  const image = (name: string) => ({ name, mimeType: 'image/png', buffer });
  const response = await request.post('/api/kyc/submit', {
    headers: { Authorization: `Bearer ${user.token}` },
    multipart: {
      real_name: realName,
      id_number: idNumber,
      id_front: image('front.png'),
      id_back: image('back.png'),
    },
  });
  const body = (await response.json()) as {
    success: boolean;
    message: string;
    data?: { application: { id: number } };
  };
  if (!response.ok() || !body.data) throw new Error(`KYC submit -> ${response.status()}: ${body.message}`);
  return body.data.application.id;
}

/**
 * A KYC-approved user (withdrawals need one: withdrawRequirementOf in
 * apps/server/src/modules/users/user-view.ts), made the way a real one is: registration, an
 * application, the admin's approval.
 */
export async function verifiedUserSession(request: APIRequestContext, admin: Session): Promise<Session> {
  const user = await registerUser(request, 'verified');
  const id = await submitKyc(request, user, '测试用户');
  await callApi(request, 'PATCH', `/api/admin/kyc/${id}`, {
    token: admin.token,
    data: { status: 'approved' },
  });
  return user;
}

export interface SeededWithdrawal {
  id: number;
  amount: string;
  fee: string;
  total: string;
  status: string;
}

export async function submitWithdrawal(
  request: APIRequestContext,
  user: Session,
  channelId: number,
  amount: string,
): Promise<SeededWithdrawal> {
  const data = await callApi<{ withdrawal: SeededWithdrawal }>(request, 'POST', '/api/wallet/withdrawals', {
    token: user.token,
    // The route requires a key (a retry without one would freeze twice).
    idempotencyKey: randomUUID(),
    data: {
      withdraw_type: 'usdt',
      channel_id: channelId,
      amount,
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    },
  });
  return data.withdrawal;
}

const SCALE = 10n ** 8n;
const toUnits = (value: string): bigint => {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = value.replace('-', '').split('.');
  const units = BigInt(int) * SCALE + BigInt(frac.padEnd(8, '0').slice(0, 8));
  return negative ? -units : units;
};
const fromUnits = (units: bigint): string => {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  return normAmount(`${sign}${abs / SCALE}.${(abs % SCALE).toString().padStart(8, '0')}`);
};

/** a + b - c... on decimal strings (8 decimals), exact, normalised: sumAmounts('10', '-0.5') is '9.5'. */
export function sumAmounts(...values: string[]): string {
  return fromUnits(values.reduce((total, value) => total + toUnits(value), 0n));
}

/** What an antd Select shows as chosen (its selection, not its dropdown). */
export const selectedLabel = (select: Locator) =>
  select.locator('.ant-select-content, .ant-select-selection-item').first();

/**
 * Picks `label` in an antd Select and waits until the select shows it. The option is clicked in the
 * open (visible) dropdown only, once the dropdown has finished opening. A click can still miss
 * without an error: when the option is covered (by a toast at the top, say), Playwright scrolls the
 * page to get it clear, antd realigns (even flips) the open dropdown on that scroll, and the press
 * lands beside the option. So the choice is checked on the select and made again until it shows.
 */
export async function chooseOption(page: Page, select: Locator, label: string) {
  const open = openDropdown(page);
  await expect(async () => {
    await closeDropdown(page);
    await select.click();
    const option = open.locator('.ant-select-item-option').filter({ hasText: label });
    await option.waitFor({ timeout: 5_000 });
    await animationsSettled(page);
    await option.click({ timeout: 5_000 });
    await expect(selectedLabel(select)).toHaveText(label, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

/** Closes the open antd dropdown, if one is, so that the next try starts from a closed select. */
async function closeDropdown(page: Page) {
  if ((await openDropdown(page).count()) === 0) return;
  await page.keyboard.press('Escape');
  await expect(openDropdown(page)).toHaveCount(0, { timeout: 5_000 });
}

/**
 * Adds `label` to an antd multiple Select with search, as chooseOption does for a single one: the
 * search is filled afresh on each try (typing would add to the last try's text), and a try is made
 * only while the tag is missing, since clicking a chosen option again would unchoose it. The tag is
 * found by its text: the responsive tag list keeps a transparent "+ 0 ..." tag for its overflow.
 */
export async function addSearchedOption(page: Page, select: Locator, label: string) {
  const tag = select.locator('.ant-select-selection-item-content').getByText(label, { exact: true });
  await expect(async () => {
    if ((await tag.count()) === 0) {
      await closeDropdown(page);
      await select.click();
      await select.locator('input').fill(label);
      await openDropdown(page).getByTitle(label, { exact: true }).click({ timeout: 5_000 });
      await page.keyboard.press('Escape');
    }
    await expect(tag).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

/**
 * An authenticator app for one secret (TOTP codes from the product's RFC 6238 code,
 * apps/server/src/modules/auth/two-factor/totp.ts). The server accepts each time step once and never
 * one before the last it accepted (no replay), and it accepts the steps one either side of its own
 * (clock drift). So `next()` hands out the current step, or the one after it when the current one is
 * spent (valid from now until the end of the step after that), and waits only when both are spent.
 */
export class Authenticator {
  private lastStep = -1;
  constructor(readonly secret: string) {}

  async next(): Promise<string> {
    for (;;) {
      const now = timeStep(Date.now());
      const step = Math.max(this.lastStep + 1, now);
      if (step <= now + 1) {
        this.lastStep = step;
        return totpAt(this.secret, step);
      }
      await sleep(500);
    }
  }

  /** A code that is wrong now (the current one with its last digit changed). */
  wrong(): string {
    const code = totpAt(this.secret, timeStep(Date.now()));
    return `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
  }
}
