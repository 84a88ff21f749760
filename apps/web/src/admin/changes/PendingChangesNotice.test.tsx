import type { ChangesSummary } from '@platform/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { setNavigator } from '../../lib/navigation.ts';
import { sessionStore } from '../../lib/session.tsx';
import { routes } from '../../router.tsx';
import { fakeSockets } from '../../test/fake-socket.ts';
import { jsonResponse, makeAdmin, sleep, storeSession } from '../../test/fixtures.ts';

vi.mock('socket.io-client', async () => (await import('../../test/fake-socket.ts')).fakeSocketModule);

type FetchArgs = [string, RequestInit];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;
let summary: ChangesSummary;

beforeEach(() => {
  fakeSockets.length = 0;
  summary = { awaiting_me: 0, open: 0, delayed: 0, next_effective_at: null };
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async (url) =>
    url.startsWith('/api/admin/changes/summary')
      ? jsonResponse({ success: true, message: 'ok', data: summary })
      : jsonResponse({ success: true, message: 'ok' }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

function renderAt(path: string) {
  storeSession(makeAdmin({ admin_level: 'super_admin' }), 'admin-token');
  sessionStore.reload();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => void router.navigate(to, options));
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const summaryCalls = () =>
  fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/admin/changes/summary'));

// The first render of the whole admin shell in a worker (route table, both languages' catalogues,
// antd) took over 3 s with the machine at load 15.
const SHELL_FIRST_RENDER_MS = 10_000;

describe('pending changes in the back office shell (issue 32: every admin is told)', () => {
  it('shows nothing while no change is open', async () => {
    renderAt('/admin/transactions');
    const sidebar = await screen.findByTestId('admin-sidebar', {}, { timeout: SHELL_FIRST_RENDER_MS });
    await waitFor(() => expect(summaryCalls().length).toBeGreaterThan(0));
    expect(within(sidebar).queryByTestId('changes-awaiting-count')).toBeNull();
    expect(screen.queryByTestId('delayed-changes-banner')).toBeNull();
  });

  it('counts the changes awaiting this admin beside 待生效变更 and shows a delayed change on every screen', async () => {
    summary = { awaiting_me: 2, open: 3, delayed: 1, next_effective_at: '2026-12-07T02:00:00.000Z' };
    const router = renderAt('/admin/transactions');
    const sidebar = await screen.findByTestId('admin-sidebar', {}, { timeout: SHELL_FIRST_RENDER_MS });
    expect((await within(sidebar).findByTestId('changes-awaiting-count')).textContent).toBe('2');
    const banner = await screen.findByTestId('delayed-changes-banner');
    expect(banner.textContent).toContain('有 1 项变更正在延迟生效，最早于 2026-12-07 10:00:00 自动生效');
    act(() => within(banner).getByTestId('delayed-changes-view').click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/changes'));
    expect(router.state.location.search).toBe('?status=delayed');
  });

  it('asks again at once when a change is announced, and pops a notice for a delayed one', async () => {
    renderAt('/admin/transactions');
    await screen.findByTestId('admin-sidebar', {}, { timeout: SHELL_FIRST_RENDER_MS });
    await waitFor(() => expect(summaryCalls().length).toBe(1));
    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    summary = { awaiting_me: 0, open: 1, delayed: 1, next_effective_at: '2026-12-07T02:00:00.000Z' };
    act(() =>
      fakeSockets.at(-1)?.receive('admin_notification', {
        type: 'change',
        sound: true,
        title: '有一项变更将在 24 小时后生效',
        message: '复核阈值',
        id: 7,
        status: 'delayed',
      }),
    );
    await waitFor(() => expect(summaryCalls().length).toBe(2));
    expect(await screen.findByText('复核阈值：24 小时后自动生效，如非预期请在待生效变更中撤销')).toBeTruthy();
    expect(await screen.findByTestId('delayed-changes-banner')).toBeTruthy();
    // Other notices (a withdrawal) do not touch the summary.
    act(() => fakeSockets.at(-1)?.receive('admin_notification', { type: 'withdrawal', id: 1 }));
    await sleep(50);
    expect(summaryCalls().length).toBe(2);
  });
});
