import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { makeOrder } from '../../../test/fixtures.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import { pair, ticker } from '../../markets/testing.tsx';
import { MarketStats } from './MarketStats.tsx';
import { OrderBookPanel } from './OrderBookPanel.tsx';
import { OrderList, OrdersSignIn } from './OrdersPanel.tsx';
import { TradesPanel } from './TradesPanel.tsx';

const btc = pair('BTC', 'USDT', { price_precision: 2, amount_precision: 4 });
const noChinese = (text: string | null | undefined) => expect(chineseIn(text)).toEqual([]);

describe('the spot panels in English', () => {
  it('label the stats, the book, the trades and the orders in English', () => {
    applyLanguage('en');
    const { container } = renderWithAnt(
      <>
        <MarketStats ticker={ticker('BTCUSDT', '1', '100', '95000')} pair={btc} />
        <OrderBookPanel
          book={
            {
              symbol: 'BTCUSDT',
              asks: [['100', '5']],
              bids: [['99', '5']],
              source: 'sim',
              updated_at: '',
            } as never
          }
          loading={false}
          error={null}
          onRetry={() => {}}
          pricePrecision={2}
          amountPrecision={4}
          rows={5}
          lastPrice="99.5"
          lastPriceColor={undefined}
          onPickPrice={() => {}}
        />
        <TradesPanel
          trades={{ symbol: 'BTCUSDT', trades: [], source: 'sim', updated_at: '' } as never}
          loading={false}
          error={null}
          onRetry={() => {}}
          pricePrecision={2}
          amountPrecision={4}
        />
        <OrderList
          orders={[makeOrder({ id: 7, type: 'limit', price: '50000', status: 'pending' })]}
          loading={false}
          error={null}
          onRetry={() => {}}
          errorTitle="-"
          empty="-"
          pair={btc}
          onCancel={() => {}}
          testId="open"
        />
        <OrdersSignIn onLogin={() => {}} />
      </>,
    );
    expect(screen.getByTestId('spot-stats').textContent).toContain('24h High');
    expect(screen.getByTestId('spot-stats').textContent).toContain('24h Vol(BTC)');
    expect(screen.getAllByRole('button', { name: /^Use [\d.]+ as the price$/ })).toHaveLength(2);
    expect(screen.getByText('No trades yet')).toBeTruthy();
    const order = screen.getByTestId('spot-order-7').textContent;
    expect(order).toContain('Limit Buy');
    expect(order).toContain('Open');
    expect(order).toContain('Price(USDT)50,000.00');
    expect(order).toContain('Avg. price');
    expect(screen.getByTestId('order-cancel').textContent).toBe('Cancel');
    expect(screen.getByText('Log in to see your orders')).toBeTruthy();
    noChinese(container.textContent);
  });

  it('say a failed load in English, with Retry', () => {
    applyLanguage('en');
    const { container } = renderWithAnt(
      <TradesPanel
        trades={undefined}
        loading={false}
        error={new Error('x')}
        onRetry={() => {}}
        pricePrecision={2}
        amountPrecision={4}
      />,
    );
    expect(screen.getByText('Could not load the recent trades')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    noChinese(container.textContent);
  });
});
