import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../App.tsx';
import { sessionStore } from '../lib/session.tsx';
import { routes } from '../router.tsx';
import { mockApi, ok } from '../test/api.ts';
import { chineseIn } from '../test/chinese.ts';
import { makeAdmin, makeUser, storeSession } from '../test/fixtures.ts';
import { setViewportWidth } from '../test/setup.ts';
import { renderAppAt } from '../user/markets/testing.tsx';
import { applyLanguage, currentLanguage } from './index.ts';

const firstLoad = { timeout: 20_000 };

/** Chooses `name` in the language switch inside `scope`. */
async function choose(scope: HTMLElement, name: string) {
  fireEvent.mouseDown(within(within(scope).getByTestId('language-switch')).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(name));
}

describe('我的 / Me and the tab bar', () => {
  it('are in English under en, with no Chinese word on the screen', async () => {
    setViewportWidth(390);
    applyLanguage('en');
    storeSession(makeUser({ kyc_status: 'pending' }));
    mockApi({ 'GET /api/auth/me': () => ok({ user: makeUser({ kyc_status: 'pending' }) }) });
    const { container } = renderAppAt('/me');
    const page = await screen.findByTestId('account-page', {}, firstLoad);
    expect(within(page).getByRole('heading').textContent).toBe('Me');
    await waitFor(() => expect(screen.getByTestId('me-level').textContent).toBe('Basic user'));
    expect(within(page).getAllByTestId('kyc-badge')[0]?.textContent).toBe('Pending review');
    expect(within(page).getByText('My referral code')).toBeTruthy();
    expect(within(page).getByRole('button', { name: /Log out/ })).toBeTruthy();
    const tabs = within(screen.getByTestId('user-tab-bar')).getAllByRole('button');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Home', 'Markets', 'Trade', 'Assets', 'Me']);
    await waitFor(() =>
      expect(within(page).getByTestId('me-support').textContent).toContain('Not set up yet'),
    );
    expect(chineseIn(container)).toEqual([]);
  });

  it('has a language switch that changes the screen and saves the choice to the profile', async () => {
    storeSession(makeUser());
    const api = mockApi({
      'GET /api/auth/me': () => ok({ user: makeUser() }),
      'PUT /api/me/language': (c) => ok(c.body),
    });
    renderAppAt('/me');
    const page = await screen.findByTestId('account-page', {}, firstLoad);
    expect(within(page).getByText('我的邀请码')).toBeTruthy();
    await choose(screen.getByTestId('me-language'), 'English');
    expect(await within(page).findByText('My referral code')).toBeTruthy();
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ language: 'en' }));
    expect(api.calls.find((c) => c.method === 'PUT')?.url.pathname).toBe('/api/me/language');
  });
});

describe('the home page', () => {
  it('greets a guest and names its shortcuts in English under en', async () => {
    applyLanguage('en');
    mockApi({});
    renderAppAt('/');
    const guest = await screen.findByTestId('home-guest', {}, firstLoad);
    expect(guest.textContent).toBe(
      'Welcome to the Digital Asset ExchangeLog in to deposit, trade and invite friendsLog inSign up',
    );
    const entries = screen.getByTestId('home-entries');
    expect(entries.textContent).toBe('DepositWithdrawSpotFlashPerpetualOptionsTeamKYC');
    expect(within(screen.getByTestId('home-announcements')).getByText('Announcements')).toBeTruthy();
  });
});

describe('the back office header', () => {
  it('switches to English and saves the admin’s own choice through the admin call', async () => {
    storeSession(makeAdmin({ admin_level: 'super_admin' }), 'admin-token');
    sessionStore.reload();
    const api = mockApi({ 'PUT /api/admin/me/language': (c) => ok(c.body) });
    const router = createMemoryRouter(routes, { initialEntries: ['/admin/settings/nowhere'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const header = (await screen.findByTestId('header-account', {}, firstLoad)).closest('header');
    if (!header) throw new Error('no header');
    expect(within(header).getByTestId('logout').textContent).toBe('退出登录');
    await choose(header, 'English');
    await waitFor(() => expect(within(header).getByTestId('logout').textContent).toBe('Log out'));
    expect(currentLanguage()).toBe('en');
    expect(within(screen.getByTestId('admin-sidebar')).getByTestId('admin-level-label').textContent).toBe(
      'Super admin',
    );
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.url.pathname).toBe('/api/admin/me/language'),
    );
  });
});
