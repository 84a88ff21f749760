import { RECOVERY_MESSAGES } from '@platform/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { sessionStore } from '../lib/session.tsx';
import { jsonResponse } from '../test/fixtures.ts';
import { renderAppAt } from '../user/markets/testing.tsx';

type FetchArgs = [string, RequestInit];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.clear();
  sessionStore.reload();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const bodyOf = (i: number) => JSON.parse(String(fetchMock.mock.calls[i]?.[1]?.body));

describe('account recovery pages (issue 33)', () => {
  it('login links to 忘记密码, which sends the e-mail and shows the answer as the server gives it', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: true, message: RECOVERY_MESSAGES.forgotSent, data: null }),
    );
    const { router } = renderAppAt('/login');
    fireEvent.click(await screen.findByTestId('forgot-password-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    type('邮箱', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: '发送重置链接' }));
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    type('邮箱', 'alice@example.com');
    fireEvent.click(screen.getByRole('button', { name: '发送重置链接' }));
    expect((await screen.findByTestId('forgot-sent')).textContent).toContain(RECOVERY_MESSAGES.forgotSent);
    expect(fetchMock.mock.calls[0]?.[0]).toContain('/api/auth/password/forgot');
    expect(bodyOf(0)).toEqual({ email: 'alice@example.com' });
  });

  it('reset: checks the policy first, sends the token and the password, then opens 登录 with a notice', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: true, message: RECOVERY_MESSAGES.resetDone, data: null }),
    );
    const { router } = renderAppAt('/reset-password?token=abc123');
    await screen.findByLabelText('新密码');
    type('新密码', 'password1');
    type('确认新密码', 'password1');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('该密码过于常见，容易被猜中，请换一个')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    type('新密码', 'Fresh-start-42');
    type('确认新密码', 'Fresh-start-42');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bodyOf(0)).toEqual({ token: 'abc123', password: 'Fresh-start-42' });
    expect(await screen.findByTestId('login-notice')).toBeTruthy();
  });

  it('reset: shows the refusal of a spent link with a way to ask again', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: RECOVERY_MESSAGES.resetLinkInvalid }, 400),
    );
    renderAppAt('/reset-password?token=spent');
    await screen.findByLabelText('新密码');
    type('新密码', 'Fresh-start-42');
    type('确认新密码', 'Fresh-start-42');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect((await screen.findByTestId('reset-error')).textContent).toContain(
      RECOVERY_MESSAGES.resetLinkInvalid,
    );
    expect(screen.getByText('重新申请')).toBeTruthy();
  });

  it('reset: a support link not approved yet says it waits for a second super admin', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: RECOVERY_MESSAGES.resetAwaitingApproval }, 400),
    );
    renderAppAt('/reset-password?token=proposed');
    await screen.findByLabelText('新密码');
    type('新密码', 'Fresh-start-42');
    type('确认新密码', 'Fresh-start-42');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect((await screen.findByTestId('reset-error')).textContent).toContain('等待另一位超级管理员批准');
  });

  it('verify-email posts the token on opening and says how it went', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: true, message: RECOVERY_MESSAGES.verifyDone, data: null }),
    );
    renderAppAt('/verify-email?token=tok1');
    expect((await screen.findByTestId('verify-done')).textContent).toContain(RECOVERY_MESSAGES.verifyDone);
    expect(bodyOf(0)).toEqual({ token: 'tok1' });

    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: false, message: RECOVERY_MESSAGES.verifyLinkInvalid }, 400),
    );
    renderAppAt('/verify-email?token=old');
    expect((await screen.findByTestId('verify-failed')).textContent).toContain(
      RECOVERY_MESSAGES.verifyLinkInvalid,
    );
  });
});
