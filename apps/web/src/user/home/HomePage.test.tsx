import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { sessionStore } from '../../lib/session.tsx';
import { routes } from '../../router.tsx';
import { makeAdmin, makeUser, storeSession } from '../../test/fixtures.ts';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 500 })),
  );
});

function renderHome() {
  sessionStore.reload();
  render(
    <AppProviders>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
    </AppProviders>,
  );
}

describe('HomePage', () => {
  it('offers login and register when logged out', async () => {
    renderHome();
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '注册' })).toBeTruthy();
    expect(screen.queryByTestId('user-email')).toBeNull();
  });

  it('shows the account, KYC label and formatted wallets from the stored user', async () => {
    storeSession(
      makeUser({
        kyc_status: 'approved',
        wallets: [{ currency: 'USDT', balance: '1234.5', frozen_balance: '10', salary_balance: '0.005' }],
      }),
    );
    renderHome();
    expect((await screen.findByTestId('user-email')).textContent).toBe('alice@example.com');
    expect(screen.getByTestId('kyc-status').textContent).toBe('已认证');
    const row = screen.getByText('1,234.50 USDT').closest('tr');
    expect(row).toBeTruthy();
    expect(within(row as HTMLElement).getByText('10.00 USDT')).toBeTruthy();
    expect(within(row as HTMLElement).getByText('0.01 USDT')).toBeTruthy();
    expect(screen.getByTestId('logout')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '进入管理后台' })).toBeNull();
  });

  it('links admins to the back office', async () => {
    storeSession(makeAdmin());
    renderHome();
    expect(await screen.findByRole('button', { name: '进入管理后台' })).toBeTruthy();
  });
});
