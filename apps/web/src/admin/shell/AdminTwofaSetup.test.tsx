import type { PublicUser } from '@platform/contracts';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { setNavigator } from '../../lib/navigation.ts';
import { sessionStore } from '../../lib/session.tsx';
import { routes } from '../../router.tsx';
import { type Call, type Handler, mockApi, ok } from '../../test/api.ts';
import { jsonResponse, makeAdmin, storeSession } from '../../test/fixtures.ts';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const SECRET = 'JBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `code-${i}`);
const setupRequired = () =>
  jsonResponse({ success: false, message: '请先绑定两步验证', data: { twofa_setup_required: true } }, 403);

let calls: Call[];
let handlers: Record<string, Handler>;
let enrolled: boolean;

beforeEach(() => {
  enrolled = false;
  const me = () => makeAdmin({ twofa_enabled: enrolled, twofa_setup_required: !enrolled });
  ({ calls, handlers } = mockApi({
    'GET /api/auth/me': () => ok({ user: me() }),
    'POST /api/auth/2fa/setup': () =>
      ok({ secret: SECRET, otpauth_url: `otpauth://totp/P:root?secret=${SECRET}` }),
    'POST /api/auth/2fa/enable': () => {
      enrolled = true;
      return ok({ recovery_codes: CODES });
    },
    'POST /api/auth/logout': () => ok(null),
  }));
});

function renderAdmin(user: PublicUser) {
  storeSession(user, 'admin-token');
  sessionStore.reload();
  const router = createMemoryRouter(routes, { initialEntries: ['/admin'] });
  setNavigator((to, options) => void router.navigate(to, options));
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

async function enrol() {
  // The login password first (issue 32).
  fireEvent.change(await screen.findByTestId('twofa-password', {}, { timeout: 20_000 }), {
    target: { value: 'admin-pw-1' },
  });
  fireEvent.click(screen.getByTestId('twofa-password-submit'));
  expect(await screen.findByTestId('twofa-secret', {}, { timeout: 20_000 })).toBeTruthy();
  fireEvent.change(screen.getByTestId('twofa-enable-code'), { target: { value: '123456' } });
  fireEvent.click(screen.getByTestId('twofa-enable-submit'));
  await screen.findByTestId('twofa-codes-step');
  fireEvent.click(screen.getByRole('checkbox', { name: '我已妥善保存恢复码' }));
  fireEvent.click(screen.getByTestId('twofa-finish'));
}

describe('admin 2FA enrolment', () => {
  it('shows the enrolment instead of the back office while the profile says so, then the back office', async () => {
    renderAdmin(makeAdmin({ twofa_setup_required: true }));
    expect(await screen.findByTestId('admin-twofa-setup', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByTestId('admin-sidebar')).toBeNull();
    expect(screen.getByTestId('admin-twofa-account').textContent).toBe('root@example.com');
    // No back office call is made behind the enrolment screen.
    expect(calls.some((c) => c.url.pathname.startsWith('/api/admin/'))).toBe(false);
    await enrol();
    expect(await screen.findByTestId('admin-sidebar', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByTestId('admin-twofa-setup')).toBeNull();
  });

  it('switches to the enrolment when an admin call answers 403 twofa_setup_required', async () => {
    // The cached profile is out of date (a super admin reset this admin's 2FA).
    handlers['GET /api/auth/me'] = () => ok({ user: makeAdmin({ twofa_enabled: true }) });
    const original = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) =>
        new URL(input, 'http://localhost').pathname.startsWith('/api/admin/')
          ? setupRequired()
          : original(input, init),
      ),
    );
    renderAdmin(makeAdmin({ twofa_enabled: true }));
    expect(await screen.findByTestId('admin-twofa-setup', {}, { timeout: 20_000 })).toBeTruthy();
    expect(sessionStore.get().user?.twofa_setup_required).toBe(true);
  });

  it('offers 退出登录 on the enrolment screen', async () => {
    const router = renderAdmin(makeAdmin({ twofa_setup_required: true }));
    fireEvent.click(await screen.findByTestId('logout', {}, { timeout: 20_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
