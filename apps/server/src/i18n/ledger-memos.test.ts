import { describe, expect, it } from 'vitest';
import { ledgerMemo, memoIn } from './ledger-memos.ts';

describe('ledger memos: stored in zh-CN, read in the reader’s language', () => {
  it('writes each kind in zh-CN and reads it back in English with the same values', () => {
    const cases: [Parameters<typeof ledgerMemo>, string][] = [
      [['deposit', { id: 7 }], 'Deposit #7 approved'],
      [['withdrawalFreeze', { id: 8 }], 'Withdrawal #8 requested, funds frozen'],
      [['withdrawalStatus', { id: 8, status: '已出款' }], 'Withdrawal #8: Paid out'],
      [['adjustment', { id: 3, reason: '补偿：活动奖励' }], 'Balance adjustment #3: 补偿：活动奖励'],
      [
        ['spotLimitFreeze', { id: 9, amount: '10.5', currency: 'USDT' }],
        'Spot limit order #9 froze 10.5 USDT',
      ],
      [
        ['spotFill', { id: 9, quantity: '0.01', currency: 'BTC', price: '70000' }],
        'Spot order #9 filled 0.01 BTC @ 70000',
      ],
      [['spotCancel', { id: 9, amount: '1', currency: 'USDT' }], 'Spot order #9 cancelled, 1 USDT unfrozen'],
      [['spotExpire', { id: 9, amount: '1', currency: 'USDT' }], 'Spot order #9 expired, 1 USDT unfrozen'],
      [
        ['spotMarketFill', { id: 4, quantity: '2', currency: 'ETH', price: '3400.5' }],
        'Spot market order #4 filled 2 ETH, average price 3400.5',
      ],
      [['teamReward', { tier: 2, id: 11 }], 'Team reward L2 #11 paid'],
      [['teamSalary', { level: 1, date: '2026-12-01' }], 'Team salary L1 2026-12-01'],
    ];
    for (const [[kind, values], english] of cases) {
      const stored = ledgerMemo(kind, values);
      expect(stored).toMatch(/[\u4e00-\u9fff]/);
      expect(memoIn('zh-CN', stored)).toBe(stored);
      expect(memoIn('en', stored)).toBe(english);
    }
  });

  it('shows a memo of no known shape, or none, as stored', () => {
    expect(memoIn('en', '旧版备注')).toBe('旧版备注');
    expect(memoIn('en', null)).toBeNull();
  });
});
