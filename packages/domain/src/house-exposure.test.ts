import { describe, expect, it } from 'vitest';
import {
  exposureString,
  movedPrice,
  perpetualHouseResult,
  positionHouseResult,
  timedHouseResult,
  timedWorstCasePayout,
} from './house-exposure.ts';
import { Decimal } from './money.ts';

describe('house exposure arithmetic', () => {
  it('a position: the house gains the user loss up to the margin, pays the whole gain', () => {
    // long 0.1 at 100,000 with 1,000 margin (10×): −10 % loses exactly the margin, −20 % still only it.
    expect(positionHouseResult('long', '0.1', '100000', '1000', '110000').toFixed()).toBe('-1000');
    expect(positionHouseResult('long', '0.1', '100000', '1000', '95000').toFixed()).toBe('500');
    expect(positionHouseResult('long', '0.1', '100000', '1000', '90000').toFixed()).toBe('1000');
    expect(positionHouseResult('long', '0.1', '100000', '1000', '80000').toFixed()).toBe('1000');
    expect(positionHouseResult('short', '2', '3000', '300', '3300').toFixed()).toBe('300');
    expect(positionHouseResult('short', '2', '3000', '300', '2900').toFixed()).toBe('-200');
  });

  it('the aggregate with the crossed sums equals the sum over positions', () => {
    const longs = [
      { q: '0.1', e: '100000', m: '1000' },
      { q: '0.5', e: '98000', m: '980' },
      { q: '0.02', e: '101000', m: '2020' },
    ];
    for (const price of ['120000', '99000', '90000', '70000']) {
      const crossed = longs.filter((p) => new Decimal(p.q).times(new Decimal(p.e).minus(price)).gte(p.m));
      const sums = (rows: typeof longs) => ({
        quantity: rows.reduce((s, p) => s.plus(p.q), new Decimal(0)).toFixed(),
        entryValue: rows.reduce((s, p) => s.plus(new Decimal(p.q).times(p.e)), new Decimal(0)).toFixed(),
        margin: rows.reduce((s, p) => s.plus(p.m), new Decimal(0)).toFixed(),
      });
      const each = longs.reduce(
        (s, p) => s.plus(positionHouseResult('long', p.q, p.e, p.m, price)),
        new Decimal(0),
      );
      expect(perpetualHouseResult('long', sums(longs), sums(crossed), price).toFixed(), price).toBe(
        each.toFixed(),
      );
    }
  });

  it('timed: the winning direction is paid its profit, the losing one leaves its stake; a flat move is a draw', () => {
    const up = { stake: '200', profit: '20' };
    const down = { stake: '80', profit: '12' };
    expect(timedWorstCasePayout(up, down).toFixed()).toBe('220');
    expect(timedHouseResult(up, down, '0.05').toFixed()).toBe('60');
    expect(timedHouseResult(up, down, '-0.1').toFixed()).toBe('188');
    expect(timedHouseResult(up, down, '0').toFixed()).toBe('0');
  });

  it('moves the mark and prints at most 8 places', () => {
    expect(movedPrice('100000', '-0.05')).toBe('95000');
    expect(exposureString(new Decimal('1.123456789'))).toBe('1.12345679');
    expect(exposureString(new Decimal('-0'))).toBe('0');
  });
});
