import { type TradeProduct, tradeProducts } from '@platform/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { mockApi, ok } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { jsonResponse, makeFeedStatus, makeUser, SIMULATED_FEED } from '../../../test/fixtures.ts';
import { renderWithAnt, signIn } from '../../../test/render.tsx';
import { pair, ticker } from '../../markets/testing.tsx';
import { SIMULATED_POLL_MS } from './SimulatedNotice.tsx';
import { TradeHeader } from './TradeHeader.tsx';

describe('TradeHeader', () => {
  it('marks the last price as stale while the app is disconnected', async () => {
    mockApi({
      'GET /api/trading/markets': () => ok({ markets: [ticker('BTCUSDT', '1.5', '100', '95000')] }),
    });
    renderWithAnt(
      <MemoryRouter>
        <TradeHeader product="spot" symbols={['BTCUSDT']} symbol="BTCUSDT" />
      </MemoryRouter>,
    );
    const price = screen.getByTestId('trade-last-price');
    // No pair list (the call fails): the price's places follow its size.
    await waitFor(() => expect(price.textContent).toBe('95,000.00'), { timeout: 15_000 });
    expect(price.dataset.stale).toBeUndefined();
    expect(screen.queryByTestId('trade-price-stale')).toBeNull();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(screen.getByTestId('trade-price-stale').textContent).toBe('行情已断开');
      expect(price.dataset.stale).toBe('true');
    } finally {
      online.mockRestore();
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    }
    expect(screen.queryByTestId('trade-price-stale')).toBeNull();
  });

  it('shows the last price with the pair’s own price precision, in the header and the pair list', async () => {
    mockApi({
      'GET /api/trading/markets': () =>
        ok({
          markets: [ticker('BTCUSDT', '1.5', '100', '95000.06'), ticker('DOGEUSDT', '1', '10', '0.123456')],
        }),
      'GET /api/trading/pairs': () =>
        ok({
          pairs: [pair('BTC', 'USDT', { price_precision: 1 }), pair('DOGE', 'USDT', { price_precision: 5 })],
        }),
    });
    renderWithAnt(
      <MemoryRouter>
        <TradeHeader product="spot" symbols={['BTCUSDT', 'DOGEUSDT']} symbol="BTCUSDT" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('trade-last-price').textContent).toBe('95,000.1'));
    act(() => screen.getByTestId('pair-switcher').click());
    const doge = await screen.findByTestId('pair-option-DOGEUSDT');
    await waitFor(() => expect(doge.textContent).toContain('0.12346'));
  });
});

describe('TradeHeader in English', () => {
  const noChinese = (text: string | null | undefined) => expect(chineseIn(text)).toEqual([]);

  it('names the products, the pair list, the stale price, the simulated notice and the price alert in English', async () => {
    applyLanguage('en');
    signIn(makeUser());
    mockApi({
      'GET /api/trading/markets': () => ok({ markets: [ticker('BTCUSDT', '1.5', '100', '95000')] }),
      'GET /api/huobi/status': () => ok(makeFeedStatus(SIMULATED_FEED)),
      'GET /api/user/price-alerts': () => ok({ alerts: [] }),
    });
    const { container } = renderWithAnt(
      <MemoryRouter>
        <TradeHeader product="spot" symbols={['BTCUSDT', 'ETHUSDT']} symbol="BTCUSDT" />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('simulated-notice')).textContent).toBe(
      'Simulated market, for demonstration only',
    );
    // The switch's short names fit a phone's width (Flash contract elsewhere).
    for (const name of ['Spot', 'Flash', 'Perpetual', 'Options']) expect(screen.getByText(name)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('trade-last-price').textContent).toBe('95,000.00'));
    noChinese(container.textContent);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(screen.getByTestId('trade-price-stale').textContent).toBe('Market data disconnected');
    } finally {
      online.mockRestore();
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    }

    act(() => screen.getByTestId('pair-switcher').click());
    expect(await screen.findByText('Select pair')).toBeTruthy();
    expect(screen.getByPlaceholderText('Search pairs')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search pairs'), { target: { value: 'XRP' } });
    expect(await screen.findByText('No matching pairs')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Set a price alert for BTCUSDT' }));
    expect(await screen.findByText('BTCUSDT price alert')).toBeTruthy();
    expect(screen.getByText('Price rises to')).toBeTruthy();
    expect(screen.getByText('Only once')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set alert' })).toBeTruthy();
    expect(screen.getByTestId('price-alert-manage').textContent).toBe('Manage price alerts');
    noChinese(document.body.textContent);
    fireEvent.click(screen.getByTestId('price-alert-submit'));
    expect(await screen.findByText('Enter the alert price')).toBeTruthy();
  });
});

describe('SimulatedNotice', () => {
  const renderHeader = (product: TradeProduct) =>
    renderWithAnt(
      <MemoryRouter>
        <TradeHeader product={product} symbols={['BTCUSDT']} symbol="BTCUSDT" />
      </MemoryRouter>,
    );

  it('says 模拟行情，仅供演示 on every trade screen while prices are simulated, with no way to close it', async () => {
    const api = mockApi({ 'GET /api/huobi/status': () => ok(makeFeedStatus(SIMULATED_FEED)) });
    for (const product of tradeProducts) {
      const { unmount } = renderHeader(product);
      const notice = await screen.findByTestId('simulated-notice');
      expect(notice.textContent).toBe('模拟行情，仅供演示');
      expect(notice.className).toContain('ant-alert-warning');
      expect(notice.querySelector('.ant-alert-close-icon')).toBeNull();
      // In the page's flow, above the product switch: it covers no control.
      expect(getComputedStyle(notice).position).not.toBe('fixed');
      expect(screen.getByTestId('trade-header').firstElementChild).toBe(notice);
      unmount();
    }
    expect(api.calls.filter((c) => c.url.pathname === '/api/huobi/status').length).toBe(tradeProducts.length);
  });

  it('shows nothing with real venues, or while the status cannot be read', async () => {
    const api = mockApi({ 'GET /api/huobi/status': () => ok(makeFeedStatus()) });
    const { unmount } = renderHeader('flash');
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname === '/api/huobi/status')).toBe(true));
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('simulated-notice')).toBeNull();
    unmount();

    api.handlers['GET /api/huobi/status'] = () =>
      jsonResponse({ success: false, message: '服务不可用' }, 503);
    renderHeader('perpetual');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url.pathname === '/api/huobi/status')).toHaveLength(2),
    );
    expect(screen.queryByTestId('simulated-notice')).toBeNull();
  });

  it('asks again every few minutes, so a server that stops simulating drops the notice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let simulated = true;
      mockApi({
        'GET /api/huobi/status': () => ok(makeFeedStatus(simulated ? SIMULATED_FEED : {})),
      });
      renderHeader('spot');
      await screen.findByTestId('simulated-notice');
      simulated = false;
      await act(() => vi.advanceTimersByTimeAsync(SIMULATED_POLL_MS));
      await waitFor(() => expect(screen.queryByTestId('simulated-notice')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });
});
