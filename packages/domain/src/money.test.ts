import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Decimal,
  decimalFromDb,
  fitsScale,
  formatFixed,
  formatNormalised,
  isDecimalString,
  normaliseDecimalString,
  roundToScale,
  sumDecimals,
  trimDecimalZeros,
  tryParseDecimal,
} from './money.ts';

describe('money', () => {
  it('accepts plain decimal strings with at most 18 decimals and 20 integer digits', () => {
    for (const ok of [
      '0',
      '-0',
      '1',
      '-1.5',
      '0.000000000000000001',
      '99999999999999999999.999999999999999999',
      '007',
    ]) {
      expect(isDecimalString(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      ' 1',
      '1 ',
      '+1',
      '.5',
      '5.',
      '1e5',
      '1E-5',
      'NaN',
      'Infinity',
      '-Infinity',
      '0x10',
      '1,5',
      '0.0000000000000000001',
      '100000000000000000000',
      '--1',
    ]) {
      expect(isDecimalString(bad), bad).toBe(false);
    }
    expect(isDecimalString(1)).toBe(false);
    expect(isDecimalString(null)).toBe(false);
    expect(isDecimalString('1.234', 2)).toBe(false);
    expect(tryParseDecimal('1e5')).toBeNull();
  });

  it('computes with 40 significant digits, not the default 20', () => {
    const big = new Decimal('99999999999999999999.999999999999999999');
    expect(big.plus('0.000000000000000001').toFixed()).toBe('100000000000000000000');
    expect(new Decimal('0.1').plus('0.2').toFixed()).toBe('0.3');
    expect(new Decimal(1).dividedBy(3).toFixed()).toBe(`0.${'3'.repeat(40)}`);
    expect(sumDecimals(['0.1', '0.2', '-0.3'].map((s) => new Decimal(s))).isZero()).toBe(true);
  });

  it('formats fixed and normalised, never in exponent notation and never as -0', () => {
    expect(formatFixed(new Decimal('12.5'))).toBe('12.500000000000000000');
    expect(formatFixed(new Decimal('-0'))).toBe('0.000000000000000000');
    expect(formatFixed(new Decimal('1.005'), 2)).toBe('1.01');
    expect(formatFixed(new Decimal('-1.005'), 2)).toBe('-1.01');
    expect(formatNormalised(new Decimal('12.500'))).toBe('12.5');
    expect(formatNormalised(new Decimal('-0.000'))).toBe('0');
    expect(formatNormalised(new Decimal('0.000000000000000001'))).toBe('0.000000000000000001');
    expect(formatNormalised(new Decimal('100000000000000000000000'))).toBe('100000000000000000000000');
    expect(normaliseDecimalString('0012.3400')).toBe('12.34');
    expect(() => normaliseDecimalString('1e3')).toThrow();
  });

  it('rounds to a scale and tells whether a value fits a money column', () => {
    const third = new Decimal(1).dividedBy(3);
    expect(fitsScale(third)).toBe(false);
    expect(roundToScale(third).toFixed()).toBe('0.333333333333333333');
    expect(fitsScale(roundToScale(third))).toBe(true);
    expect(roundToScale(new Decimal('2.5'), 0).toFixed()).toBe('3');
    expect(roundToScale(new Decimal('2.9'), 0, Decimal.ROUND_DOWN).toFixed()).toBe('2');
  });

  it('parses database text and refuses anything else', () => {
    expect(decimalFromDb('-3.000000000000000000').toFixed()).toBe('-3');
    expect(() => decimalFromDb(3)).toThrow();
    expect(() => decimalFromDb('NaN')).toThrow();
  });
});

describe('trimDecimalZeros', () => {
  it('drops trailing zeros and a bare point, leaves other strings alone', () => {
    expect(trimDecimalZeros('12.500')).toBe('12.5');
    expect(trimDecimalZeros('3.000000000000000000')).toBe('3');
    expect(trimDecimalZeros('100')).toBe('100');
    expect(trimDecimalZeros('-0.000')).toBe('0');
    expect(trimDecimalZeros('0.10')).toBe('0.1');
    expect(trimDecimalZeros('1e5')).toBe('1e5');
  });
  // At most 20 integer digits, the normaliser's limit (±10^20 itself has 21: a seed found it).
  it('agrees with the parsing normaliser on plain decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n) + 1n, max: 10n ** 20n - 1n }),
        fc.nat({ max: 18 }),
        (units, scale) => {
          const raw = new Decimal(units.toString()).div(new Decimal(10).pow(scale)).toFixed(18);
          expect(trimDecimalZeros(raw)).toBe(normaliseDecimalString(raw));
        },
      ),
    );
  });
});
