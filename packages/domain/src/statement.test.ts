import { describe, expect, it } from 'vitest';
import { Decimal } from './money.ts';
import { statementMovementOf } from './statement.ts';

const rows = (...changes: [string, string][]) =>
  changes.map(([bucket, amount]) => ({ bucket: bucket as 'available', amount: new Decimal(amount) }));

describe('statementMovementOf', () => {
  it('calls a stake moved from available to frozen a freeze, and its return an unfreeze', () => {
    expect(statementMovementOf(rows(['available', '-10'], ['frozen', '10']))).toBe('freeze');
    expect(statementMovementOf(rows(['frozen', '-10'], ['available', '10']))).toBe('unfreeze');
  });

  it('calls a settlement by what the user holds afterwards', () => {
    expect(statementMovementOf(rows(['frozen', '-10'], ['available', '11.5']))).toBe('in');
    expect(statementMovementOf(rows(['frozen', '-10']))).toBe('out');
    expect(statementMovementOf(rows(['available', '100']))).toBe('in');
  });

  it('calls any other move between the user buckets internal', () => {
    expect(statementMovementOf(rows(['salary', '-5'], ['available', '5']))).toBe('internal');
  });
});
