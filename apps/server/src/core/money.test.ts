import { amountPrecisionProblem, channelLimitProblem, currencyPrecision } from '@platform/domain';
import { describe, expect, it } from 'vitest';
import { render } from '../i18n/i18n.ts';
import { AppError } from './errors.ts';
import { amountPrecisionRefusal, channelLimitRefusal, Decimal, MONEY_SCALE, parseDecimal } from './money.ts';

describe('parsing money at the HTTP boundary', () => {
  it('refuses invalid input with a 400 that names the field', () => {
    const err = (() => {
      try {
        parseDecimal('1e5', 'price');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(400);
    expect((err as AppError).message).toMatch(/^price /);
    expect(parseDecimal('12.5').toString()).toBe('12.5');
  });
});

describe('money refusals in English (issue 38)', () => {
  const thrown = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return e as AppError;
    }
    throw new Error('nothing thrown');
  };

  it('names the field of an invalid decimal in either language', () => {
    const err = thrown(() => parseDecimal('1e5', 'price'));
    expect(err.message).toBe(`price 必须是十进制数字字符串，最多 ${MONEY_SCALE} 位小数`);
    expect(err.messageIn('en')).toBe(
      `price must be a decimal number string with at most ${MONEY_SCALE} decimal places`,
    );
  });

  it('says too many decimals as the domain does in Chinese, and in English', () => {
    const places = currencyPrecision('USDT');
    const refusal = amountPrecisionRefusal('1.123456789', 'USDT', 'deposit');
    expect(refusal && render('zh-CN', refusal)).toBe(amountPrecisionProblem('1.123456789', 'USDT', '充值'));
    expect(refusal && render('en', refusal)).toBe(`Deposit amount can have at most ${places} decimal places`);
    expect(amountPrecisionRefusal('1.5', 'USDT', 'deposit')).toBeNull();
    const stake = amountPrecisionRefusal('1.123456789', 'USDT', 'stake');
    expect(stake && render('zh-CN', stake)).toBe(amountPrecisionProblem('1.123456789', 'USDT', '投注'));
    const margin = amountPrecisionRefusal('1.123456789', 'USDT', 'addMargin');
    expect(margin && render('zh-CN', margin)).toBe(
      amountPrecisionProblem('1.123456789', 'USDT', '追加保证金'),
    );
  });

  it('says a channel limit as the domain does in Chinese, and in English', () => {
    const limits = { min: new Decimal('10'), max: new Decimal('100.5'), currency: 'USDT' };
    for (const amount of ['9.99', '100.51']) {
      const refusal = channelLimitRefusal(new Decimal(amount), 'deposit', limits);
      expect(refusal && render('zh-CN', refusal)).toBe(
        channelLimitProblem(new Decimal(amount), '充值', limits),
      );
    }
    const low = channelLimitRefusal(new Decimal('9.99'), 'deposit', limits);
    expect(low && render('en', low)).toBe('Deposit amount must be at least 10 USDT');
    const high = channelLimitRefusal(new Decimal('100.51'), 'withdrawal', limits);
    expect(high && render('en', high)).toBe('Withdrawal amount must not exceed 100.5 USDT');
    expect(channelLimitRefusal(new Decimal('10'), 'deposit', limits)).toBeNull();
  });
});
