import type { TradeOrder, TradingPair } from '@platform/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/request.ts';
import { readSkipOrderConfirm, writeSkipOrderConfirm } from '../../../lib/storage.ts';
import { chineseIn } from '../../../test/chinese.ts';
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
const inputValue = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;
/** The open 确认下单 sheet. */
const sheet = () => screen.findByTestId('spot-confirm');
const confirmButton = () => screen.getByTestId('spot-confirm-ok') as HTMLButtonElement;

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

  it('refuses "-5" typed as a price with a message, keeps what was typed and sends nothing', async () => {
    const place = vi.fn();
    renderWithAnt(<Harness place={place} />);
    type('spot-price', '-5');
    type('spot-amount', '1');
    // Said as it is typed, not turned into 5.
    expect(await screen.findByText('价格不能为负数')).toBeTruthy();
    expect(inputValue('spot-price')).toBe('-5');
    expect(screen.getByTestId('spot-total').textContent).toBe('--');
    fireEvent.click(screen.getByTestId('spot-submit'));
    expect(screen.queryByTestId('spot-confirm')).toBeNull();
    type('spot-amount', '1.23456');
    expect(await screen.findByText('数量最多 4 位小数')).toBeTruthy();
    type('spot-amount', '1,5');
    expect(await screen.findByText('数量格式不正确，请输入数字（如 12.5）')).toBeTruthy();
    expect(place).not.toHaveBeenCalled();
  });

  it('asks 确认下单 with the terms and the cost before sending, and sends nothing on 取消', async () => {
    const place = vi.fn().mockResolvedValue({
      order: { status: 'pending', avg_price: null } as TradeOrder,
      message: '下单成功',
    });
    renderWithAnt(<Harness place={place} />);
    type('spot-price', '100');
    type('spot-amount', '2');
    fireEvent.click(screen.getByTestId('spot-submit'));
    const shown = within(await sheet());
    expect(shown.getByText('BTCUSDT')).toBeTruthy();
    expect(shown.getByText('买入')).toBeTruthy();
    expect(shown.getByText('限价')).toBeTruthy();
    expect(shown.getByText('100.00 USDT')).toBeTruthy();
    expect(shown.getByText('2 BTC')).toBeTruthy();
    expect(shown.getByText('200.00 USDT')).toBeTruthy();
    expect(shown.getByText('0.20 USDT')).toBeTruthy();
    expect(shown.getByText('200.20 USDT')).toBeTruthy();
    fireEvent.click(screen.getByTestId('spot-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('spot-confirm')).toBeNull());
    expect(place).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('spot-submit'));
    await sheet();
    fireEvent.click(confirmButton());
    await waitFor(() => expect(place).toHaveBeenCalledTimes(1));
    expect(place).toHaveBeenCalledWith({ ...EMPTY_DRAFT, price: '100', amount: '2' });
    expect(await screen.findByText('下单成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('spot-confirm')).toBeNull());
  });

  it('keeps 不再提示 on this device: the next order goes without the sheet, until it is turned back on', async () => {
    const place = vi.fn().mockResolvedValue({
      order: { status: 'pending', avg_price: null } as TradeOrder,
      message: '下单成功',
    });
    const first = renderWithAnt(<Harness place={place} />);
    type('spot-price', '100');
    type('spot-amount', '1');
    fireEvent.click(screen.getByTestId('spot-submit'));
    await sheet();
    fireEvent.click(screen.getByTestId('spot-confirm-skip'));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(place).toHaveBeenCalledTimes(1));
    expect(readSkipOrderConfirm('spot')).toBe(true);
    first.unmount();

    renderWithAnt(<Harness place={place} />);
    type('spot-price', '100');
    type('spot-amount', '1');
    fireEvent.click(screen.getByTestId('spot-submit'));
    await waitFor(() => expect(place).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('spot-confirm')).toBeNull();

    fireEvent.click(screen.getByTestId('spot-confirm-restore'));
    expect(readSkipOrderConfirm('spot')).toBe(false);
    type('spot-amount', '1');
    fireEvent.click(screen.getByTestId('spot-submit'));
    await sheet();
    expect(place).toHaveBeenCalledTimes(2);
  });

  it('sends and reports a double tap on 确认下单 once, before the button shows that it is placing', async () => {
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
    await sheet();
    fireEvent.click(confirmButton());
    fireEvent.click(confirmButton());
    await waitFor(() => expect(place).toHaveBeenCalledTimes(1));
    answer({ order: { status: 'pending', avg_price: null } as TradeOrder, message: '下单成功' });
    expect(await screen.findByText('下单成功')).toBeTruthy();
    expect(screen.getAllByText('下单成功')).toHaveLength(1);
    expect(place).toHaveBeenCalledTimes(1);
  });

  it('sends a checked order and shows the server refusal as it comes', async () => {
    writeSkipOrderConfirm('spot', true);
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
    await waitFor(() => expect(inputValue('spot-amount')).toBe(''));
  });

  it('disables 买入 and 确认下单 while the app is disconnected, and sends nothing', async () => {
    const place = vi.fn();
    renderWithAnt(<Harness place={place} />);
    type('spot-price', '100');
    type('spot-amount', '1');
    fireEvent.click(screen.getByTestId('spot-submit'));
    await sheet();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(confirmButton().disabled).toBe(true);
      expect(screen.getByTestId('spot-confirm-offline').textContent).toContain('网络已断开');
      fireEvent.click(confirmButton());
      fireEvent.click(screen.getByTestId('spot-confirm-cancel'));
      await waitFor(() => expect(screen.queryByTestId('spot-confirm')).toBeNull());
      expect((screen.getByTestId('spot-submit') as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(screen.getByTestId('spot-submit'));
      expect(screen.queryByTestId('spot-confirm')).toBeNull();
    } finally {
      online.mockRestore();
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    }
    expect(place).not.toHaveBeenCalled();
    expect((screen.getByTestId('spot-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('speaks English: the guest buttons, the form, its checks and the confirmation', async () => {
    applyLanguage('en');
    const noChinese = (text: string | null | undefined) => expect(chineseIn(text)).toEqual([]);
    const guest = renderWithAnt(<Harness signedIn={false} balances={undefined} />);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
    noChinese(guest.container.textContent);
    guest.unmount();

    const place = vi.fn();
    const { container } = renderWithAnt(<Harness place={place} />);
    expect(screen.getByTestId('spot-side-buy').textContent).toBe('Buy');
    expect(screen.getByTestId('spot-side-sell').textContent).toBe('Sell');
    expect(screen.getByText('Limit')).toBeTruthy();
    expect(screen.getByText('Market')).toBeTruthy();
    expect(screen.getByText('Price (USDT)')).toBeTruthy();
    expect(screen.getByText('Amount (BTC)')).toBeTruthy();
    expect(screen.getByPlaceholderText('Min 0.001')).toBeTruthy();
    expect(screen.getByText('Available')).toBeTruthy();
    expect(screen.getByTestId('spot-submit').textContent).toBe('Buy BTC');
    noChinese(container.textContent);

    fireEvent.click(screen.getByTestId('spot-submit'));
    expect(await screen.findByText('Enter the price')).toBeTruthy();
    expect(screen.getByText('Enter the amount')).toBeTruthy();
    type('spot-price', '-5');
    expect(await screen.findByText('The price cannot be negative')).toBeTruthy();
    type('spot-price', '100');
    type('spot-amount', '1,5');
    expect(await screen.findByText('The amount is not a valid number (e.g. 12.5)')).toBeTruthy();
    type('spot-amount', '20');
    expect(screen.getByTestId('spot-balance-error').textContent).toBe(
      'Insufficient balance, available 1,000.00 USDT',
    );
    type('spot-amount', '0.0005');
    await waitFor(() => noChinese(container.textContent));

    type('spot-amount', '2');
    fireEvent.click(screen.getByTestId('spot-submit'));
    const shown = await sheet();
    expect(screen.getByText('Confirm order', { selector: '.ant-modal-title' })).toBeTruthy();
    expect(shown.textContent).toContain('DirectionBuy');
    expect(shown.textContent).toContain('TypeLimit');
    expect(shown.textContent).toContain('Total (fee included)200.20 USDT');
    expect(screen.getByText('Don’t ask again')).toBeTruthy();
    noChinese(document.querySelector('.ant-modal')?.textContent);
    expect(place).not.toHaveBeenCalled();
  });
});
