import type { PriceAlert } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { type Call, mockApi, ok } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { jsonResponse, makeUser } from '../../../test/fixtures.ts';
import { renderInApp, renderWithAnt, signIn } from '../../../test/render.tsx';
import { ticker } from '../../markets/testing.tsx';
import { TradeHeader } from '../../trade/shared/TradeHeader.tsx';
import PriceAlertsPage from './PriceAlertsPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const alert = (over: Partial<PriceAlert>): PriceAlert => ({
  id: 1,
  symbol: 'BTCUSDT',
  direction: 'above',
  price: '100000',
  repeat: 'once',
  status: 'active',
  armed: true,
  triggered_count: 0,
  last_triggered_at: null,
  last_triggered_price: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

let calls: Call[];
let alerts: PriceAlert[];
beforeEach(() => {
  alerts = [
    alert({ id: 1 }),
    alert({
      id: 2,
      symbol: 'ETHUSDT',
      direction: 'below',
      price: '2000.5',
      repeat: 'every',
      armed: false,
      triggered_count: 3,
      last_triggered_at: '2026-01-02T00:00:00.000Z',
      last_triggered_price: '1999',
    }),
    alert({ id: 3, status: 'triggered', armed: false, triggered_count: 1 }),
  ];
  signIn(makeUser());
  ({ calls } = mockApi({
    'GET /api/auth/me': () => ok({ user: makeUser() }),
    'GET /api/trading/markets': () => ok({ markets: [ticker('BTCUSDT', '1.5', '100', '95000')] }),
    'GET /api/user/price-alerts': (c) =>
      ok({
        alerts: alerts.filter(
          (a) => !c.url.searchParams.get('symbol') || a.symbol === c.url.searchParams.get('symbol'),
        ),
      }),
    'POST /api/user/price-alerts': (c) => {
      const body = c.body as { price: string };
      if (body.price === '1.001')
        return jsonResponse({ success: false, message: '提醒价格最多 2 位小数' }, 400);
      const created = alert({ id: 9, ...(c.body as Partial<PriceAlert>) });
      alerts = [created, ...alerts];
      return ok({ alert: created }, '价格提醒已设置');
    },
    'DELETE /api/user/price-alerts/2': () => {
      alerts = alerts.filter((a) => a.id !== 2);
      return ok(null, '价格提醒已删除');
    },
  }));
});

describe('价格提醒', () => {
  it('is in English under en: states, conditions, history and the delete confirmation', async () => {
    applyLanguage('en');
    renderInApp(<PriceAlertsPage />, '/me/price-alerts');
    const waiting = await screen.findByTestId('price-alert-2');
    expect(waiting.textContent).toContain('Waiting to re-cross');
    expect(waiting.textContent).toContain('Falls to 2,000.50 · Every time');
    expect(waiting.textContent).toContain('Triggered 3 times');
    expect(screen.getByTestId('price-alert-1').textContent).toContain('Watching');
    expect(screen.getByTestId('price-alert-3').textContent).toContain('Triggered');
    expect(chineseIn(screen.getByTestId('price-alerts-page'))).toEqual([]);
    fireEvent.click(screen.getByTestId('price-alert-delete-2'));
    const popup = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-popconfirm');
      if (!found) throw new Error('no confirmation');
      return found;
    });
    expect(popup.textContent).toContain('Delete this price alert?');
  });

  it('lists every alert with its state and deletes one after a confirmation', async () => {
    renderInApp(<PriceAlertsPage />, '/me/price-alerts');
    const waiting = await screen.findByTestId('price-alert-2');
    expect(waiting.textContent).toContain('ETHUSDT');
    expect(waiting.textContent).toContain('等待回穿');
    expect(waiting.textContent).toContain('跌到 2,000.50 · 每次都提醒');
    expect(waiting.textContent).toContain('已提醒 3 次');
    expect(screen.getByTestId('price-alert-1').textContent).toContain('监控中');
    expect(screen.getByTestId('price-alert-3').textContent).toContain('已触发');

    fireEvent.click(screen.getByTestId('price-alert-delete-2'));
    const popup = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-popconfirm');
      if (!found) throw new Error('no confirmation');
      return found;
    });
    fireEvent.click(within(popup).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByTestId('price-alert-2')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      '/api/user/price-alerts/2',
    ]);
  });

  it('sets one from the trade header: direction from the price typed, refusal on the field, then saved', async () => {
    renderWithAnt(
      <MemoryRouter>
        <TradeHeader product="spot" symbols={['BTCUSDT']} symbol="BTCUSDT" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('trade-last-price').textContent).toBe('95,000.00'));
    fireEvent.click(screen.getByTestId('price-alert-open'));
    const price = await screen.findByTestId('price-alert-price');
    fireEvent.change(price, { target: { value: '90000' } });
    // Below the last price: 跌到 is chosen for the user.
    await waitFor(() =>
      expect(
        screen.getByTestId('price-alert-direction').querySelector('.ant-segmented-item-selected')
          ?.textContent,
      ).toBe('价格跌到'),
    );
    fireEvent.change(price, { target: { value: '1.001' } });
    fireEvent.click(screen.getByTestId('price-alert-submit'));
    expect(await screen.findByText('提醒价格最多 2 位小数')).toBeTruthy();

    fireEvent.change(price, { target: { value: '96000' } });
    fireEvent.click(screen.getByText('每次都提醒'));
    fireEvent.click(screen.getByTestId('price-alert-submit'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
        symbol: 'BTCUSDT',
        direction: 'above',
        price: '96000',
        repeat: 'every',
      }),
    );
    expect(await screen.findByText('价格提醒已设置')).toBeTruthy();
  });
});
