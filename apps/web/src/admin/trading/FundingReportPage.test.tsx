import type { FundingReportRow } from '@platform/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { type Call, mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { makePair } from '../../test/fixtures.ts';
import { renderWithAnt } from '../../test/render.tsx';
import FundingReportPage from './FundingReportPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let calls: Call[];

const row = (overrides: Partial<FundingReportRow> = {}): FundingReportRow => ({
  symbol: 'BTCUSDT',
  funding_at: '2026-01-01T08:00:00.000Z',
  rate: '0.0001',
  mark_price: '50000',
  positions: 3,
  paid_by_users: '0.2',
  received_by_users: '0.05',
  house_net: '0.15',
  liquidated: 0,
  ...overrides,
});

beforeEach(() => {
  ({ calls } = mockApi({
    'GET /api/admin/trading/funding': () =>
      ok({
        rows: [
          row(),
          row({ funding_at: '2026-01-01T00:00:00.000Z', rate: '-0.00025', house_net: '-0.4', liquidated: 1 }),
        ],
        pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
        house_funding_balance: '-0.25',
      }),
    'GET /api/admin/trading/pairs': () =>
      ok({
        pairs: [makePair('BTCUSDT', 'BTC', 'USDT'), makePair('ETHBTC', 'ETH', 'BTC')],
        lastSyncTime: null,
      }),
  }));
});

function renderPage(path = '/admin/trading/funding') {
  const router = createMemoryRouter([{ path: '/admin/trading/funding', element: <FundingReportPage /> }], {
    initialEntries: [path],
  });
  renderWithAnt(<RouterProvider router={router} />);
  return router;
}

const listCalls = () => calls.filter((c) => c.url.pathname === '/api/admin/trading/funding');

describe('资金费用', () => {
  it("shows each funding instant's rate, what users paid and received, the house's net and the account's balance", async () => {
    renderPage();
    const first = await screen.findByTestId('funding-row-1');
    expect(within(first).getByTestId('funding-rate-1').textContent).toBe('+0.0100%');
    expect(within(first).getByTestId('funding-net-1').textContent).toBe('+0.15');
    expect(first.textContent).toContain('0.20');
    expect(first.textContent).toContain('0.05');
    const second = screen.getByTestId('funding-row-2');
    expect(within(second).getByTestId('funding-rate-2').textContent).toBe('-0.0250%');
    expect(within(second).getByTestId('funding-net-2').textContent).toBe('-0.40');
    expect(screen.getByTestId('funding-report-balance').textContent).toBe('资金费账户余额 -0.25 USDT');
  });

  it('asks for one pair and page from the address', async () => {
    renderPage('/admin/trading/funding?symbol=ETHUSDT&page=2');
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(Object.fromEntries(listCalls()[0]?.url.searchParams ?? [])).toEqual({
      page: '2',
      limit: '20',
      symbol: 'ETHUSDT',
    });
  });
  it('in English: the balance, columns and count, with no Chinese', async () => {
    applyLanguage('en');
    renderPage();
    await screen.findByTestId('funding-row-1');
    expect(screen.getByTestId('funding-report-balance').textContent).toBe(
      'Funding account balance -0.25 USDT',
    );
    expect(screen.getByRole('columnheader', { name: 'Funding rate' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Liquidated by funding' })).toBeTruthy();
    const pageText = (screen.getByTestId('funding-report-page').textContent ?? '').replace(
      screen.getByTestId('funding-report-refresh').textContent ?? '',
      '',
    );
    expect(chineseIn(pageText)).toEqual([]);
  });
});
