import type { Executor } from '../../db/client.ts';
import { auditRecount } from '../audit/audit.recount.ts';
import { depositsRecount } from '../deposits/deposits.recount.ts';
import { assetsRecount } from '../ledger/ledger.reads.ts';
import { counterMismatches as mismatchesWith } from '../stats/counters.ts';
import { teamRecount } from '../team/team.recount.ts';
import { usersRecount } from '../users/users.recount.ts';
import { withdrawalsRecount } from '../withdrawals/withdrawals.recount.ts';

/**
 * Every stat counter recomputed by the module that owns what it counts (docs/stat-counters.md).
 * The counted modules write to the counters (their triggers) and stats sits below them, so stats
 * cannot ask them itself (an import cycle); this list does, above both (docs/module-boundaries.md).
 */
export const COUNTER_RECOUNTS = [
  usersRecount,
  depositsRecount,
  withdrawalsRecount,
  assetsRecount,
  auditRecount,
  teamRecount,
];

/**
 * The counters whose stored value differs from the rows they count (empty when all agree). Tests call
 * it after money-moving sequences; it scans whole tables, so it is not for request paths.
 */
export const counterMismatches = (exec: Executor) => mismatchesWith(exec, COUNTER_RECOUNTS);
