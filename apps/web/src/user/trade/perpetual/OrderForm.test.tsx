import { DEFAULT_PERPETUAL_CONFIG, type PerpetualConfigData } from '@platform/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/api.ts';
import { usdtWallet } from '../../../test/fixtures.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import { OrderForm } from './OrderForm.tsx';

// Cast: the pair's fields grow with the perpetual screen; these are the ones the form reads.
const BTC = {
  symbol: 'BTCUSDT',
  base_currency: 'BTC',
  quote_currency: 'USDT',
  price_precision: 2,
  price: '50000',
  price_at: null,
} as PerpetualConfigData['pairs'][number];
const CONFIG: PerpetualConfigData = { ...DEFAULT_PERPETUAL_CONFIG, currency: 'USDT', pairs: [BTC] };
const wallet = usdtWallet('1000');

function renderForm() {
  const { calls } = mockApi({ 'GET /api/wallet': () => ok(wallet) });
  renderWithAnt(<OrderForm config={CONFIG} symbol="BTCUSDT" base="BTC" ticker={undefined} openCount={0} />);
  return () => calls.filter((c) => c.method === 'POST');
}

const submit = () => screen.getByTestId('perpetual-submit') as HTMLButtonElement;

describe('perpetual OrderForm', () => {
  it('refuses a negative margin with a message instead of reading it as positive', async () => {
    const posts = renderForm();
    await waitFor(() =>
      expect(screen.getByTestId('perpetual-available').textContent).toBe('可用 1,000.00 USDT'),
    );
    const margin = screen.getByTestId('perpetual-margin') as HTMLInputElement;
    fireEvent.change(margin, { target: { value: '-50' } });
    fireEvent.click(submit());
    expect(screen.getByTestId('perpetual-form-problem').textContent).toBe('保证金不能为负数');
    expect(margin.value).toBe('-50');
    expect(posts()).toHaveLength(0);
  });

  it('disables 开多 while the browser is offline', async () => {
    const posts = renderForm();
    fireEvent.change(screen.getByTestId('perpetual-margin'), { target: { value: '100' } });
    expect(submit().disabled).toBe(false);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(submit().disabled).toBe(true);
      fireEvent.click(submit());
    } finally {
      online.mockRestore();
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    }
    expect(posts()).toHaveLength(0);
    expect(submit().disabled).toBe(false);
  });
});
