import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { mockApi, ok } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { usdtWallet } from '../../../test/fixtures.ts';
import { confirmDialog, renderWithAnt } from '../../../test/render.tsx';
import { TimedOrderForm } from './TimedOrderForm.tsx';

const wallet = usdtWallet('1000');

function renderForm(place = vi.fn()) {
  mockApi({ 'GET /api/wallet': () => ok(wallet) });
  return {
    place,
    ...renderWithAnt(
      <MemoryRouter>
        <TimedOrderForm
          product="flash"
          signedIn
          symbol="BTCUSDT"
          directions={['up', 'down'] as const}
          currency="USDT"
          minStake="10"
          maxStake="50000"
          rate="0.1"
          summary={[]}
          terms={{ duration: 30 }}
          place={place}
          onPlaced={() => {}}
        >
          {null}
        </TimedOrderForm>
      </MemoryRouter>,
    ),
  };
}

const stake = (value: string) => fireEvent.change(screen.getByTestId('stake-input'), { target: { value } });
const button = () => screen.getByTestId('place-order') as HTMLButtonElement;

function goOffline() {
  const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  return () => {
    online.mockRestore();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
  };
}

describe('TimedOrderForm', () => {
  it('refuses a negative stake with a message and keeps it as typed', async () => {
    const { place } = renderForm();
    await screen.findByTestId('available-balance');
    stake('-20');
    expect(screen.getByTestId('stake-problem').textContent).toBe('投注金额不能为负数');
    expect((screen.getByTestId('stake-input') as HTMLInputElement).value).toBe('-20');
    expect(button().disabled).toBe(true);
    expect(place).not.toHaveBeenCalled();
  });

  it('disables 下单 while disconnected, and a confirmation left open then sends nothing', async () => {
    const { place } = renderForm();
    await screen.findByTestId('available-balance');
    stake('20');
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    const dialog = await confirmDialog();
    const back = goOffline();
    try {
      expect(button().disabled).toBe(true);
      fireEvent.click(dialog.querySelector('[data-testid="confirm-order"]') as HTMLElement);
      expect(await screen.findByText('网络已断开，请恢复连接后再试')).toBeTruthy();
    } finally {
      back();
    }
    expect(place).not.toHaveBeenCalled();
    await waitFor(() => expect(button().disabled).toBe(false));
  });

  it('speaks English: the stake, its checks, the win preview and the confirmation', async () => {
    applyLanguage('en');
    const { container } = renderForm();
    await screen.findByTestId('available-balance');
    expect(container.textContent).toContain('Stake');
    expect(container.textContent).toContain('Available 1,000.00 USDT Deposit');
    expect(container.textContent).toContain('Per order 10 - 50000 USDT');
    expect(screen.getByTestId('quick-all').textContent).toBe('Max');
    expect(button().textContent).toBe('Up');
    expect(chineseIn(container)).toEqual([]);
    stake('-20');
    expect(screen.getByTestId('stake-problem').textContent).toBe('The stake cannot be negative');
    stake('5');
    expect(screen.getByTestId('stake-problem').textContent).toBe('The stake cannot be below 10 USDT');
    stake('');
    stake('20');
    fireEvent.click(button());
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('PairBTCUSDT');
    expect(dialog.textContent).toContain('Payout if you win22.00 USDT');
    expect(chineseIn(dialog)).toEqual([]);
  });
});
