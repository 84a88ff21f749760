import type { AccountLogin, AccountSession } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { sessionStore } from '../../lib/session.tsx';
import { type Call, mockApi, ok, pagination } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse, makeUser } from '../../test/fixtures.ts';
import { renderInApp, signIn } from '../../test/render.tsx';
import SecurityPage from './SecurityPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

let calls: Call[];
let enabled: boolean;
let sessions: AccountSession[];
let logins: AccountLogin[];

const THIS_ID = '11111111-1111-4111-8111-111111111111';
const PHONE_ID = '22222222-2222-4222-8222-222222222222';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

beforeEach(() => {
  enabled = false;
  sessions = [
    {
      id: THIS_ID,
      device: 'Chrome · Windows',
      user_agent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/124.0',
      ip: '10.0.0.1',
      created_at: '2024-05-01T02:00:00.000Z',
      last_seen_at: minutesAgo(0),
      current: true,
    },
    {
      id: PHONE_ID,
      device: 'Safari · iOS',
      user_agent: 'Mozilla/5.0 (iPhone) Version/17.4 Safari/604.1',
      ip: '203.0.113.9',
      created_at: '2024-05-01T01:00:00.000Z',
      last_seen_at: '2024-05-02T04:30:00.000Z',
      current: false,
    },
  ];
  logins = [
    {
      id: 2,
      created_at: '2024-05-01T02:00:00.000Z',
      ip: '10.0.0.1',
      device: 'Chrome · Windows',
      user_agent: null,
      success: true,
      failure_reason: null,
    },
    {
      id: 1,
      created_at: '2024-05-01T01:59:00.000Z',
      ip: '198.51.100.7',
      device: 'curl',
      user_agent: 'curl/8.5.0',
      success: false,
      failure_reason: 'password',
    },
  ];
  signIn(makeUser());
  ({ calls } = mockApi({
    'GET /api/auth/me': () => ok({ user: makeUser({ twofa_enabled: enabled }) }),
    'POST /api/auth/2fa/setup': () =>
      ok({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/P:a?secret=x' }),
    'POST /api/auth/2fa/enable': () => {
      enabled = true;
      return ok({ recovery_codes: Array.from({ length: 10 }, (_, i) => `rc-${i}`) });
    },
    'GET /api/account/sessions': () => ok({ sessions, pagination: pagination(sessions.length) }),
    'GET /api/account/logins': () => ok({ logins, pagination: pagination(logins.length) }),
    [`DELETE /api/account/sessions/${PHONE_ID}`]: () => {
      if (!sessions.some((s) => s.id === PHONE_ID))
        return jsonResponse({ success: false, message: '该登录设备不存在或已退出' }, 404);
      sessions = sessions.filter((s) => s.id !== PHONE_ID);
      return ok(null, '该设备已退出登录');
    },
    [`DELETE /api/account/sessions/${THIS_ID}`]: () => ok(null, '该设备已退出登录'),
    'DELETE /api/account/sessions': () => {
      const revoked = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return ok({ revoked }, '其他设备已全部退出登录');
    },
    'POST /api/auth/2fa/disable': (call) => {
      if ((call.body as { code: string }).code !== '123456')
        return jsonResponse({ success: false, message: '两步验证码错误', data: null }, 400);
      enabled = false;
      return ok(null, '两步验证已关闭');
    },
  }));
});

const state = () => screen.getByTestId('twofa-state').textContent;

describe('SecurityPage (安全中心)', () => {
  it('is in English under en: 2FA, e-mail, password, devices and logins; the devices are data', async () => {
    applyLanguage('en');
    renderInApp(<SecurityPage />, '/me/security');
    await screen.findByTestId('security-page');
    const own = await screen.findByTestId(`session-${THIS_ID}`);
    await screen.findByTestId('login-1');
    expect(state()).toBe('Off');
    expect(within(own).getByTestId('session-current').textContent).toBe('This device');
    expect(own.textContent).toContain('Last used: just now');
    expect(screen.getByTestId(`session-${PHONE_ID}`).textContent).toContain('Logged in: 2024-05-01 09:00');
    expect(screen.getByTestId('login-1').textContent).toContain('Reason: Wrong password');
    expect(screen.getByTestId('login-1').textContent).toContain('Failed');
    expect(screen.getByText('Two-factor authentication (2FA)')).toBeTruthy();
    expect(screen.getByText('Last 20 logins')).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(chineseIn(text)).toEqual([]);

    fireEvent.click(within(screen.getByTestId(`session-${PHONE_ID}`)).getByTestId('session-revoke'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Log this device out?');
    expect(chineseIn(dialog)).toEqual([]);
  });

  it('turns 2FA on: QR code and secret, a code, the recovery codes, then 已开启', async () => {
    renderInApp(<SecurityPage />, '/me/security');
    await screen.findByTestId('security-page');
    expect(state()).toBe('未开启');
    fireEvent.click(screen.getByTestId('twofa-enable'));
    fireEvent.change(await screen.findByTestId('twofa-password'), { target: { value: 'login-pw-1' } });
    fireEvent.click(screen.getByTestId('twofa-password-submit'));
    await screen.findByTestId('twofa-secret');
    fireEvent.change(screen.getByTestId('twofa-enable-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('twofa-enable-submit'));
    await screen.findByTestId('twofa-codes-step');
    fireEvent.click(screen.getByRole('checkbox', { name: '我已妥善保存恢复码' }));
    fireEvent.click(screen.getByTestId('twofa-finish'));
    await waitFor(() => expect(state()).toBe('已开启'));
    expect(screen.queryByTestId('twofa-codes-step')).toBeNull();
    expect(screen.getByTestId('twofa-disable')).toBeTruthy();
  });

  it('turns 2FA off with a code; a wrong code stays on the field', async () => {
    enabled = true;
    signIn(makeUser({ twofa_enabled: true }));
    renderInApp(<SecurityPage />, '/me/security');
    await screen.findByTestId('security-page');
    await waitFor(() => expect(state()).toBe('已开启'));
    fireEvent.click(screen.getByTestId('twofa-disable'));
    fireEvent.change(await screen.findByTestId('twofa-disable-password'), {
      target: { value: 'login-pw-1' },
    });
    fireEvent.change(screen.getByTestId('twofa-disable-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('twofa-disable-submit'));
    expect(await screen.findByText('两步验证码错误')).toBeTruthy();
    expect(state()).toBe('已开启');
    fireEvent.change(screen.getByTestId('twofa-disable-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('twofa-disable-submit'));
    await waitFor(() => expect(state()).toBe('未开启'));
    const disables = calls.filter((c) => c.url.pathname === '/api/auth/2fa/disable').map((c) => c.body);
    expect(disables).toEqual([
      { code: '000000', password: 'login-pw-1' },
      { code: '123456', password: 'login-pw-1' },
    ]);
  });

  it('lists the devices (本机 first, IP, last use) and the recent logins with their outcome', async () => {
    renderInApp(<SecurityPage />, '/me/security');
    const own = await screen.findByTestId(`session-${THIS_ID}`);
    expect(within(own).getByTestId('session-current').textContent).toBe('本机');
    expect(own.textContent).toContain('Chrome · Windows');
    expect(own.textContent).toContain('IP：10.0.0.1');
    expect(own.textContent).toContain('最近使用：刚刚');
    expect(within(own).getByTestId('session-revoke').textContent).toBe('退出本机');
    const phone = screen.getByTestId(`session-${PHONE_ID}`);
    expect(within(phone).queryByTestId('session-current')).toBeNull();
    // Shown in Beijing time.
    expect(phone.textContent).toContain('最近使用：2024-05-02 12:30');
    expect(phone.textContent).toContain('登录时间：2024-05-01 09:00');

    const failed = await screen.findByTestId('login-1');
    expect(failed.textContent).toContain('curl');
    expect(failed.textContent).toContain('2024-05-01 09:59:00 · IP 198.51.100.7');
    expect(failed.textContent).toContain('原因：密码错误');
    expect(failed.textContent).toContain('失败');
    expect(screen.getByTestId('login-2').textContent).toContain('成功');
    const asked = calls.filter((c) => c.url.pathname.startsWith('/api/account/'));
    expect(asked.map((c) => `${c.url.pathname}?${c.url.searchParams}`).sort()).toEqual([
      '/api/account/logins?limit=20',
      '/api/account/sessions?limit=100',
    ]);
    expect(screen.getByTestId('security-password-link')).toBeTruthy();
  });

  it('signs another device out after a confirmation; the list follows', async () => {
    renderInApp(<SecurityPage />, '/me/security');
    const phone = await screen.findByTestId(`session-${PHONE_ID}`);
    fireEvent.click(within(phone).getByTestId('session-revoke'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('退出该设备？');
    expect(dialog.textContent).toContain('Safari · iOS（IP 203.0.113.9）将立即退出登录。');
    fireEvent.click(within(dialog).getByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('该设备已退出登录')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId(`session-${PHONE_ID}`)).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      `/api/account/sessions/${PHONE_ID}`,
    ]);
    expect(sessionStore.get().token).toBe('test-token');
  });

  it('a device already gone says so and the list is read again', async () => {
    renderInApp(<SecurityPage />, '/me/security');
    const phone = await screen.findByTestId(`session-${PHONE_ID}`);
    sessions = sessions.filter((s) => s.id !== PHONE_ID);
    fireEvent.click(within(phone).getByTestId('session-revoke'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('该登录设备不存在或已退出')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId(`session-${PHONE_ID}`)).toBeNull());
  });

  it('signing this device out ends the session here', async () => {
    renderInApp(<SecurityPage />, '/me/security');
    const own = await screen.findByTestId(`session-${THIS_ID}`);
    fireEvent.click(within(own).getByTestId('session-revoke'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('退出本机？');
    fireEvent.click(within(dialog).getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(sessionStore.get().token).toBeNull());
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('signs every other device out at once', async () => {
    renderInApp(<SecurityPage />, '/me/security');
    fireEvent.click(await screen.findByTestId('sessions-revoke-others'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '全部退出' }));
    expect(await screen.findByText('其他设备已全部退出登录')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId(`session-${PHONE_ID}`)).toBeNull());
    expect(screen.getByTestId(`session-${THIS_ID}`)).toBeTruthy();
    expect(screen.queryByTestId('sessions-revoke-others')).toBeNull();
  });

  it('a list that fails to load shows its error with a retry; no logins is an empty state', async () => {
    let failing = true;
    logins = [];
    mockApi({
      'GET /api/auth/me': () => ok({ user: makeUser() }),
      'GET /api/account/sessions': () =>
        failing
          ? jsonResponse({ success: false, message: '服务暂时不可用' }, 503)
          : ok({ sessions, pagination: pagination(sessions.length) }),
      'GET /api/account/logins': () => ok({ logins, pagination: pagination(0) }),
    });
    renderInApp(<SecurityPage />, '/me/security');
    const error = await screen.findByTestId('sessions-error');
    expect(error.textContent).toContain('获取登录设备失败');
    expect(error.textContent).toContain('服务暂时不可用');
    expect(await screen.findByText('暂无登录记录')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByTestId('sessions-error-retry'));
    expect(await screen.findByTestId(`session-${THIS_ID}`)).toBeTruthy();
  });
});
