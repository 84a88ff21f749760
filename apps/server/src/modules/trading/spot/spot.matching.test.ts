import { tradeFee, usableLevels, volumeWithin } from '@platform/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../core/money.ts';
import { fillPostings, type OrderState, planFill, shareVolume } from './spot.matching.ts';

const d = (v: string | number) => new Decimal(v);
const levels = (rows: [string, string][], precision = 8, side: 'asks' | 'bids' = 'asks') =>
  usableLevels(rows, precision, side);

describe('sharing the reference volume', () => {
  it('gives the best-priced, oldest orders the best levels, never the same volume twice', () => {
    const asks = levels([
      ['3000', '1'],
      ['3005', '1'],
      ['3020', '5'],
    ]);
    const shares = shareVolume('buy', asks, [
      { id: 1, price: d('3010'), remaining: d('1') },
      { id: 3, price: d('3010'), remaining: d('0.6') },
      { id: 2, price: d('3005'), remaining: d('1') },
      { id: 4, price: d('2999'), remaining: d('1') },
    ]);
    expect(Object.fromEntries([...shares].map(([id, q]) => [id, q.toFixed()]))).toEqual({
      1: '1',
      3: '0.6',
      2: '0.4',
    });
  });

  it('never hands out more than the book holds within each limit (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 90, max: 110 }), fc.integer({ min: 1, max: 500 })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.array(fc.tuple(fc.integer({ min: 90, max: 110 }), fc.integer({ min: 1, max: 500 })), {
          minLength: 1,
          maxLength: 10,
        }),
        (rawLevels, rawOrders) => {
          const asks = levels(
            [...rawLevels].sort((a, b) => a[0] - b[0]).map(([p, q]) => [String(p), (q / 100).toFixed(2)]),
          );
          const orders = rawOrders
            .map(([p, q], i) => ({ id: i + 1, price: d(p), remaining: d(q).div(100) }))
            .sort((a, b) => b.price.comparedTo(a.price) || a.id - b.id);
          const shares = shareVolume('buy', asks, orders);
          let total = d(0);
          for (const o of orders) {
            const got = shares.get(o.id) ?? d(0);
            expect(got.lte(o.remaining)).toBe(true);
            total = total.plus(got);
          }
          // Everything handed out is within the most generous limit, and no more than the book.
          const best = orders[0]?.price ?? d(0);
          expect(total.lte(volumeWithin('buy', asks, best))).toBe(true);
          // Orders limited at or below p can only have taken levels at or below p.
          for (const o of orders) {
            const atOrBelow = orders
              .filter((x) => x.price.lte(o.price))
              .reduce((sum, x) => sum.plus(shares.get(x.id) ?? 0), d(0));
            expect(atOrBelow.lte(volumeWithin('buy', asks, o.price))).toBe(true);
          }
          // An order left short means nothing within its limit was left for it.
          const left = asks.map((l) => l.quantity);
          for (const o of orders) {
            let want = shares.get(o.id) ?? d(0);
            for (let i = 0; i < asks.length && want.gt(0); i++) {
              const take = Decimal.min(want, left[i] as Decimal);
              left[i] = (left[i] as Decimal).minus(take);
              want = want.minus(take);
            }
            if ((shares.get(o.id) ?? d(0)).lt(o.remaining)) {
              const stillThere = asks.reduce(
                (sum, l, i) => (l.price.lte(o.price) ? sum.plus(left[i] as Decimal) : sum),
                d(0),
              );
              expect(stillThere.isZero()).toBe(true);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('planning fills', () => {
  const buyState = (amount: string, price: string, rate: string): OrderState => {
    const value = d(amount).times(price);
    return {
      side: 'buy',
      amount: d(amount),
      filled: d(0),
      quoteAmount: d(0),
      fee: d(0),
      frozen: value.plus(tradeFee(value, d(rate))),
    };
  };

  it('charges fees on the cumulative turnover: any split costs tradeFee(total) and releases exactly what was frozen (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 999_999 }),
        fc.constantFrom('0.001', '0.002', '0.0015', '0'),
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        (parts, priceCents, rate, side) => {
          const price = d(priceCents).div(100);
          const quantities = parts.map((p) => d(p).div(10_000));
          const amount = quantities.reduce((s, q) => s.plus(q), d(0));
          let state: OrderState =
            side === 'buy'
              ? buyState(amount.toFixed(), price.toFixed(), rate)
              : { side, amount, filled: d(0), quoteAmount: d(0), fee: d(0), frozen: amount };
          const frozenAtStart = state.frozen;
          let released = d(0);
          for (const q of quantities) {
            const plan = planFill(state, q, q.times(price), d(rate), true);
            expect(plan.fee.gte(0)).toBe(true);
            expect(plan.fee.lte(plan.turnover)).toBe(true);
            released = released.plus(plan.release);
            // Every fill balances per currency.
            const sums = new Map<string, Decimal>();
            for (const p of fillPostings(7, side, { base: 'ETH', quote: 'USDT' }, plan, true)) {
              sums.set(p.currency, (sums.get(p.currency) ?? d(0)).plus(p.amount));
            }
            for (const s of sums.values()) expect(s.isZero()).toBe(true);
            state = {
              ...state,
              filled: plan.filled,
              quoteAmount: plan.quoteAmount,
              fee: plan.totalFee,
              frozen: plan.frozen,
            };
          }
          expect(state.filled.eq(amount)).toBe(true);
          expect(state.frozen.isZero()).toBe(true);
          expect(released.eq(frozenAtStart)).toBe(true);
          expect(state.fee.eq(tradeFee(amount.times(price), d(rate)))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sends the final leftover back to available (fee rate lowered after the freeze)', () => {
    const state = buyState('1', '3000', '0.001'); // frozen 3003
    const plan = planFill(state, d('1'), d('3000'), d('0'), true);
    expect(plan.fee.toFixed()).toBe('0');
    expect(plan.release.toFixed()).toBe('3003');
    expect(plan.leftover.toFixed()).toBe('3');
    const postings = fillPostings(7, 'buy', { base: 'ETH', quote: 'USDT' }, plan, true);
    expect(postings).toContainEqual({
      account: { userId: 7, bucket: 'available' },
      currency: 'USDT',
      amount: '3',
    });
    expect(postings.find((p) => 'system' in p.account && p.account.system === 'fees')).toBeUndefined();
  });

  it('market fills pay from available', () => {
    const zero = d(0);
    const plan = planFill(
      { side: 'sell', amount: d('1.5'), filled: zero, quoteAmount: zero, fee: zero, frozen: zero },
      d('1.5'),
      d('4494'),
      d('0.001'),
      false,
    );
    expect(plan.fee.toFixed()).toBe('4.494');
    expect(fillPostings(7, 'sell', { base: 'ETH', quote: 'USDT' }, plan, false)).toEqual([
      { account: { userId: 7, bucket: 'available' }, currency: 'ETH', amount: '-1.5' },
      { account: { userId: 7, bucket: 'available' }, currency: 'USDT', amount: '4489.506' },
      { account: { system: 'house_pnl' }, currency: 'ETH', amount: '1.5' },
      { account: { system: 'house_pnl' }, currency: 'USDT', amount: '-4494' },
      { account: { system: 'fees' }, currency: 'USDT', amount: '4.494' },
    ]);
  });
});
