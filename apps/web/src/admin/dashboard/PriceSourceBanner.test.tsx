import { type AdminDashboard, PRICE_SOURCE_EVENT } from '@platform/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { disconnectSocket } from '../../lib/socket.ts';
import { type MockApi, mockApi, ok } from '../../test/api.ts';
import { fakeSockets } from '../../test/fake-socket.ts';
import { jsonResponse, makeAdmin, storeSession } from '../../test/fixtures.ts';
import { renderWithAntAt } from '../../test/render.tsx';
import { PRICE_ALERTS_SHOWN } from '../trading/price-sources/PriceSourceAlerts.tsx';
import { makeOverview, quietOverview } from '../trading/price-sources/priceSourceFixtures.ts';
import DashboardPage from './DashboardPage.tsx';

vi.mock('socket.io-client', async () => (await import('../../test/fake-socket.ts')).fakeSocketModule);

const DATA: AdminDashboard = {
  userStats: { totalUsers: 1, newUsersToday: 0, kycApprovedUsers: 0 },
  financialStats: { totalDeposits: '0', pendingDeposits: 0, totalWithdrawals: '0', pendingWithdrawals: 0 },
  pendingTasks: { pendingKyc: 0, pendingDeposits: 0, pendingWithdrawals: 0 },
  secondApprovals: { deposits: 0, withdrawals: 0, payouts: 0, adjustments: 0 },
  nearThreshold: [],
};
const PATH = '/api/admin/market/price-sources';

let api: MockApi;

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  storeSession(makeAdmin(), 'admin-token');
  api = mockApi({
    'GET /api/admin/dashboard': () => ok(DATA),
    'GET /api/admin/reconciliation/alert': () => ok({ alert: null }),
    [`GET ${PATH}`]: () => ok(makeOverview()),
  });
});

const overviewCalls = () => api.calls.filter((c) => c.url.pathname === PATH);

describe('the dashboard price-source warnings', () => {
  it('warns that prices are simulated and shows each alert as an error linked to 价格源', async () => {
    const router = renderWithAntAt(<DashboardPage />, '/admin');
    const warning = await screen.findByTestId('price-simulated-warning');
    expect(warning.className).toContain('ant-alert-warning');
    expect(warning.textContent).toBe(
      '当前价格源为模拟行情：价格由本系统模拟生成，切勿以真实资金交易。生产环境请设置 PRICE_SOURCES 为真实交易所。',
    );
    const excluded = screen.getByTestId('price-alert-ETHUSDT-sim-b');
    expect(excluded.className).toContain('ant-alert-error');
    expect(excluded.textContent).toContain('价格源被剔除：ETHUSDT · 模拟交易所 B');
    expect(excluded.textContent).toContain(
      '模拟交易所 B 已被剔除超过 5 分钟（数据过期）（自 2026-03-01 11:50:03 起）',
    );
    const noIndex = screen.getByTestId('price-alert-ETHUSDT-index');
    expect(noIndex.className).toContain('ant-alert-error');
    expect(noIndex.textContent).toContain('暂无指数价格：ETHUSDT');
    expect(noIndex.textContent).toContain('ETHUSDT 计入来源不足 2 个');

    fireEvent.click(screen.getByTestId('price-alert-ETHUSDT-index-go'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/trading/price-sources'));
  });

  it('lists the first alerts and counts the rest', async () => {
    const symbols = ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'ADA', 'TRX'].map((base) => `${base}USDT`);
    api.handlers[`GET ${PATH}`] = () =>
      ok(
        makeOverview({
          alerts: symbols.map((symbol) => ({
            kind: 'source_excluded',
            symbol,
            source: 'sim-c',
            since: null,
            message: '模拟交易所 C 获取失败',
          })),
        }),
      );
    const router = renderWithAntAt(<DashboardPage />, '/admin');
    expect((await screen.findByTestId('price-alert-more')).textContent).toContain(
      `另有 ${symbols.length - PRICE_ALERTS_SHOWN} 项价格源告警`,
    );
    expect(
      document.querySelectorAll('[data-testid^="price-alert-"][data-testid$="USDT-sim-c"]'),
    ).toHaveLength(PRICE_ALERTS_SHOWN);
    fireEvent.click(screen.getByTestId('price-alert-more-go'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/trading/price-sources'));
  });

  it('shows nothing with real venues and no alert, or when the call fails; asks again on a status change', async () => {
    api.handlers[`GET ${PATH}`] = () => ok(quietOverview());
    renderWithAntAt(<DashboardPage />, '/admin');
    await screen.findByTestId('dashboard-card-totalUsers');
    await waitFor(() => expect(overviewCalls()).toHaveLength(1));
    expect(screen.queryByTestId('price-source-alerts')).toBeNull();

    api.handlers[`GET ${PATH}`] = () => ok(makeOverview());
    act(() => fakeSockets.at(-1)?.receive(PRICE_SOURCE_EVENT, { changes: [] }));
    expect(await screen.findByTestId('price-alert-ETHUSDT-index')).toBeTruthy();
    cleanup();

    api.handlers[`GET ${PATH}`] = () => jsonResponse({ success: false, message: '服务器错误' }, 500);
    renderWithAntAt(<DashboardPage />, '/admin');
    await screen.findByTestId('dashboard-card-totalUsers');
    await waitFor(() => expect(overviewCalls()).toHaveLength(3));
    expect(screen.queryByTestId('price-source-alerts')).toBeNull();
  });
});
