import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse, makeUser, storeSession } from '../../test/fixtures.ts';
import { renderAppAt } from '../markets/testing.tsx';

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const firstLoad = { timeout: 20_000 };

describe('AccountPage (/me)', () => {
  it('shows the fresh profile: e-mail, phone, KYC label, level and invite code, and the account links', async () => {
    storeSession(makeUser({ kyc_status: 'none' }));
    mockApi({
      'GET /api/auth/me': () => ok({ user: makeUser({ kyc_status: 'pending', phone: '13800138000' }) }),
    });
    renderAppAt('/me');
    await screen.findByTestId('account-page', {}, firstLoad);
    await waitFor(() => expect(screen.getByTestId('me-phone').textContent).toBe('13800138000'));
    expect(screen.getByTestId('me-email').textContent).toBe('alice@example.com');
    expect(screen.getAllByTestId('kyc-badge')[0]?.textContent).toBe('待审核');
    expect(screen.getByTestId('me-level').textContent).toBe('普通用户');
    expect(screen.getByTestId('me-invite-code').textContent).toContain('ABC123');
    for (const to of ['/wallet', '/kyc', '/team', '/me/profile', '/me/password']) {
      expect(screen.getByTestId(`me-link-${to}`).getAttribute('href')).toBe(to);
    }
    expect(screen.queryByTestId('me-link-/admin')).toBeNull();
  });

  it('keeps the cached profile and offers a retry when the refresh fails', async () => {
    storeSession(makeUser({ kyc_status: 'approved' }));
    const api = mockApi({
      'GET /api/auth/me': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderAppAt('/me');
    expect(await screen.findByText('获取用户信息失败', {}, firstLoad)).toBeTruthy();
    expect(screen.getByTestId('me-email').textContent).toBe('alice@example.com');
    expect(screen.getByTestId('me-level').textContent).toBe('认证用户');
    api.handlers['GET /api/auth/me'] = () => ok({ user: makeUser({ kyc_status: 'approved' }) });
    fireEvent.click(screen.getByTestId('me-error-retry'));
    await waitFor(() => expect(screen.queryByTestId('me-error')).toBeNull());
  });

  it('logs out: tells the server, clears the session keys (favourites too) and goes to the login page', async () => {
    storeSession(makeUser());
    window.localStorage.setItem('market_favorites', '["BTCUSDT"]');
    const api = mockApi({
      'GET /api/auth/me': () => ok({ user: makeUser() }),
      'POST /api/auth/logout': () => ok(null),
    });
    const { router } = renderAppAt('/me');
    fireEvent.click(await screen.findByTestId('logout', {}, firstLoad));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/auth/logout')).toBe(true);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('market_favorites')).toBeNull();
  });

  it('asks guests to log in and makes no call', async () => {
    const api = mockApi({});
    renderAppAt('/me');
    expect(await screen.findByTestId('require-login', {}, firstLoad)).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

describe('ProfilePage (/me/profile)', () => {
  it('is in English under en, its checks too', async () => {
    applyLanguage('en');
    storeSession(makeUser());
    mockApi({ 'GET /api/auth/me': () => ok({ user: makeUser() }) });
    renderAppAt('/me/profile');
    await screen.findByTestId('profile-phone', {}, firstLoad);
    type('profile-phone', '12ab');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid phone number')).toBeTruthy();
    const page = screen.getByTestId('profile-page');
    expect(chineseIn(page)).toEqual([]);
    const placeholders = [...page.querySelectorAll('input')].map((input) => input.placeholder).join(' ');
    expect(chineseIn(placeholders)).toEqual([]);
  });

  it('saves nickname and phone, says 用户信息更新成功 and updates the stored user', async () => {
    storeSession(makeUser());
    const api = mockApi({
      'GET /api/auth/me': () => ok({ user: makeUser() }),
      'PATCH /api/auth/profile': () =>
        ok({ user: makeUser({ nickname: '小明', phone: '13800138000' }) }, '用户信息更新成功'),
    });
    renderAppAt('/me/profile');
    await screen.findByTestId('profile-nickname', {}, firstLoad);
    type('profile-nickname', ' 小明 ');
    type('profile-phone', '13800138000');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByTestId('profile-success')).textContent).toContain('用户信息更新成功');
    const patch = api.calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ nickname: '小明', phone: '13800138000' });
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ nickname: '小明' });
  });

  it('checks the phone before calling and shows the server refusal', async () => {
    storeSession(makeUser({ phone: '13900000000' }));
    const api = mockApi({
      'GET /api/auth/me': () => ok({ user: makeUser({ phone: '13900000000' }) }),
      'PATCH /api/auth/profile': () => jsonResponse({ success: false, message: '该手机号已被注册' }, 409),
    });
    renderAppAt('/me/profile');
    await screen.findByTestId('profile-phone', {}, firstLoad);
    type('profile-phone', '12ab');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('手机号格式不正确')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    type('profile-phone', '');
    type('profile-phone', '13700000000');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByTestId('profile-error')).textContent).toContain('该手机号已被注册');
  });

  it('clears a field with null when it is emptied', async () => {
    storeSession(makeUser({ nickname: '旧名', phone: '13900000000' }));
    const api = mockApi({
      'GET /api/auth/me': () => ok({ user: makeUser({ nickname: '旧名', phone: '13900000000' }) }),
      'PATCH /api/auth/profile': () => ok({ user: makeUser() }, '用户信息更新成功'),
    });
    renderAppAt('/me/profile');
    await screen.findByDisplayValue('旧名', {}, firstLoad);
    type('profile-nickname', '');
    type('profile-phone', '');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByTestId('profile-success');
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ nickname: null, phone: null });
  });
});

