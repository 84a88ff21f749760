import { describe, expect, it } from 'vitest';
import {
  amountForPercent,
  checkOrder,
  EMPTY_DRAFT,
  type OrderDraft,
  type PairRules,
  startingPrice,
} from './orderForm.ts';

const pair: PairRules = {
  symbol: 'BTCUSDT',
  base_currency: 'BTC',
  quote_currency: 'USDT',
  min_amount: '0.0001',
  amount_precision: 4,
  price_precision: 2,
  fee_rate: '0.001',
};
const book = {
  asks: [
    ['100.5', '1'],
    ['100', '2'],
  ] as [string, string][],
  bids: [
    ['99', '1'],
    ['98', '5'],
  ] as [string, string][],
};
const draft = (d: Partial<OrderDraft>): OrderDraft => ({ ...EMPTY_DRAFT, ...d });
const str = (d: { toFixed(): string } | null) => d?.toFixed() ?? null;

describe('checkOrder', () => {
  it('asks for the price and the amount', () => {
    const check = checkOrder(draft({}), pair, {});
    expect(check.errors).toEqual({ price: '请输入价格', amount: '请输入数量' });
    expect(check.body).toBeNull();
    // Nothing to say while the user has not typed yet.
    expect(check.typingErrors).toEqual({});
  });

  it('refuses "-5" as a price instead of reading it as 5 (issue 20), and says so while typing', () => {
    const check = checkOrder(draft({ price: '-5', amount: '1' }), pair, { available: '1000' });
    expect(check.errors).toEqual({ price: '价格不能为负数' });
    expect(check.typingErrors).toEqual({ price: '价格不能为负数' });
    expect(check.body).toBeNull();
    expect(check.total).toBeNull();
    for (const amount of ['-1', '1e2', '1,5', '.5', '+1']) {
      const refused = checkOrder(draft({ price: '100', amount }), pair, {});
      expect(refused.errors.amount, amount).toBeTruthy();
      expect(refused.body).toBeNull();
    }
    expect(checkOrder(draft({ price: '100', amount: '-1' }), pair, {}).errors.amount).toBe('数量不能为负数');
  });

  it('keeps what is half-typed quiet until the order is tried', () => {
    for (const price of ['0', '0.', '100.']) {
      const check = checkOrder(draft({ price, amount: '1' }), pair, {});
      expect(check.errors.price, price).toBeTruthy();
      expect(check.typingErrors.price, price).toBeUndefined();
    }
    expect(checkOrder(draft({ price: '100.123', amount: '1' }), pair, {}).typingErrors).toEqual({
      price: '价格最多 2 位小数',
    });
  });

  it('computes a limit buy: total, fee on top, what it freezes', () => {
    const check = checkOrder(draft({ price: '100', amount: '1.5' }), pair, { available: '1000' });
    expect(check.errors).toEqual({});
    expect(str(check.total)).toBe('150');
    expect(str(check.fee)).toBe('0.15');
    expect(str(check.cost)).toBe('150.15');
    expect(check.costCurrency).toBe('USDT');
    expect(check.body).toEqual({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '1.5',
      price: '100',
    });
  });

  it('refuses what the server would: precision, minimum, zero, balance', () => {
    expect(checkOrder(draft({ price: '100.123', amount: '1' }), pair, {}).errors.price).toBe(
      '价格最多 2 位小数',
    );
    expect(checkOrder(draft({ price: '100', amount: '1.00001' }), pair, {}).errors.amount).toBe(
      '数量最多 4 位小数',
    );
    expect(checkOrder(draft({ price: '100', amount: '0.00005' }), pair, {}).errors.amount).toBe(
      '数量最多 4 位小数',
    );
    expect(
      checkOrder(draft({ price: '100', amount: '0.00001' }), { ...pair, amount_precision: 5 }, {}).errors,
    ).toEqual({ amount: '数量不能小于最小下单量 0.0001 BTC' });
    expect(checkOrder(draft({ price: '0', amount: '1' }), pair, {}).errors.price).toBe('价格必须大于0');
    const poor = checkOrder(draft({ price: '100', amount: '1' }), pair, { available: '100.05' });
    expect(poor.errors.balance).toBe('余额不足，可用 100.05 USDT');
    expect(poor.body).toBeNull();
    // Exactly enough (fee included) is enough.
    expect(checkOrder(draft({ price: '100', amount: '1' }), pair, { available: '100.1' }).errors).toEqual({});
  });

  it('checks a sell against the base currency', () => {
    const check = checkOrder(draft({ side: 'sell', price: '100', amount: '2' }), pair, { available: '1.5' });
    expect(check.costCurrency).toBe('BTC');
    expect(str(check.cost)).toBe('2');
    expect(check.errors.balance).toBe('余额不足，可用 1.50 BTC');
  });

  it('estimates a market order by walking the book, best level first', () => {
    const buy = checkOrder(draft({ type: 'market', price: 'ignored', amount: '2.5' }), pair, { book });
    expect(buy.errors).toEqual({});
    // 2 at 100, 0.5 at 100.5
    expect(str(buy.total)).toBe('250.25');
    expect(str(buy.fee)).toBe('0.25025');
    expect(buy.body).toEqual({ symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '2.5' });
    const sell = checkOrder(draft({ side: 'sell', type: 'market', amount: '2' }), pair, { book });
    expect(str(sell.total)).toBe('197');
    const thin = checkOrder(draft({ type: 'market', amount: '4' }), pair, { book });
    expect(thin.errors.amount).toBe('市场深度不足');
    const blind = checkOrder(draft({ type: 'market', amount: '1' }), pair, {});
    expect(blind.errors.amount).toBe('行情暂不可用，请稍后再试');
  });

  it('estimates what the server fills: book levels cut to the lot size first (issue 21)', () => {
    // The engine cannot fill 0.00009 at 3000 with lots of 0.0001, so all 0.5 comes from 3500. The
    // raw book walked as it stands would say 1749.955 (0.00009 × 3000 + 0.49991 × 3500), short of
    // the 1750 the server fills on the same book (spot.jobs.test.ts).
    const fine = {
      asks: [
        ['3000', '0.00009'],
        ['3500', '1'],
      ] as [string, string][],
      bids: [],
    };
    const buy = checkOrder(draft({ type: 'market', amount: '0.5' }), pair, { book: fine });
    expect(str(buy.total)).toBe('1750');
    expect(str(buy.fee)).toBe('1.75');
    expect(str(buy.cost)).toBe('1751.75');
  });
});

