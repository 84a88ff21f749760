import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { type AmountLabelKey, readAmountField } from './messages.ts';

/** Every money field's label key, its Chinese (the domain's message) and English name. */
const FIELDS: [AmountLabelKey, string, string][] = [
  ['trade.fieldLabel.stake', '投注金额', 'stake'],
  ['trade.fieldLabel.price', '价格', 'price'],
  ['trade.fieldLabel.amount', '数量', 'amount'],
  ['trade.fieldLabel.margin', '保证金', 'margin'],
  ['trade.fieldLabel.addedMargin', '追加保证金金额', 'margin to add'],
  ['trade.fieldLabel.takeProfit', '止盈价', 'take profit price'],
  ['trade.fieldLabel.stopLoss', '止损价', 'stop loss price'],
  ['wallet.amountLabel.deposit', '充值金额', 'deposit amount'],
  ['wallet.amountLabel.withdraw', '提现金额', 'withdrawal amount'],
];
const problem = (typed: string, key: AmountLabelKey, places = 2) => {
  const read = readAmountField(typed, key, { places });
  return read.ok ? null : read.message;
};

describe('readAmountField', () => {
  it("takes a field's label key and says its refusal in the domain's Chinese in zh-CN", () => {
    for (const [key, chinese] of FIELDS) {
      expect(problem('', key)).toBe(`请输入${chinese}`);
      expect(problem('-5', key)).toBe(`${chinese}不能为负数`);
      expect(problem('1.123', key)).toBe(`${chinese}最多保留 2 位小数`);
      expect(problem('1.5', key, 0)).toBe(`${chinese}必须是整数`);
      expect(problem('12.5', key)).toBeNull();
    }
  });

  it('says it by its kind in English, naming the field', () => {
    applyLanguage('en');
    for (const [key, , english] of FIELDS) {
      expect(problem('', key)).toBe(`Enter the ${english}`);
      expect(problem('-5', key)).toBe(`The ${english} cannot be negative`);
      expect(problem('1.123', key)).toBe(`The ${english} may have at most 2 decimal places`);
      expect(problem('1.5', key, 0)).toBe(`The ${english} must be a whole number`);
      expect(problem('1234567890123', key)).toBe(`The ${english} may have at most 12 integer digits`);
      expect(problem('0', key)).toBe(`The ${english} must be greater than 0`);
    }
  });
});
