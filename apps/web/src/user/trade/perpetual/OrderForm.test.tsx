import { DEFAULT_PERPETUAL_CONFIG, type PerpetualConfigData } from '@platform/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { readSkipOrderConfirm, writeSkipOrderConfirm } from '../../../lib/storage.ts';
import { mockApi, ok } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { makeOrder, usdtWallet } from '../../../test/fixtures.ts';
import { makePosition } from '../../../test/perpetualFixtures.ts';
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

/** BTCUSDT's tiers: up to 10,000 USDT at 100x (0.5 %), up to 50,000 at 20x (1 %); 20,000 USDT per user, 800 open. */
const RISK = {
  symbol: 'BTCUSDT',
  tiers: [
    { max_notional: '10000', max_leverage: 100, maintenance_margin_rate: '0.005' },
    { max_notional: '50000', max_leverage: 20, maintenance_margin_rate: '0.01' },
  ],
  user_cap: '20000',
  user_open_notional: '800',
};

function renderForm() {
  const { calls } = mockApi({
    'GET /api/wallet': () => ok(wallet),
    'GET /api/trading/perpetual/risk/BTCUSDT': () => ok(RISK),
    'POST /api/trading/perpetual/order': () =>
      ok(
        {
          order: makeOrder({ product: 'perpetual', side: 'long', type: null }),
          position: makePosition(),
          limit_order: null,
        },
        '开仓成功',
      ),
  });
  const view = renderWithAnt(
    <OrderForm config={CONFIG} symbol="BTCUSDT" base="BTC" ticker={undefined} openCount={0} />,
  );
  return Object.assign(() => calls.filter((c) => c.method === 'POST'), { unmount: view.unmount });
}

const submit = () => screen.getByTestId('perpetual-submit') as HTMLButtonElement;
/** The open 确认下单 sheet. */
const sheet = () => screen.findByTestId('perpetual-confirm');
const confirmButton = () => screen.getByTestId('perpetual-confirm-ok') as HTMLButtonElement;

