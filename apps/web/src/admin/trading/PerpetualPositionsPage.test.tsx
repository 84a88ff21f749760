import type { AdminPerpetualPosition } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { type Call, mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { makePair } from '../../test/fixtures.ts';
import { makePosition } from '../../test/perpetualFixtures.ts';
import { renderWithAntAt } from '../../test/render.tsx';
import PerpetualPositionsPage from './PerpetualPositionsPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let calls: Call[];

const row = (overrides: Partial<AdminPerpetualPosition> = {}): AdminPerpetualPosition => ({
  ...makePosition({ mark_price: '50500', unrealised_pnl: '10', roe_percent: '10' }),
  user: { id: 7, email: 'alice@example.com' },
  ...overrides,
});

beforeEach(() => {
  ({ calls } = mockApi({
    'GET /api/admin/trading/perpetual-positions': () =>
      ok({
        positions: [
          row(),
          row({ id: 42, side: 'short', unrealised_pnl: '-3.5', user: { id: 8, email: 'bob@example.com' } }),
        ],
        pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
      }),
    'GET /api/admin/trading/pairs': () =>
      ok({
        pairs: [makePair('BTCUSDT', 'BTC', 'USDT'), makePair('ETHBTC', 'ETH', 'BTC')],
        lastSyncTime: null,
      }),
  }));
});

const renderPage = (path = '/admin/trading/positions') => renderWithAntAt(<PerpetualPositionsPage />, path);

const listCalls = () =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/trading/perpetual-positions');
const lastQuery = () => Object.fromEntries(listCalls().at(-1)?.url.searchParams ?? []);

describe('持仓列表', () => {
  it('shows each open position with its owner, mark and unrealised P&L, and filters by user and pair', async () => {
    const router = renderPage();
    const first = await screen.findByTestId('admin-position-row-41');
    expect(first.textContent).toContain('alice@example.com');
    expect(first.textContent).toContain('BTCUSDT');
    expect(first.textContent).toContain('做多 10x');
    expect(within(first).getByTestId('position-mark-41').textContent).toBe('50,500.0000');
    expect(within(first).getByTestId('position-pnl-41').textContent).toBe('+10.00');
    expect(
      within(screen.getByTestId('admin-position-row-42')).getByTestId('position-pnl-42').textContent,
    ).toBe('-3.50');
    expect(screen.getByTestId('positions-page-text').textContent).toContain('共 2 个仓位');

    fireEvent.change(screen.getByTestId('positions-user'), { target: { value: ' bob@example.com ' } });
    fireEvent.click(screen.getByTestId('positions-user-submit'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ user: 'bob@example.com', page: '1' }));
    expect(router.state.location.search).toContain('user=bob%40example.com');

    calls.length = 0;
    renderPage('/admin/trading/positions?symbol=ETHUSDT&page=2');
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(lastQuery()).toEqual({ page: '2', limit: '20', symbol: 'ETHUSDT' });
  });
  it('in English: filters, columns, sides and the count, with no Chinese', async () => {
    applyLanguage('en');
    renderPage();
    const first = await screen.findByTestId('admin-position-row-41');
    expect(first.textContent).toContain('Long 10x');
    expect(screen.getByTestId('admin-position-row-42').textContent).toContain('Short 10x');
    expect(screen.getByRole('columnheader', { name: 'Liquidation price' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Margin' })).toBeTruthy();
    expect(screen.getByTestId('positions-page-text').textContent).toBe('Showing 1–2 of 2');
    const pageText = (screen.getByTestId('positions-page').textContent ?? '').replace(
      screen.getByTestId('positions-refresh').textContent ?? '',
      '',
    );
    expect(chineseIn(pageText)).toEqual([]);
  });
});
