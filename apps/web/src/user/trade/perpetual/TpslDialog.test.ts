import { Decimal, tpslRefusals } from '@platform/domain';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { makePosition } from '../../../test/perpetualFixtures.ts';
import { tpslRefusalText } from './perpetualMath.ts';
import { readTpsl } from './TpslDialog.tsx';

/** The fixture: a long from 50,000, liquidated at 45,226.13…; a short of the same. */
const long = makePosition();
const short = makePosition({ side: 'short', liquidation_price: '54773.869346733668341709' });
const problems = (position = long, takeProfit = '', stopLoss = '') => {
  const read = readTpsl(position, { takeProfit, stopLoss }, 2);
  return [read.takeProfit.problem, read.stopLoss.problem];
};

/** Every refusal the domain has: a long's and a short's wrong sides, the liquidation side, the places. */
const CASES: [typeof long, string, string][] = [
  [long, '49000', '51000'],
  [short, '51000', '49000'],
  [long, '55000.123', '45000'],
  [short, '45000', '55000.123'],
  [short, '45000', '54773.87'],
];

describe('readTpsl', () => {
  it("in zh-CN says each rule's refusal in the domain's (the server's) Chinese", () => {
    for (const [position, takeProfit, stopLoss] of CASES) {
      const refusals = tpslRefusals(
        position.side,
        {
          entry: new Decimal(position.entry_price),
          liquidationPrice: new Decimal(position.liquidation_price),
        },
        { takeProfit, stopLoss },
        2,
      );
      expect(problems(position, takeProfit, stopLoss)).toEqual([
        refusals.take_profit_price?.message,
        refusals.stop_loss_price?.message,
      ]);
      for (const refusal of Object.values(refusals)) expect(tpslRefusalText(refusal)).toBe(refusal.message);
    }
    expect(problems(long, '-5', '1e3')).toEqual([
      '止盈价不能为负数',
      '止损价格式不正确，请输入数字（如 12.5）',
    ]);
  });

  it('in English words each refusal by its code', () => {
    applyLanguage('en');
    expect(CASES.map(([position, tp, sl]) => problems(position, tp, sl))).toEqual([
      [
        'A long’s take profit price must be above the entry price 50000',
        'A long’s stop loss price must be below the entry price 50000',
      ],
      [
        'A short’s take profit price must be below the entry price 50000',
        'A short’s stop loss price must be above the entry price 50000',
      ],
      [
        'The take profit price may have at most 2 decimal places',
        'A long’s stop loss price must be above the liquidation price; the lowest allowed is 45226.14',
      ],
      [undefined, 'The stop loss price may have at most 2 decimal places'],
      [
        undefined,
        'A short’s stop loss price must be below the liquidation price; the highest allowed is 54773.86',
      ],
    ]);
    expect(problems(long, '-5', '0')).toEqual([
      'The take profit price cannot be negative',
      'The stop loss price must be greater than 0',
    ]);
  });
});
