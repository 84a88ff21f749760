import {
  NOTIFICATION_EVENT,
  type NotificationsData,
  type TimedContract,
  type UserNotification,
} from '@platform/contracts';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { disconnectSocket } from '../../lib/socket.ts';
import { type Call, type Handler, mockApi, ok, pagination } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { fakeSockets } from '../../test/fake-socket.ts';
import { makeUser, sleep } from '../../test/fixtures.ts';
import { renderWithAnt, renderWithAntAt, signIn } from '../../test/render.tsx';
import { USER_NAV } from '../shell/navItems.tsx';
import type { ContractFocus } from '../trade/timed/ContractModal.tsx';
import { contractOrder, makeContract, settledContract } from '../trade/timed/timedFixtures.ts';
import { useSettledWhileAway } from '../trade/timed/useSettledWhileAway.ts';
import NotificationsPage from './NotificationsPage.tsx';

vi.mock('socket.io-client', async () => (await import('../../test/fake-socket.ts')).fakeSocketModule);
vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 15_000 });

const notice = (id: number, over: Partial<UserNotification> = {}): UserNotification => ({
  id,
  type: 'deposit',
  title: `通知 ${id}`,
  body: `内容 ${id}`,
  link: '/wallet/history?tab=deposits',
  created_at: '2026-11-26T02:00:00.000Z',
  read: false,
  ...over,
});

let calls: Call[];
let handlers: Record<string, Handler>;
let items: UserNotification[];

const listReply = (call: Call) => {
  const type = call.url.searchParams.get('type');
  const unreadOnly = call.url.searchParams.get('unread') === 'true';
  const limit = Number(call.url.searchParams.get('limit') ?? 20);
  const matching = items.filter((n) => (!type || n.type === type) && (!unreadOnly || !n.read));
  const data: NotificationsData = {
    notifications: matching.slice(0, limit),
    pagination: pagination(matching.length),
    unread: items.filter((n) => !n.read).length,
  };
  return ok(data);
};

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  items = [
    notice(3, {
      type: 'announcement',
      title: '春节安排',
      body: '春节期间充值提现照常处理。',
      link: null,
    }),
    notice(2, { type: 'withdrawal', title: '提现已出款', link: '/wallet/history?tab=withdrawals' }),
    notice(1, { title: '充值已到账', read: true }),
  ];
  ({ calls, handlers } = mockApi({
    'GET /api/notifications': listReply,
    'POST /api/notifications/read': (call) => {
      const ids = (call.body as { ids?: number[] }).ids;
      let marked = 0;
      items = items.map((n) => {
        if (n.read || (ids && !ids.includes(n.id))) return n;
        marked += 1;
        return { ...n, read: true };
      });
      return ok({ marked, unread: items.filter((n) => !n.read).length });
    },
  }));
  signIn(makeUser());
});

