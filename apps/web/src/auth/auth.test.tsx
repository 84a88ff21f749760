import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { safeRedirect } from '../lib/navigation.ts';
import { sessionStore } from '../lib/session.tsx';
import { jsonResponse, makeAdmin, makeUser } from '../test/fixtures.ts';
import { renderAppAt } from '../user/markets/testing.tsx';
import { afterLoginPath } from './redirect.ts';

type FetchArgs = [string, RequestInit];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.reload();
});

/** The login and register pages as the app routes them (imported directly, not lazily). */
const renderAt = (path: string) => renderAppAt(path).router;

function type(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('redirect after login', () => {
  it('follows a safe ?redirect, else /admin for admins and / for users', () => {
    expect(afterLoginPath('/admin/users?page=2', makeUser())).toBe('/admin/users?page=2');
    expect(afterLoginPath(null, makeAdmin())).toBe('/admin');
    expect(afterLoginPath(null, makeUser())).toBe('/');
    expect(afterLoginPath('https://evil.example', makeUser())).toBe('/');
    expect(afterLoginPath('//evil.example/x', makeAdmin())).toBe('/admin');
  });
  it('never redirects back to the login or register page', () => {
    expect(safeRedirect('/login?redirect=/x')).toBeNull();
    expect(safeRedirect('/register')).toBeNull();
    expect(safeRedirect('/loginx')).toBe('/loginx');
  });
});

describe('LoginPage', () => {
  it('logs in and goes to the redirect target', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: true, message: 'ok', data: { token: 'tk', user: makeUser() } }),
    );
    const router = renderAt('/login?redirect=%2Fadmin%2Fkyc');
    await screen.findByLabelText('邮箱或手机号');
    type('邮箱或手机号', 'alice@example.com');
    type('密码', 'Secret-one-1');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/kyc'));
    expect(window.localStorage.getItem('token')).toBe('tk');
  });

  it('shows the server message on failure', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: '邮箱或密码错误' }, 401));
    renderAt('/login');
    await screen.findByLabelText('邮箱或手机号');
    type('邮箱或手机号', 'alice@example.com');
    type('密码', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByTestId('login-error')).textContent).toContain('邮箱或密码错误');
  });

  it('says 登录响应数据不完整 when the reply lacks the token', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'ok', data: { user: makeUser() } }));
    renderAt('/login');
    await screen.findByLabelText('邮箱或手机号');
    type('邮箱或手机号', 'alice@example.com');
    type('密码', 'Secret-one-1');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByTestId('login-error')).textContent).toContain('登录响应数据不完整');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('links to the register page', async () => {
    renderAt('/login');
    const link = await screen.findByRole('link', { name: '立即注册' });
    expect(link.getAttribute('href')).toBe('/register');
  });
});

describe('RegisterPage', () => {
  it('locks the code of an invite link (?invite=) and shows it as the inviter code', async () => {
    renderAt('/register?invite=INV42');
    const input = (await screen.findByLabelText('邀请码')) as HTMLInputElement;
    expect(input.value).toBe('INV42');
    expect(input.readOnly).toBe(true);
    expect(screen.getByTestId('register-inviter-code').textContent).toBe('INV42');
    expect(screen.getByTestId('register-invite-banner').textContent).toContain('您正在通过好友的邀请注册');
  });

  it('accepts the older ?invite_code= and upper-cases the code as the server stores it', async () => {
    renderAt('/register?invite_code=xyz9');
    expect(((await screen.findByLabelText('邀请码')) as HTMLInputElement).value).toBe('XYZ9');
  });

  it('sends the invite code with the registration', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: true, message: 'ok', data: { token: 'new', user: makeUser() } }),
    );
    renderAt('/register?invite=INV42');
    await screen.findByLabelText('邮箱');
    type('邮箱', 'bob@example.com');
    type('密码', 'Secret-one-1');
    type('确认密码', 'Secret-one-1');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({ invite_code: 'INV42' });
  });

  it('unlocks the invite code on 修改', async () => {
    renderAt('/register?invite=INV42');
    await screen.findByLabelText('邀请码');
    fireEvent.click(screen.getByTestId('register-invite-edit'));
    const input = screen.getByLabelText('邀请码（选填）') as HTMLInputElement;
    expect(input.readOnly).toBe(false);
  });

  it('offers an optional, editable invite code without a link', async () => {
    renderAt('/register');
    const input = (await screen.findByLabelText('邀请码（选填）')) as HTMLInputElement;
    expect(input.value).toBe('');
    expect(input.readOnly).toBe(false);
    expect(screen.queryByTestId('register-invite-banner')).toBeNull();
  });

  it('leads back to the home page', async () => {
    const router = renderAt('/register');
    fireEvent.click(await screen.findByTestId('auth-home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('validates e-mail, password length and confirmation before calling the server', async () => {
    renderAt('/register');
    await screen.findByLabelText('邮箱');
    type('邮箱', 'not-an-email');
    type('密码', '123');
    type('确认密码', '1234');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    expect(await screen.findByText('密码至少8位')).toBeTruthy();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a password of spaces only, with the contract’s message', async () => {
    renderAt('/register');
    await screen.findByLabelText('邮箱');
    type('邮箱', 'bob@example.com');
    type('密码', '        ');
    type('确认密码', '        ');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('密码不能全是空格')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers, signs in and goes home; blank optional fields are left out', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: true, message: 'ok', data: { token: 'new', user: makeUser() } }),
    );
    const router = renderAt('/register');
    await screen.findByLabelText('邮箱');
    type('邮箱', 'bob@example.com');
    type('密码', 'Secret-one-1');
    type('确认密码', 'Secret-one-1');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/register');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'bob@example.com', password: 'Secret-one-1' });
    expect(window.localStorage.getItem('token')).toBe('new');
  });

  it('shows 注册失败，请重试 when no message comes back', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'ok', data: {} }));
    renderAt('/register');
    await screen.findByLabelText('邮箱');
    type('邮箱', 'bob@example.com');
    type('密码', 'Secret-one-1');
    type('确认密码', 'Secret-one-1');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect((await screen.findByTestId('register-error')).textContent).toContain('注册失败，请重试');
  });
});
