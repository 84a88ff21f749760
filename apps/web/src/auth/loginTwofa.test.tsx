import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../lib/session.tsx';
import { type Call, mockApi, ok } from '../test/api.ts';
import { jsonResponse, makeAdmin } from '../test/fixtures.ts';
import { renderAppAt } from '../user/markets/testing.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const RECOVERY = 'a1b2-c3d4';
let calls: Call[];
const logins = () => calls.filter((c) => c.url.pathname === '/api/auth/login').map((c) => c.body);

/** An account with 2FA: 401 twofa_required without a right code, the session with 123456 or the recovery code. */
beforeEach(() => {
  sessionStore.reload();
  ({ calls } = mockApi({
    'POST /api/auth/login': (call) => {
      const { totp } = call.body as { totp?: string };
      if (totp === '123456' || totp === RECOVERY)
        return ok({ token: 'tk', user: makeAdmin({ twofa_enabled: true }) });
      const message = totp ? '两步验证码错误' : '请输入两步验证码';
      return jsonResponse({ success: false, message, data: { twofa_required: true } }, 401);
    },
  }));
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function firstStep() {
  const { router } = renderAppAt('/login?redirect=%2Fme');
  await screen.findByLabelText('邮箱或手机号');
  type('邮箱或手机号', 'root@example.com');
  type('密码', 'secret1');
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
  await screen.findByTestId('login-twofa-step');
  return router;
}

describe('LoginPage with 2FA', () => {
  it('asks for the code in a second step, keeps the password in memory and signs in with totp', async () => {
    const router = await firstStep();
    expect(screen.getByTestId('login-twofa-account').textContent).toBe('root@example.com');
    // The server's 请输入两步验证码 is the reason for the step, not an error.
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();

    fireEvent.change(screen.getByTestId('login-totp'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('login-totp-submit'));
    expect(await screen.findByText('两步验证码错误')).toBeTruthy();
    expect(screen.getByTestId('login-twofa-step')).toBeTruthy();

    fireEvent.change(screen.getByTestId('login-totp'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByTestId('login-totp-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/me'));
    expect(logins()).toEqual([
      { email: 'root@example.com', password: 'secret1' },
      { email: 'root@example.com', password: 'secret1', totp: '654321' },
      { email: 'root@example.com', password: 'secret1', totp: '123456' },
    ]);
    expect(window.localStorage.getItem('token')).toBe('tk');
  });

  it('checks the code before sending: 6 digits, or a recovery code after 使用恢复码', async () => {
    const router = await firstStep();
    fireEvent.change(screen.getByTestId('login-totp'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('login-totp-submit'));
    expect(await screen.findByText('请输入6位数字验证码')).toBeTruthy();
    expect(logins()).toHaveLength(1);

    fireEvent.click(screen.getByTestId('login-twofa-mode'));
    expect(screen.getByTestId('login-twofa-mode').textContent).toBe('使用验证码');
    expect(await screen.findByText(/请输入一个未使用过的恢复码/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('login-totp'), { target: { value: RECOVERY } });
    fireEvent.click(screen.getByTestId('login-totp-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/me'));
    expect(logins().at(-1)).toEqual({ email: 'root@example.com', password: 'secret1', totp: RECOVERY });
  });

  it('返回 goes back to the first step with the account filled in', async () => {
    await firstStep();
    fireEvent.click(screen.getByTestId('login-twofa-back'));
    expect(((await screen.findByLabelText('邮箱或手机号')) as HTMLInputElement).value).toBe(
      'root@example.com',
    );
    expect((screen.getByLabelText('密码') as HTMLInputElement).value).toBe('');
  });

  it('shows other failures of the second step (too many attempts) above the form', async () => {
    await firstStep();
    mockApi({
      'POST /api/auth/login': () =>
        jsonResponse({ success: false, message: '两步验证码错误次数过多，请稍后再试', data: null }, 429),
    });
    fireEvent.change(screen.getByTestId('login-totp'), { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('login-totp-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('两步验证码错误次数过多');
    expect(screen.getByTestId('login-twofa-step')).toBeTruthy();
  });
});
