import type { SavedAddress } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { type Call, mockApi, ok } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { jsonResponse, makeUser } from '../../../test/fixtures.ts';
import { renderInApp, signIn } from '../../../test/render.tsx';
import AddressBookPage from './AddressBookPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ERC20 = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
let calls: Call[];
let addresses: SavedAddress[];
let whitelist: boolean;
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path);
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeEach(() => {
  whitelist = false;
  addresses = [
    {
      id: 1,
      network: 'ERC20',
      address: ERC20,
      label: '交易所',
      created_at: '2024-05-01T00:00:00.000Z',
      usable_at: '2024-05-02T00:00:00.000Z',
    },
  ];
  signIn(makeUser({ twofa_enabled: true }));
  ({ calls } = mockApi({
    'GET /api/auth/me': () => ok({ user: makeUser({ twofa_enabled: true }) }),
    'GET /api/user/addresses': () => ok({ addresses }),
    'GET /api/user/withdrawal-whitelist': () =>
      ok({ enabled: whitelist, enabled_at: whitelist ? '2024-05-01T00:00:00.000Z' : null }),
    'POST /api/user/addresses': () => {
      const now = Date.now();
      addresses = [
        {
          id: 2,
          network: 'TRC20',
          address: TRC20,
          label: '冷钱包',
          created_at: new Date(now).toISOString(),
          usable_at: new Date(now + 24 * 3600_000).toISOString(),
        },
        ...addresses,
      ];
      return ok({ address: addresses[0] }, '地址已添加');
    },
    'POST /api/user/withdrawal-whitelist/enable': () => {
      whitelist = true;
      return ok({ enabled: true, enabled_at: '2024-05-01T00:00:00.000Z' }, '提现白名单已开启');
    },
    'POST /api/user/withdrawal-whitelist/disable': (call) => {
      if ((call.body as { password?: string }).password !== 'right-pass')
        return jsonResponse({ success: false, message: '登录密码错误' }, 400);
      whitelist = false;
      return ok({ enabled: false, enabled_at: null }, '提现白名单已关闭');
    },
  }));
});

describe('AddressBookPage', () => {
  it('lists the saved addresses in full and adds one with the password and the 2FA code', async () => {
    renderInApp(<AddressBookPage />, '/me/addresses');
    const saved = await screen.findByTestId('address-1');
    expect(within(saved).getByTestId('address-value').textContent).toBe(ERC20);
    expect(within(saved).queryByTestId('address-pending')).toBeNull();

    fireEvent.click(screen.getByTestId('address-add'));
    type('address-add-address', 'TAddr123');
    type('address-add-label', '冷钱包');
    type('address-add-password', 'right-pass');
    type('address-add-totp', '123456');
    fireEvent.click(screen.getByTestId('address-add-submit'));
    expect(await screen.findByText('地址格式不正确')).toBeTruthy();
    expect(posts('/api/user/addresses')).toHaveLength(0);

    type('address-add-address', TRC20);
    fireEvent.click(screen.getByTestId('address-add-submit'));
    await waitFor(() => expect(posts('/api/user/addresses')).toHaveLength(1));
    expect(posts('/api/user/addresses')[0]?.body).toEqual({
      address: TRC20,
      label: '冷钱包',
      password: 'right-pass',
      totp: '123456',
    });
    const added = await screen.findByTestId('address-2');
    expect(within(added).getByTestId('address-value').textContent).toBe(TRC20);
    // Usable under the whitelist only 24 h after it was added.
    expect(within(added).getByTestId('address-pending').textContent).toContain('后可用于白名单提现');
  });

  it('turns the whitelist on at once and off only with the password', async () => {
    renderInApp(<AddressBookPage />, '/me/addresses');
    const toggle = await screen.findByTestId('whitelist-switch');
    fireEvent.click(toggle);
    await waitFor(() => expect(posts('/api/user/withdrawal-whitelist/enable')).toHaveLength(1));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));

    fireEvent.click(toggle);
    const form = await screen.findByTestId('whitelist-disable-form');
    type('whitelist-disable-password', 'wrong');
    type('whitelist-disable-totp', '123456');
    fireEvent.click(within(form).getByTestId('whitelist-disable-submit'));
    expect(await screen.findByText('登录密码错误')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    type('whitelist-disable-password', 'right-pass');
    fireEvent.click(within(form).getByTestId('whitelist-disable-submit'));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(posts('/api/user/withdrawal-whitelist/disable').at(-1)?.body).toEqual({
      password: 'right-pass',
      totp: '123456',
    });
  });

  it('is in English under en: the whitelist, the list, the form and its checks; labels are data', async () => {
    applyLanguage('en');
    renderInApp(<AddressBookPage />, '/me/addresses');
    await screen.findByTestId('address-1');
    expect(screen.getByText('Withdrawal whitelist')).toBeTruthy();
    fireEvent.click(screen.getByTestId('address-add'));
    fireEvent.click(await screen.findByTestId('address-add-submit'));
    expect(await screen.findByText('Enter the withdrawal address')).toBeTruthy();
    type('address-add-address', 'TAddr123');
    fireEvent.click(screen.getByTestId('address-add-submit'));
    expect(await screen.findByText('Invalid address format')).toBeTruthy();
    const page = screen.getByTestId('address-book-page');
    expect(chineseIn(page, { except: ['交易所'] })).toEqual([]);
    const placeholders = [...page.querySelectorAll('input')].map((input) => input.placeholder).join(' ');
    expect(chineseIn(placeholders)).toEqual([]);
  });
});