describe('PasswordPage (/me/password)', () => {
  async function open() {
    storeSession(makeUser());
    const api = mockApi({ 'GET /api/auth/me': () => ok({ user: makeUser() }) });
    const view = renderAppAt('/me/password');
    await screen.findByTestId('old-password', {}, firstLoad);
    return { api, ...view };
  }

  it('is in English under en', async () => {
    applyLanguage('en');
    await open();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy();
    expect(chineseIn(screen.getByTestId('password-page'))).toEqual([]);
  });

  it('checks length, difference from the old one and the confirmation before calling', async () => {
    const { api } = await open();
    type('old-password', 'Secret-one-1');
    type('new-password', '12345');
    type('confirm-password', '123456');
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('密码至少8位')).toBeTruthy();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    type('new-password', 'Secret-one-1');
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('新密码不能与原密码相同')).toBeTruthy();
    // The password policy (issue 33): letters and digits, and not a common password.
    type('new-password', 'abcdefghij');
    expect(await screen.findByText('密码须同时包含字母和数字')).toBeTruthy();
    type('new-password', 'password1');
    expect(await screen.findByText('该密码过于常见，容易被猜中，请换一个')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('changes the password and says this device stays signed in while the others are signed out', async () => {
    const { api } = await open();
    api.handlers['PATCH /api/auth/password'] = () => ok(null, '密码修改成功，其他设备已退出登录');
    type('old-password', 'Secret-one-1');
    type('new-password', 'Secret-two-2');
    type('confirm-password', 'Secret-two-2');
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    const done = await screen.findByTestId('password-success');
    expect(done.textContent).toContain('密码修改成功，其他设备已退出登录');
    expect(done.textContent).toContain('当前设备保持登录');
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      oldPassword: 'Secret-one-1',
      newPassword: 'Secret-two-2',
    });
    expect(window.localStorage.getItem('token')).toBe('test-token');
  });

  it('sends the user to log in again when the change ended this session too', async () => {
    const { api, router } = await open();
    api.handlers['PATCH /api/auth/password'] = () => ok(null, '密码修改成功');
    // The change revoked this session too: the profile check after it is refused.
    api.handlers['GET /api/auth/me'] = () =>
      jsonResponse({ success: false, message: 'token 无效或已过期，请重新登录' }, 401);
    type('old-password', 'Secret-one-1');
    type('new-password', 'Secret-two-2');
    type('confirm-password', 'Secret-two-2');
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByTestId('login-notice')).textContent).toContain(
      '密码已修改，请使用新密码重新登录',
    );
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows the server refusal (wrong old password) and keeps the form', async () => {
    const { api } = await open();
    api.handlers['PATCH /api/auth/password'] = () =>
      jsonResponse({ success: false, message: '原密码错误' }, 400);
    type('old-password', 'wrong1');
    type('new-password', 'Secret-two-2');
    type('confirm-password', 'Secret-two-2');
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect((await screen.findByTestId('password-error')).textContent).toContain('原密码错误');
    expect(
      within(screen.getByTestId('password-page')).getByRole('button', { name: '确认修改' }),
    ).toBeTruthy();
  });
});
