import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, mockApi, ok } from '../../test/api.ts';
import { jsonResponse, makeUser } from '../../test/fixtures.ts';
import { renderInApp, signIn } from '../../test/render.tsx';
import SecurityPage from './SecurityPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

let calls: Call[];
let enabled: boolean;

beforeEach(() => {
  enabled = false;
  signIn(makeUser());
  ({ calls } = mockApi({
    'GET /api/auth/me': () => ok({ user: makeUser({ twofa_enabled: enabled }) }),
    'POST /api/auth/2fa/setup': () =>
      ok({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/P:a?secret=x' }),
    'POST /api/auth/2fa/enable': () => {
      enabled = true;
      return ok({ recovery_codes: Array.from({ length: 10 }, (_, i) => `rc-${i}`) });
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
  it('turns 2FA on: QR code and secret, a code, the recovery codes, then 已开启', async () => {
    renderInApp(<SecurityPage />, '/me/security');
    await screen.findByTestId('security-page');
    expect(state()).toBe('未开启');
    fireEvent.click(screen.getByTestId('twofa-enable'));
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
    fireEvent.change(await screen.findByTestId('twofa-disable-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('twofa-disable-submit'));
    expect(await screen.findByText('两步验证码错误')).toBeTruthy();
    expect(state()).toBe('已开启');
    fireEvent.change(screen.getByTestId('twofa-disable-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('twofa-disable-submit'));
    await waitFor(() => expect(state()).toBe('未开启'));
    const disables = calls.filter((c) => c.url.pathname === '/api/auth/2fa/disable').map((c) => c.body);
    expect(disables).toEqual([{ code: '000000' }, { code: '123456' }]);
  });
});
