import type { LedgerBucket, StatementMovement } from '@platform/contracts';
import { type Decimal, sumDecimals } from './money.ts';

/**
 * What one statement row (a ledger transaction in one currency) did to the user's money: `in` or
 * `out` when what they hold in the currency grew or shrank, otherwise a move between their own
 * buckets: `freeze` when money went into frozen (a stake, a limit order, a withdrawal waiting),
 * `unfreeze` when it came back out, `internal` for any other. So a stake frozen reads as 冻结, not
 * as money received.
 */
export function statementMovementOf(
  changes: readonly { bucket: LedgerBucket; amount: Decimal }[],
): StatementMovement {
  const net = sumDecimals(changes.map((c) => c.amount));
  if (net.gt(0)) return 'in';
  if (net.lt(0)) return 'out';
  const frozen = sumDecimals(changes.filter((c) => c.bucket === 'frozen').map((c) => c.amount));
  if (frozen.gt(0)) return 'freeze';
  if (frozen.lt(0)) return 'unfreeze';
  return 'internal';
}
