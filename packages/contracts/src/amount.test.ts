import { describe, expect, it } from 'vitest';
import { amount } from './amount.ts';

const messages = (schema: ReturnType<typeof amount>, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('amount()', () => {
  const positive = amount({ label: '金额', integer: 3, scale: 2 });

  it('accepts a positive decimal string within the digits, trimmed', () => {
    expect(positive.parse(' 100.25 ')).toBe('100.25');
    expect(positive.parse('0.01')).toBe('0.01');
  });

  it('refuses what is not such a decimal with the format message', () => {
    for (const bad of ['1000', '1.234', '-1', '+1', '1e3', '.5', '1.']) {
      expect(messages(positive, bad), bad).toEqual(['金额格式不正确']);
    }
    // As the schemas it replaced: the zero check runs too when there is no digit at all.
    expect(messages(positive, '')).toEqual(['金额格式不正确', '金额必须大于0']);
  });

  it('refuses zero with the positive message', () => {
    expect(messages(positive, '0.00')).toEqual(['金额必须大于0']);
  });

  it('refuses a missing value and a JSON number with the decimal-text messages', () => {
    expect(messages(positive, undefined)).toEqual(['请输入金额']);
    expect(messages(positive, 100)).toEqual(['金额必须是字符串（如 "100.5"），不能是数字']);
  });

  it('takes its own messages, an empty message and no trimming', () => {
    const own = amount({
      label: '价格',
      integer: 12,
      scale: 8,
      required: '价格必须是字符串',
      empty: '请输入价格',
      format: '价格格式不对',
      zero: '价格要大于0',
      trim: false,
    });
    expect(messages(own, 1)).toEqual(['价格必须是字符串']);
    expect(messages(own, '')).toContain('请输入价格');
    expect(messages(own, ' 1')).toEqual(['价格格式不对']);
    expect(messages(own, '0')).toEqual(['价格要大于0']);
  });

  it('nonzero takes a sign and refuses zero', () => {
    const signed = amount({ label: '调整金额', integer: 20, scale: 18, min: 'nonzero' });
    expect(signed.parse('-12.5')).toBe('-12.5');
    expect(signed.parse('+3')).toBe('+3');
    expect(messages(signed, '-0')).toEqual(['调整金额不能为0']);
    expect(messages(signed, '--1')).toEqual(['调整金额格式不正确']);
  });
});
