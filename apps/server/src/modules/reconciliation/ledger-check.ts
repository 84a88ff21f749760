import type { Db, Executor } from '../../db/client.ts';
import * as ledger from '../ledger/verify.ts';
import { tradingObligations } from '../trading/trading.obligations.ts';
import { withdrawalObligations } from '../withdrawals/withdrawals.obligations.ts';

/**
 * The whole ledger check (ARCHITECTURE.md, "Money controls"): the journal's own invariants and the
 * ledger reconciled with what each module says it must hold. The ledger sits below the modules that
 * freeze money and post to system accounts, so it cannot ask them itself (that would be an import
 * cycle); this list does, above both (docs/module-boundaries.md). A module that starts freezing users'
 * money or posting to a reconciled system account adds its obligations here.
 */
export const LEDGER_OBLIGATIONS: readonly ledger.LedgerObligations[] = [
  withdrawalObligations,
  tradingObligations,
];

export type { LedgerBreach, LedgerVerification } from '../ledger/verify.ts';

/** Runs every check on `exec` as it stands (tests that break an invariant inside a transaction and roll back). */
export const checkLedger = (exec: Executor) => ledger.checkLedger(exec, { obligations: LEDGER_OBLIGATIONS });

/**
 * Proves the ledger's invariants and its agreement with the modules' tables on one consistent snapshot
 * (a read-only REPEATABLE READ transaction): every read, the ledger's and the modules', sees the same
 * instant, so postings committed while it runs cannot produce false alarms.
 */
export const verifyLedger = (db: Db) => ledger.verifyLedger(db, { obligations: LEDGER_OBLIGATIONS });

/** For tests of money-moving code: throws with the problems listed unless the ledger verifies. */
export const assertLedgerOk = (db: Db) => ledger.assertLedgerOk(db, { obligations: LEDGER_OBLIGATIONS });
