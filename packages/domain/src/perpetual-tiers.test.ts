import type { PerpetualTier } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { Decimal } from './money.ts';
import { maintenanceRateFor, tierOf, tierProblem } from './perpetual-tiers.ts';

const TIERS: PerpetualTier[] = [
  { max_notional: '50000', max_leverage: 100, maintenance_margin_rate: '0.004' },
  { max_notional: '250000', max_leverage: 20, maintenance_margin_rate: '0.01' },
];

describe('perpetual leverage tiers', () => {
  it('puts a notional in the first tier whose limit it does not pass, none beyond the last', () => {
    expect(tierOf(TIERS, new Decimal('50000'))?.max_leverage).toBe(100);
    expect(tierOf(TIERS, new Decimal('50000.01'))?.max_leverage).toBe(20);
    expect(tierOf(TIERS, new Decimal('250000.01'))).toBeNull();
  });

  it("refuses a leverage above its notional's tier, and a notional beyond every tier, naming the limit", () => {
    expect(tierProblem(TIERS, new Decimal('500'), 100)).toBeNull();
    expect(tierProblem(TIERS, new Decimal('1000'), 100)).toContain('20');
    expect(tierProblem(TIERS, new Decimal('1000'), 20)).toBeNull();
    expect(tierProblem(TIERS, new Decimal('20000'), 20)).toContain('250000');
  });

  it("keeps the tier's maintenance rate, never below the product's", () => {
    expect(maintenanceRateFor(TIERS, new Decimal('100'), 10, '0.005')).toBe('0.005');
    expect(maintenanceRateFor(TIERS, new Decimal('5000'), 20, '0.005')).toBe('0.01');
    expect(maintenanceRateFor(TIERS, new Decimal('50000'), 20, '0.005')).toBe('0.005');
  });
});
