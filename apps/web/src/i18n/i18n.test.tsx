import { getMe } from '@platform/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../lib/language.ts';
import { call } from '../lib/request.ts';
import { mockApi, ok } from '../test/api.ts';
import { chineseIn } from '../test/chinese.ts';
import { makeAdmin, makeUser } from '../test/fixtures.ts';
import { signIn } from '../test/render.tsx';
import { renderAppAt } from '../user/markets/testing.tsx';
import { applyLanguage, currentLanguage, i18n } from './index.ts';
import { initialLanguage, LANGUAGE_STORAGE_KEY } from './languages.ts';

const storageWith = (value: string | null) => ({ getItem: () => value });

describe('the language a device starts in', () => {
  it('is its stored choice, else the first English or Chinese of the browser, else Chinese', () => {
    expect(initialLanguage(storageWith('en'), ['zh-CN'])).toBe('en');
    expect(initialLanguage(storageWith('zh-CN'), ['en-US'])).toBe('zh-CN');
    expect(initialLanguage(storageWith('fr'), ['en-GB', 'zh'])).toBe('en');
    expect(initialLanguage(storageWith(null), ['en-US', 'en'])).toBe('en');
    expect(initialLanguage(storageWith(null), ['fr-FR', 'en'])).toBe('en');
    expect(initialLanguage(storageWith(null), ['zh-TW', 'en-US'])).toBe('zh-CN');
    expect(initialLanguage(storageWith(null), ['fr-FR', 'de'])).toBe('zh-CN');
    expect(initialLanguage(storageWith(null), [])).toBe('zh-CN');
  });
});

describe('a converted page in each language', () => {
  it('shows the login page in the spec’s exact Chinese under zh-CN', async () => {
    renderAppAt('/login');
    expect(await screen.findByLabelText('邮箱或手机号')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.getByText('忘记密码？')).toBeTruthy();
    expect(screen.getByText('立即注册')).toBeTruthy();
    expect(screen.getByText('数字资产交易平台')).toBeTruthy();
  });

  it('shows the login and register pages in English under en, with no Chinese left', async () => {
    applyLanguage('en');
    const { router, container } = renderAppAt('/login');
    expect(await screen.findByLabelText('Email or phone number')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(chineseIn(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your email or phone number')).toBeTruthy();
    await act(() => router.navigate('/register'));
    expect(await screen.findByLabelText('Confirm password')).toBeTruthy();
    expect(chineseIn(container)).toEqual([]);
  });
});

describe('the language switch', () => {
  it('switches the page, antd and dayjs at once and remembers the choice on the device', async () => {
    const { container } = renderAppAt('/login');
    await screen.findByLabelText('邮箱或手机号');
    expect(dayjs.locale()).toBe('zh-cn');
    fireEvent.mouseDown(within(screen.getByTestId('language-switch')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('English'));
    expect(await screen.findByLabelText('Email or phone number')).toBeTruthy();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(currentLanguage()).toBe('en');
    expect(dayjs.locale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(chineseIn(container)).toEqual([]);
    // A new visit on this device starts in English, whatever the browser says.
    expect(initialLanguage(window.localStorage, ['zh-CN'])).toBe('en');
  });

  it('saves a signed-in user’s choice to the profile, an admin’s through the back office’s call', async () => {
    const api = mockApi({
      'PUT /api/me/language': (c) => ok(c.body),
      'PUT /api/admin/me/language': (c) => ok(c.body),
    });
    signIn(makeUser());
    expect(await switchLanguage('en')).toBe(true);
    signIn(makeAdmin());
    expect(await switchLanguage('zh-CN')).toBe(true);
    expect(api.calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['PUT', '/api/me/language', { language: 'en' }],
      ['PUT', '/api/admin/me/language', { language: 'zh-CN' }],
    ]);
  });

  it('keeps the choice on the device when the profile cannot be saved', async () => {
    mockApi({});
    signIn(makeUser());
    expect(await switchLanguage('en')).toBe(false);
    expect(currentLanguage()).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});

describe('the profile’s language', () => {
  it('is applied at login, so that a choice follows the user to another device', async () => {
    mockApi({
      'POST /api/auth/login': () => ok({ token: 'tk', user: makeUser({ language: 'en' }) }),
    });
    renderAppAt('/login');
    fireEvent.change(await screen.findByLabelText('邮箱或手机号'), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Secret-one-1' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(currentLanguage()).toBe('en'));
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('is set from the login page’s choice when the profile has none', async () => {
    const api = mockApi({
      'POST /api/auth/login': () => ok({ token: 'tk', user: makeUser({ language: null }) }),
      'PUT /api/me/language': (c) => ok(c.body),
    });
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    applyLanguage('en');
    renderAppAt('/login');
    fireEvent.change(await screen.findByLabelText('Email or phone number'), {
      target: { value: 'a@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-one-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.url.pathname === '/api/me/language')?.body).toEqual({ language: 'en' }),
    );
  });
});

describe('every API request', () => {
  it('sends the language shown as Accept-Language', async () => {
    const api = mockApi({ 'GET /api/auth/me': () => ok({ user: makeUser() }) });
    await call(getMe);
    applyLanguage('en');
    await call(getMe);
    expect(api.calls.map((c) => c.headers.get('Accept-Language'))).toEqual(['zh-CN', 'en']);
  });

  it('says a network failure in the language shown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(getMe)).rejects.toMatchObject({ message: '网络连接失败，请稍后重试', kind: 'network' });
    applyLanguage('en');
    await expect(call(getMe)).rejects.toMatchObject({
      message: 'Network connection failed, please try again later',
      kind: 'network',
    });
  });
});

describe('the catalogues', () => {
  it('give English a text for every key of zh-CN and no other key', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'string'
        ? [prefix]
        : Object.entries(value as object).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
    for (const ns of ['common', 'user', 'admin'] as const) {
      const zh = keys(i18n.getResourceBundle('zh-CN', ns));
      const en = keys(i18n.getResourceBundle('en', ns));
      // Beside a plural's _other (all Chinese has), English has its _one.
      const plural = (key: string) => key.endsWith('_one') && zh.includes(key.replace(/_one$/, '_other'));
      expect(en.filter((key) => !plural(key)).sort()).toEqual(zh.sort());
      for (const key of en) expect(chineseIn(i18n.getResource('en', ns, key))).toEqual([]);
    }
  });
});