const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe('NotificationsPage', () => {
  it('is in English under en; the notifications’ own titles and texts are the server’s', async () => {
    applyLanguage('en');
    renderWithAntAt(<NotificationsPage />, '/me/notifications');
    const list = await screen.findByTestId('notifications-list');
    expect(list.querySelector('[data-testid="notification-3"] .ant-tag')?.textContent).toBe('Announcement');
    expect(screen.getByTestId('notifications-read-all').textContent).toBe('Mark all read');
    expect(screen.getByTestId('notifications-page-text').textContent).toBe('Showing 1–3 of 3');
    const serverTexts = items.flatMap((n) => [n.title, n.body]);
    const text = serverTexts.reduce(
      (rest, data) => rest.split(data).join(''),
      document.body.textContent ?? '',
    );
    expect(chineseIn(text)).toEqual([]);
  });

  it('lists the notifications newest first with the unread ones marked', async () => {
    renderWithAntAt(<NotificationsPage />, '/me/notifications');
    const list = await screen.findByTestId('notifications-list');
    const rows = list.querySelectorAll('[data-testid^="notification-"][data-read]');
    expect([...rows].map((r) => [r.getAttribute('data-testid'), r.getAttribute('data-read')])).toEqual([
      ['notification-3', 'false'],
      ['notification-2', 'false'],
      ['notification-1', 'true'],
    ]);
    expect(rows[0]?.textContent).toContain('公告');
    expect(rows[0]?.textContent).toContain('春节安排');
    expect(rows[1]?.textContent).toContain('提现');
    expect(rows[2]?.textContent).toContain('2026-11-26 10:00:00');
    expect(screen.getByTestId('notifications-page-text').textContent).toBe('显示第 1 到 3 条，共 3 条通知');
  });

  it('a row marks itself read and opens its link; one without a link opens its text', async () => {
    const router = renderWithAntAt(<NotificationsPage />, '/me/notifications');
    fireEvent.click(await screen.findByTestId('notification-2'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/wallet/history?tab=withdrawals',
      ),
    );
    await waitFor(() => expect(posts()).toEqual([{ ids: [2] }]));

    await act(() => router.navigate('/me/notifications'));
    fireEvent.click(await screen.findByTestId('notification-3'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('春节期间充值提现照常处理。');
    await waitFor(() => expect(posts()).toEqual([{ ids: [2] }, { ids: [3] }]));
    // An already read row opens without marking again.
    fireEvent.click(screen.getByText('知道了'));
    fireEvent.click(await screen.findByTestId('notification-1'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=deposits'));
    expect(posts()).toHaveLength(2);
  });

  it('全部已读 marks every one read, and is off when nothing is unread', async () => {
    renderWithAntAt(<NotificationsPage />, '/me/notifications');
    const button = await screen.findByTestId('notifications-read-all');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(posts()).toEqual([{}]));
    await waitFor(() => expect(screen.getByTestId('notification-3').getAttribute('data-read')).toBe('true'));
    expect((screen.getByTestId('notifications-read-all') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the empty state, and a pushed notification without a reload', async () => {
    items = [];
    renderWithAntAt(<NotificationsPage />, '/me/notifications');
    expect((await screen.findByTestId('notifications-empty')).textContent).toContain('暂无通知');
    items = [notice(9, { title: '充值已到账' })];
    act(() => fakeSockets.at(-1)?.receive(NOTIFICATION_EVENT, { notifications: [items[0]] }));
    expect((await screen.findByTestId('notification-9')).textContent).toContain('充值已到账');
  });
});

describe('the 我的 tab', () => {
  const meIcon = () => {
    const item = USER_NAV.find((i) => i.path === '/me');
    if (!item) throw new Error('no 我的 tab');
    return item.icon;
  };

  it('carries the unread count, which follows pushes', async () => {
    renderWithAnt(<div>{meIcon()}</div>);
    await waitFor(() => expect(screen.getByTestId('nav-unread').getAttribute('data-unread')).toBe('2'));
    expect(document.querySelector('.ant-badge-count')?.textContent).toBe('2');
    items = [notice(4), ...items];
    act(() => fakeSockets.at(-1)?.receive(NOTIFICATION_EVENT, { notifications: [items[0]] }));
    await waitFor(() => expect(screen.getByTestId('nav-unread').getAttribute('data-unread')).toBe('3'));
    // Pushed while the socket was not connected: its (re)connection asks again.
    items = [notice(5), ...items];
    act(() => fakeSockets.at(-1)?.receive('connect'));
    await waitFor(() => expect(screen.getByTestId('nav-unread').getAttribute('data-unread')).toBe('4'));
  });

  it('shows no count to a guest and asks nothing', async () => {
    localStorage.clear();
    disconnectSocket();
    const { sessionStore } = await import('../../lib/session.tsx');
    sessionStore.reload();
    renderWithAnt(<div>{meIcon()}</div>);
    await sleep(50);
    expect(screen.getByTestId('nav-unread').getAttribute('data-unread')).toBe('0');
    expect(calls).toHaveLength(0);
  });
});

describe('a contract settled while the user was away', () => {
  /** GET /api/trading/orders/{id} of a flash contract that settled (a win). */
  const settledOrder = (orderId: number) => {
    const contract = settledContract(makeContract({ order_id: orderId }));
    return ok({ order: contractOrder(contract), contract });
  };

  function Probe({ onShow }: { onShow: (c: TimedContract) => void }) {
    const [shown, setShown] = useState<TimedContract | null>(null);
    const show = useCallback(
      (c: TimedContract) => {
        onShow(c);
        setShown(c);
      },
      [onShow],
    );
    const focus: ContractFocus = { contract: shown, show, close: () => setShown(null) };
    useSettledWhileAway('flash', focus);
    return <div data-testid="shown">{shown?.order_id ?? ''}</div>;
  }

  beforeEach(() => {
    items = [
      notice(12, { type: 'flash_settlement', link: '/trade/flash/BTCUSDT?contract=55' }),
      notice(11, { type: 'flash_settlement', link: '/trade/flash/ETHUSDT?contract=54' }),
      notice(10, { type: 'deposit' }),
    ];
    handlers['GET /api/trading/orders/55'] = () => settledOrder(55);
    handlers['GET /api/trading/orders/77'] = () => settledOrder(77);
  });

  it('shows the newest one on the next visit and marks the settlements read', async () => {
    const shown = vi.fn();
    renderWithAntAt(<Probe onShow={shown} />, '/trade/flash/BTCUSDT');
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('55'));
    expect(shown).toHaveBeenCalledTimes(1);
    const asked = calls.find((c) => c.url.pathname === '/api/notifications');
    expect(asked?.url.searchParams.get('type')).toBe('flash_settlement');
    expect(asked?.url.searchParams.get('unread')).toBe('true');
    // The other one is counted in a message and read with it; the one shown is read once seen.
    await waitFor(() => expect(posts()).toEqual(expect.arrayContaining([{ ids: [11] }, { ids: [12] }])));
    expect(items.find((n) => n.id === 10)?.read).toBe(false);
    expect(await screen.findByText('另有 1 笔合约在您离开期间已结算，可在「历史记录」中查看')).toBeTruthy();
  });

  it('opens the contract a notification links to', async () => {
    const shown = vi.fn();
    const router = renderWithAntAt(<Probe onShow={shown} />, '/trade/flash/BTCUSDT?contract=77');
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('77'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when nothing settled while away', async () => {
    items = [notice(10, { type: 'deposit' })];
    const shown = vi.fn();
    render(<div />);
    renderWithAntAt(<Probe onShow={shown} />, '/trade/flash/BTCUSDT');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/notifications')).toBe(true));
    await sleep(100);
    expect(shown).not.toHaveBeenCalled();
    expect(posts()).toEqual([]);
  });
});
