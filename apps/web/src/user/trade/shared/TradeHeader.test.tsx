import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/api.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import { ticker } from '../../markets/testing.tsx';
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
    await waitFor(() => expect(price.textContent).toBe('95,000.0000'));
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
});
