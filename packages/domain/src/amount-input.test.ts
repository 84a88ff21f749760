import { describe, expect, it } from 'vitest';
import { amountFieldProblem, parseAmountField } from './amount-input.ts';

const price = { label: '价格', places: 2 };

describe('parseAmountField', () => {
  it('takes a plain positive decimal within the places, as typed (trimmed)', () => {
    const parsed = parseAmountField(' 12.50 ', price);
    expect(parsed.ok && parsed.text).toBe('12.50');
    expect(parsed.ok && parsed.value.toFixed()).toBe('12.5');
    expect(parseAmountField('7', price).ok).toBe(true);
    expect(parseAmountField('0.01', price).ok).toBe(true);
    expect(parseAmountField('999999999999.99', price).ok).toBe(true);
  });

  it('refuses a negative number instead of dropping its sign', () => {
    for (const typed of ['-5', '-0.5', '-', '−5', '－5', '-5abc']) {
      expect(parseAmountField(typed, price)).toMatchObject({
        ok: false,
        problem: 'negative',
        message: '价格不能为负数',
        unfinished: false,
      });
    }
  });

  it('refuses what is not a plain decimal, with a message', () => {
    for (const typed of [
      'abc',
      '1e5',
      '+5',
      '1,000',
      '1 000',
      '5.5.5',
      '.5',
      'NaN',
      'Infinity',
      '１２',
      '0x10',
    ]) {
      expect(parseAmountField(typed, price)).toMatchObject({
        ok: false,
        problem: 'format',
        message: '价格格式不正确，请输入数字（如 12.5）',
      });
    }
  });

  it('refuses empty and zero, and says when more typing may still mend it', () => {
    expect(parseAmountField('', price)).toMatchObject({
      problem: 'empty',
      message: '请输入价格',
      unfinished: true,
    });
    expect(parseAmountField(undefined, price)).toMatchObject({ problem: 'empty', unfinished: true });
    for (const typed of ['0', '0.0', '00', '0.00']) {
      expect(parseAmountField(typed, price)).toMatchObject({
        problem: 'zero',
        message: '价格必须大于0',
        unfinished: true,
      });
    }
    expect(parseAmountField('12.', price)).toMatchObject({ problem: 'format', unfinished: true });
    expect(parseAmountField('abc', price)).toMatchObject({ unfinished: false });
  });

  it('refuses more decimals than the field takes, in its own or the given words', () => {
    expect(parseAmountField('1.234', price)).toMatchObject({
      problem: 'places',
      message: '价格最多保留 2 位小数',
      unfinished: false,
    });
    // Trailing zeros are digits the user typed: refused too.
    expect(parseAmountField('1.200', price)).toMatchObject({ problem: 'places' });
    expect(parseAmountField('0.001', price)).toMatchObject({ problem: 'places' });
    expect(
      parseAmountField('1.234', { label: '价格', places: 2, placesText: (n) => `价格最多 ${n} 位小数` }),
    ).toMatchObject({ message: '价格最多 2 位小数' });
    expect(parseAmountField('1.5', { label: '数量', places: 0 })).toMatchObject({
      message: '数量必须是整数',
    });
  });

  it('refuses more integer digits than the contracts allow', () => {
    expect(parseAmountField('1234567890123', price)).toMatchObject({
      problem: 'too_large',
      message: '价格最多 12 位整数',
    });
    expect(parseAmountField('000000000001', price).ok).toBe(true);
    expect(parseAmountField('123', { ...price, maxIntegerDigits: 2 })).toMatchObject({
      problem: 'too_large',
    });
  });
});

describe('amountFieldProblem', () => {
  it('is the message of a refused value, null for a taken one', () => {
    expect(amountFieldProblem('-5', { label: '提现金额', places: 2 })).toBe('提现金额不能为负数');
    expect(amountFieldProblem('5', { label: '提现金额', places: 2 })).toBeNull();
  });
});