describe('amountForPercent', () => {
  it('sells a share of the base, rounded down to the lot', () => {
    const sell = draft({ side: 'sell' });
    expect(amountForPercent(sell, pair, 50, { available: '1.23456' })).toBe('0.6172');
    expect(amountForPercent(sell, pair, 100, { available: '0' })).toBe('');
    expect(amountForPercent(sell, pair, 100, {})).toBe('');
  });

  it('buys at the limit price what the quote pays for, fee included', () => {
    const buy = draft({ price: '100' });
    const amount = amountForPercent(buy, pair, 100, { available: '1000' });
    expect(amount).toBe('9.9900');
    expect(checkOrder({ ...buy, amount }, pair, { available: '1000' }).errors).toEqual({});
    expect(amountForPercent(buy, pair, 25, { available: '1000' })).toBe('2.4975');
    expect(amountForPercent(draft({ price: '' }), pair, 100, { available: '1000' })).toBe('');
  });

  it('walks the asks for a market buy and never exceeds the balance', () => {
    const buy = draft({ type: 'market' });
    const amount = amountForPercent(buy, pair, 100, { book, available: '250' });
    // 2 at 100 costs 200 (+0.2 fee); the rest buys about 0.4950 at 100.5.
    expect(amount).toBe('2.4950');
    const check = checkOrder({ ...buy, amount }, pair, { book, available: '250' });
    expect(check.errors).toEqual({});
    expect(check.cost?.lte(250)).toBe(true);
  });
});

describe('startingPrice', () => {
  it('fills an empty limit price with the last price at the tick, so 25 % sizes an order at once (issue 33)', () => {
    const start = startingPrice(EMPTY_DRAFT, '101.2389', pair);
    expect(start).toBe('101.23');
    const buy = draft({ price: start ?? '' });
    expect(amountForPercent(buy, pair, 25, { available: '1000' })).toBe('2.4671');
  });

  it('never overwrites a price the user typed or picked, and waits for a usable last price', () => {
    expect(startingPrice(draft({ price: '99' }), '101', pair)).toBeNull();
    expect(startingPrice(draft({ price: '' }), undefined, pair)).toBeNull();
    expect(startingPrice(draft({ price: '' }), '0', pair)).toBeNull();
    expect(startingPrice(draft({ price: '' }), 'abc', pair)).toBeNull();
  });
});
