import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/api.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import { pair, ticker } from '../../markets/testing.tsx';
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
