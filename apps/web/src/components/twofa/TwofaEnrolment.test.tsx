import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { groupSecret, normaliseCode, recoveryCodesText } from '../../lib/twofa.ts';
import { type Call, type Handler, mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithAnt } from '../../test/render.tsx';
import { TwofaEnrolment } from './TwofaEnrolment.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-ef${String(i).padStart(2, '0')}`);
let calls: Call[];
let handlers: Record<string, Handler>;

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    'POST /api/auth/2fa/setup': () =>
      ok({
        secret: SECRET,
        otpauth_url: `otpauth://totp/Platform:a%40x.com?secret=${SECRET}&issuer=Platform`,
      }),
    'POST /api/auth/2fa/enable': (call) =>
      (call.body as { code: string }).code === '123456'
        ? ok({ recovery_codes: CODES })
        : jsonResponse({ success: false, message: '两步验证码错误', data: null }, 400),
  }));
});

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('twofa helpers', () => {
  it('groups a secret in fours, drops spaces from a typed code and writes the codes file', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    const text = recoveryCodesText(['a-1', 'b-2'], 'a@x.com');
    expect(text).toContain('a@x.com');
    expect(text.split('\n')).toContain('b-2');
  });
});

/** The account's own enrolment asks the login password first (issue 32): setup and enable carry it. */
async function enterPassword() {
  type('twofa-password', 'login-pw-1');
  fireEvent.click(await screen.findByTestId('twofa-password-submit'));
}

describe('TwofaEnrolment', () => {
  it('shows the secret in groups of four, refuses a wrong code on the field, then shows the 10 codes', async () => {
    const onFinished = vi.fn();
    renderWithAnt(<TwofaEnrolment account="a@x.com" finishLabel="进入后台" onFinished={onFinished} />);
    expect(calls.some((c) => c.url.pathname === '/api/auth/2fa/setup')).toBe(false);
    await enterPassword();
    expect((await screen.findByTestId('twofa-secret')).textContent).toContain('JBSW Y3DP EHPK 3PXP');
    const setups = calls.filter((c) => c.url.pathname === '/api/auth/2fa/setup');
    expect(setups.map((c) => c.body)).toEqual([{ password: 'login-pw-1' }]);

    // Not six digits: refused before anything is sent.
    type('twofa-enable-code', '12a');
    fireEvent.click(screen.getByTestId('twofa-enable-submit'));
    expect(await screen.findByText('请输入6位数字验证码')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/auth/2fa/enable')).toBe(false);

    type('twofa-enable-code', '654321');
    fireEvent.click(screen.getByTestId('twofa-enable-submit'));
    expect(await screen.findByText('两步验证码错误')).toBeTruthy();
    expect(screen.getByTestId('twofa-scan-step')).toBeTruthy();

    type('twofa-enable-code', '123 456');
    fireEvent.click(screen.getByTestId('twofa-enable-submit'));
    await screen.findByTestId('twofa-codes-step');
    const enable = calls.filter((c) => c.url.pathname === '/api/auth/2fa/enable');
    expect(enable.at(-1)?.body).toEqual({ code: '123456', password: 'login-pw-1' });
    expect(screen.getAllByTestId('twofa-recovery-code').map((el) => el.textContent)).toEqual(CODES);

    // The way on only after "saved them" is ticked.
    const finish = screen.getByTestId('twofa-finish') as HTMLButtonElement;
    expect(finish.textContent).toBe('进入后台');
    expect(finish.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '我已妥善保存恢复码' }));
    await waitFor(() => expect(finish.disabled).toBe(false));
    fireEvent.click(finish);
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
  });

  it('downloads the codes as a .txt file', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithAnt(<TwofaEnrolment account="a@x.com" finishLabel="完成" onFinished={() => {}} />);
    await enterPassword();
    await screen.findByTestId('twofa-secret');
    type('twofa-enable-code', '123456');
    fireEvent.click(screen.getByTestId('twofa-enable-submit'));
    fireEvent.click(await screen.findByTestId('twofa-codes-download'));
    expect(clicked).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    const text = await blob.text();
    for (const code of CODES) expect(text).toContain(code);
    clicked.mockRestore();
  });

  it('offers a retry when the secret cannot be fetched, and a cancel before anything is on', async () => {
    handlers['POST /api/auth/2fa/setup'] = () =>
      jsonResponse({ success: false, message: '两步验证已开启', data: null }, 409);
    const onCancel = vi.fn();
    renderWithAnt(
      <TwofaEnrolment account="a@x.com" finishLabel="完成" onFinished={() => {}} onCancel={onCancel} />,
    );
    await enterPassword();
    expect(await screen.findByText('两步验证已开启')).toBeTruthy();
    handlers['POST /api/auth/2fa/setup'] = () => ok({ secret: SECRET, otpauth_url: 'otpauth://totp/x' });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByTestId('twofa-secret');
    fireEvent.click(screen.getByTestId('twofa-enrol-cancel'));
    expect(onCancel).toHaveBeenCalled();
  });

  it('is in English under en: every step, the field checks and the codes file', async () => {
    applyLanguage('en');
    const noChinese = () => expect(chineseIn(document.body)).toEqual([]);
    renderWithAnt(<TwofaEnrolment account="a@x.com" finishLabel="Done" onFinished={() => {}} />);
    expect(await screen.findByLabelText('Login password')).toBeTruthy();
    noChinese();
    fireEvent.click(screen.getByTestId('twofa-password-submit'));
    expect(await screen.findByText('Enter your login password')).toBeTruthy();
    await enterPassword();
    await screen.findByTestId('twofa-secret');
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
    expect((await screen.findByTestId('twofa-qr')).getAttribute('alt')).toBe('2FA QR code');
    noChinese();
    type('twofa-enable-code', '');
    fireEvent.click(screen.getByTestId('twofa-enable-submit'));
    expect(await screen.findByText('Enter the 2FA code')).toBeTruthy();
    type('twofa-enable-code', '12a');
    fireEvent.click(screen.getByTestId('twofa-enable-submit'));
    expect(await screen.findByText('Please enter the 6-digit code')).toBeTruthy();
    expect((screen.getByTestId('twofa-enable-code') as HTMLInputElement).placeholder).toBe('6-digit code');
    type('twofa-enable-code', '123456');
    fireEvent.click(screen.getByTestId('twofa-enable-submit'));
    await screen.findByTestId('twofa-codes-step');
    expect(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' })).toBeTruthy();
    noChinese();
    expect(chineseIn(recoveryCodesText(['a-1'], 'a@x.com'))).toEqual([]);
  });
});