/** 100 USDT at 20x on BTCUSDT, long. */
async function fillOrder() {
  await waitFor(() =>
    expect(screen.getByTestId('perpetual-available').textContent).toBe('可用 1,000.00 USDT'),
  );
  fireEvent.click(screen.getByTestId('perpetual-leverage-20'));
  fireEvent.change(screen.getByTestId('perpetual-margin'), { target: { value: '100' } });
}

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

  it('asks 确认下单 with margin, leverage, notional, liquidation price and fee before opening; 取消 sends nothing', async () => {
    const posts = renderForm();
    await fillOrder();
    fireEvent.click(submit());
    const shown = within(await sheet());
    const row = (label: string) => shown.getByText(label).closest('tr')?.textContent ?? '';
    expect(row('合约')).toContain('BTCUSDT 永续');
    expect(row('方向')).toContain('做多');
    expect(row('杠杆')).toContain('20x');
    expect(row('保证金')).toContain('100.00 USDT');
    // At 50,000 (the pair's price): 2,000 USDT of BTC, 0.04 BTC, fee 0.05 % of the notional.
    expect(row('仓位价值')).toContain('≈ 2,000.00 USDT');
    expect(row('数量')).toContain('≈ 0.04 BTC');
    // The engine's formula (packages/domain openTerms): 50,000 × (1 − 1/20) / (1 − 0.005), the form's preview.
    expect(row('预估强平价')).toContain('47,738.69');
    expect(screen.getByTestId('perpetual-preview-liquidation').textContent).toBe('47,738.69');
    expect(row('开仓手续费')).toContain('1.00 USDT');
    expect(row('合计扣除')).toContain('101.00 USDT');
    fireEvent.click(screen.getByTestId('perpetual-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('perpetual-confirm')).toBeNull());
    expect(posts()).toHaveLength(0);

    // 确认下单 sends the order as shown, once for a double tap, and the sheet closes with the answer.
    fireEvent.click(submit());
    await sheet();
    fireEvent.click(confirmButton());
    fireEvent.click(confirmButton());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 20 });
    await waitFor(() => expect(screen.queryByTestId('perpetual-confirm')).toBeNull());
    expect(await screen.findByText('开仓成功')).toBeTruthy();
  });

  it("keeps 不再提示 on this device apart from spot's: the next position opens at once, until it is turned back on", async () => {
    // Spot's choice does not skip a leveraged position's confirmation.
    writeSkipOrderConfirm('spot', true);
    const posts = renderForm();
    await fillOrder();
    fireEvent.click(submit());
    await sheet();
    fireEvent.click(screen.getByTestId('perpetual-confirm-skip'));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(readSkipOrderConfirm('perpetual')).toBe(true);
    posts.unmount();

    const again = renderForm();
    await fillOrder();
    fireEvent.click(submit());
    await waitFor(() => expect(again()).toHaveLength(1));
    expect(screen.queryByTestId('perpetual-confirm')).toBeNull();

    fireEvent.click(screen.getByTestId('perpetual-confirm-restore'));
    expect(readSkipOrderConfirm('perpetual')).toBe(false);
    expect(readSkipOrderConfirm('spot')).toBe(true);
    fireEvent.change(screen.getByTestId('perpetual-margin'), { target: { value: '100' } });
    fireEvent.click(submit());
    await sheet();
    expect(again()).toHaveLength(1);
  });

  it('places a limit order: asks its price, refuses a bad one, confirms 委托价格 and sends type limit', async () => {
    const posts = renderForm();
    await fillOrder();
    fireEvent.click(screen.getByText('限价'));
    expect(screen.getByTestId('perpetual-submit').textContent).toContain('限价开多');
    fireEvent.click(submit());
    expect(screen.getByTestId('perpetual-form-problem').textContent).toBe('请输入委托价格');
    const price = screen.getByTestId('perpetual-limit-price');
    fireEvent.change(price, { target: { value: '49000.123' } });
    expect(screen.getByTestId('perpetual-form-problem').textContent).toBe('委托价格最多 2 位小数');
    fireEvent.change(price, { target: { value: '0' } });
    expect(screen.getByTestId('perpetual-form-problem').textContent).toBe('委托价格必须大于0');
    fireEvent.change(price, { target: { value: '40000' } });
    expect(screen.queryByTestId('perpetual-form-problem')).toBeNull();
    // Previewed at the limit price: 2,000 USDT is 0.05 BTC at 40,000.
    expect(screen.getByTestId('perpetual-preview-notional').textContent).toBe('2,000.00 USDT');
    fireEvent.click(submit());
    const shown = within(await sheet());
    const row = (label: string) => shown.getByText(label).closest('tr')?.textContent ?? '';
    expect(row('委托类型')).toContain('限价');
    expect(row('委托价格')).toContain('40,000.00');
    expect(row('数量')).toContain('≈ 0.05 BTC');
    expect(row('合计扣除')).toContain('101.00 USDT');
    expect((await sheet()).textContent).toContain('指数价格跌至委托价格或以下时以该指数价格开仓');
    fireEvent.click(confirmButton());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'long',
      margin: '100',
      leverage: 20,
      type: 'limit',
      price: '40000',
    });
  });

  it("checks the pair's 档位 and the user's room as the server does, and prices the liquidation at the tier's rate", async () => {
    const posts = renderForm();
    await fillOrder();
    await waitFor(() =>
      expect(screen.getByTestId('perpetual-preview-tier').textContent).toBe('≤ 10,000 USDT 最高 100x'),
    );
    // 600 at 20x = 12,000 USDT: the second tier (20x at most, maintenance 1 %), liquidated at
    // 50,000 × (1 − 1/20) / (1 − 0.01) = 47,979.79… (at the product's 0.5 % it would be 47,738.69).
    fireEvent.change(screen.getByTestId('perpetual-margin'), { target: { value: '600' } });
    expect(screen.getByTestId('perpetual-preview-tier').textContent).toBe('≤ 50,000 USDT 最高 20x');
    expect(screen.getByTestId('perpetual-preview-liquidation').textContent).toBe('47,979.80');

    fireEvent.click(screen.getByTestId('perpetual-leverage-50'));
    fireEvent.click(submit());
    expect(screen.getByTestId('perpetual-form-problem').textContent).toBe(
      '仓位名义价值 30000 USDT 超过当前杠杆允许的上限，该档位最大杠杆为 20 倍',
    );
    // 980 at 20x = 19,600 USDT: within the tier, beyond the 19,200 left of the user's 20,000.
    fireEvent.click(screen.getByTestId('perpetual-leverage-20'));
    fireEvent.change(screen.getByTestId('perpetual-margin'), { target: { value: '980' } });
    expect(screen.getByTestId('perpetual-form-problem').textContent).toBe(
      '超过单用户该交易对持仓上限 20000 USDT，剩余可开 19200 USDT',
    );
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

describe('perpetual OrderForm in English', () => {
  it('shows the form, its preview, its own checks and the confirmation in English', async () => {
    applyLanguage('en');
    renderForm();
    await waitFor(() =>
      expect(screen.getByTestId('perpetual-available').textContent).toBe('Available 1,000.00 USDT'),
    );
    fireEvent.click(screen.getByTestId('perpetual-leverage-20'));
    // The domain's refusal of what is typed, said by its kind.
    fireEvent.change(screen.getByTestId('perpetual-margin'), { target: { value: '-50' } });
    fireEvent.click(submit());
    expect(screen.getByTestId('perpetual-form-problem').textContent).toBe('The margin cannot be negative');
    // The contracts' own refusal, in their catalogue's English.
    fireEvent.change(screen.getByTestId('perpetual-margin'), { target: { value: '5' } });
    fireEvent.click(submit());
    expect(screen.getByTestId('perpetual-form-problem').textContent).toBe(
      'The margin cannot be below 10 USDT',
    );
    fireEvent.change(screen.getByTestId('perpetual-margin'), { target: { value: '100' } });
    await waitFor(() =>
      expect(screen.getByTestId('perpetual-preview-tier').textContent).toBe('≤ 10,000 USDT up to 100x'),
    );
    const form = screen.getByTestId('perpetual-order-form');
    expect(within(form).getByText('Leverage')).toBeTruthy();
    expect(within(form).getByText('Liquidation price (est.)')).toBeTruthy();
    expect(screen.getByTestId('perpetual-submit').textContent).toBe('Open long BTCUSDT');
    expect(chineseIn(form)).toEqual([]);

    fireEvent.click(screen.getByText('Limit'));
    expect(screen.getByTestId('perpetual-submit').textContent).toBe('Open long at limit BTCUSDT');
    fireEvent.click(submit());
    expect(screen.getByTestId('perpetual-form-problem').textContent).toBe('Enter the limit price');
    fireEvent.change(screen.getByTestId('perpetual-limit-price'), { target: { value: '49000.123' } });
    expect(screen.getByTestId('perpetual-form-problem').textContent).toBe(
      'Limit price: at most 2 decimal places',
    );
    expect(chineseIn(form)).toEqual([]);
    fireEvent.change(screen.getByTestId('perpetual-limit-price'), { target: { value: '40000' } });

    fireEvent.click(submit());
    const shown = await sheet();
    const row = (label: string) => within(shown).getByText(label).closest('tr')?.textContent ?? '';
    expect(row('Contract')).toContain('BTCUSDT Perpetual');
    expect(row('Side')).toContain('Long');
    expect(row('Order type')).toContain('Limit');
    expect(row('Limit price')).toContain('40,000.00');
    expect(chineseIn(shown)).toEqual([]);
  });
});
