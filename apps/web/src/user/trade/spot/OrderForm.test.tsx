import type { TradeOrder, TradingPair } from '@platform/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/request.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import { OrderForm, type OrderFormProps } from './OrderForm.tsx';
import { EMPTY_DRAFT, type OrderDraft } from './orderForm.ts';

const pair: TradingPair = {
  id: 1,
  symbol: 'BTCUSDT',
  base_currency: 'BTC',
  quote_currency: 'USDT',
  logo_url: null,
  current_price: '100',
  price_change_24h: '0',
  volume_24h: '0',
  price_precision: 2,
  amount_precision: 4,
  min_amount: '0.001',
  fee_rate: '0.001',
  enabled: true,
  source: 'sim',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const book = {
  symbol: 'BTCUSDT',
  asks: [['100', '5']],
  bids: [['99', '5']],
  source: 'sim',
  updated_at: '',
} as never;

function Harness(props: Partial<OrderFormProps>) {
  const [draft, setDraft] = useState<OrderDraft>(EMPTY_DRAFT);
  return (
    <MemoryRouter>
      <OrderForm
        pair={pair}
        draft={draft}
        onDraftChange={(change) => setDraft((d) => ({ ...d, ...change }))}
        book={book}
        balances={new Map([['USDT', '1000']])}
        signedIn
        place={vi.fn()}
        placing={false}
        {...props}
      />
    </MemoryRouter>
  );
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('OrderForm', () => {
  it('offers 登录 and 注册 to a guest instead of the submit button', () => {
    renderWithAnt(<Harness signedIn={false} balances={undefined} />);
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '注册' })).toBeTruthy();
    expect(screen.queryByTestId('spot-submit')).toBeNull();
  });

  it('says what is missing before sending anything', async () => {
    const place = vi.fn();
    renderWithAnt(<Harness place={place} />);
    fireEvent.click(screen.getByTestId('spot-submit'));
    expect(await screen.findByText('请输入价格')).toBeTruthy();
    expect(screen.getByText('请输入数量')).toBeTruthy();
    type('spot-price', '100');
    type('spot-amount', '0.0005');
    expect(await screen.findByText('数量不能小于最小下单量 0.001 BTC')).toBeTruthy();
    expect(place).not.toHaveBeenCalled();
  });

  it('shows the total, fee and balance problem as the user types, and fills a share of the balance', async () => {
    renderWithAnt(<Harness />);
    type('spot-price', '100');
    type('spot-amount', '20');
    expect(screen.getByTestId('spot-total').textContent).toBe('2,000.00 USDT');
    expect(screen.getByTestId('spot-fee').textContent).toBe('2.00 USDT');
    expect(screen.getByTestId('spot-balance-error').textContent).toBe('余额不足，可用 1,000.00 USDT');
    fireEvent.click(screen.getByTestId('spot-percent-50'));
    await waitFor(() => expect((screen.getByTestId('spot-amount') as HTMLInputElement).value).toBe('4.9950'));
    expect(screen.queryByTestId('spot-balance-error')).toBeNull();
  });

  it('sends and reports a double tap once, before the button shows that it is placing', async () => {
    let answer: (value: { order: TradeOrder; message: string }) => void = () => {};
    const place = vi.fn(
      () =>
        new Promise<{ order: TradeOrder; message: string }>((resolve) => {
          answer = resolve;
        }),
    );
    renderWithAnt(<Harness place={place} />);
    fireEvent.click(screen.getByText('市价'));
    type('spot-amount', '1');
    fireEvent.click(screen.getByTestId('spot-submit'));
    fireEvent.click(screen.getByTestId('spot-submit'));
    await waitFor(() => expect(place).toHaveBeenCalledTimes(1));
    answer({ order: { status: 'pending', avg_price: null } as TradeOrder, message: '下单成功' });
    expect(await screen.findByText('下单成功')).toBeTruthy();
    expect(screen.getAllByText('下单成功')).toHaveLength(1);
    expect(place).toHaveBeenCalledTimes(1);
  });

  it('sends a checked order and shows the server refusal as it comes', async () => {
    const place = vi.fn().mockRejectedValueOnce(new ApiError('市场深度不足', 422, 'http'));
    place.mockResolvedValueOnce({
      order: { status: 'filled', avg_price: '100.00' } as TradeOrder,
      message: '下单成功',
    });
    renderWithAnt(<Harness place={place} />);
    fireEvent.click(screen.getByText('市价'));
    type('spot-amount', '1');
    expect(screen.getByTestId('spot-total').textContent).toBe('≈ 100.00 USDT');
    fireEvent.click(screen.getByTestId('spot-submit'));
    expect(await screen.findByText('市场深度不足')).toBeTruthy();
    expect(place).toHaveBeenCalledWith({ ...EMPTY_DRAFT, type: 'market', amount: '1' });
    fireEvent.click(screen.getByTestId('spot-submit'));
    expect(await screen.findByText('下单成功，成交均价 100.00')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('spot-amount') as HTMLInputElement).value).toBe(''));
  });
});
