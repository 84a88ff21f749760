import { amountPrecisionProblem } from '@platform/domain';
import { describe, expect, it } from 'vitest';
import { adjustmentAmountProblem } from './CreateAdjustmentModal.tsx';

describe('adjustmentAmountProblem (the server schema signedAdjustmentAmount, then the currency precision)', () => {
  it('accepts a signed amount within the precision', () => {
    expect(adjustmentAmountProblem('-12.5', 'USDT')).toBeNull();
    expect(adjustmentAmountProblem(' +100 ', 'USDT')).toBeNull();
  });

  it('says what is wrong: empty, format, zero, precision', () => {
    expect(adjustmentAmountProblem('  ', 'USDT')).toBe('请输入调整金额');
    expect(adjustmentAmountProblem('1,000', 'USDT')).toBe('调整金额格式不正确');
    expect(adjustmentAmountProblem('abc', 'USDT')).toBe('调整金额格式不正确');
    expect(adjustmentAmountProblem('-0.00', 'USDT')).toBe('调整金额不能为0');
    expect(adjustmentAmountProblem('+1.123456789', 'USDT')).toBe(
      amountPrecisionProblem('1.123456789', 'USDT', '调整'),
    );
    expect(adjustmentAmountProblem('+1.123456789', 'USDT')).not.toBeNull();
  });
});
