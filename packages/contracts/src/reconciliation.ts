import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { idParams, pageQuery, pagination } from './pagination.ts';

/**
 * Reconciliation (issue 17): a job runs the ledger verifier every RECONCILIATION_INTERVAL_MINUTES
 * and stores each run. A run with breaches notifies the admins and stays a red alert on the
 * dashboard (对账异常) until an admin acknowledges it.
 */

export const reconciliationBreachKinds = [
  'journal',
  'frozen',
  'fees',
  'house_pnl',
  'house_funding',
  'house_insurance',
] as const;

export const RECONCILIATION_BREACH_LABELS: Readonly<
  Record<(typeof reconciliationBreachKinds)[number], string>
> = {
  journal: '账本不平',
  frozen: '冻结余额与未完成业务不符',
  fees: '手续费账户与交易记录不符',
  house_pnl: '平台损益账户与交易记录不符',
  house_funding: '资金费账户与资金费用记录不符',
  house_insurance: '保险基金账户与强平记录不符',
};

export const reconciliationBreach = z.object({
  kind: z.enum(reconciliationBreachKinds),
  user_id: z.number().int().nullable(),
  /** The user's e-mail as it is now (looked up when the run is read); null without a user. */
  user_email: z.string().nullable().optional(),
  currency: z.string().nullable(),
  /** What the ledger holds. */
  actual: decimalString.nullable(),
  /** What the business tables say it should hold. */
  expected: decimalString.nullable(),
  message: z.string(),
});
export type ReconciliationBreach = z.infer<typeof reconciliationBreach>;

/** What one run went through: the journal's rows at the time of its snapshot. */
export const reconciliationChecked = z.object({
  accounts: z.number().int(),
  transactions: z.number().int(),
  entries: z.number().int(),
});
export type ReconciliationChecked = z.infer<typeof reconciliationChecked>;

export const reconciliationRun = z.object({
  id: z.number().int(),
  started_at: isoDateTime,
  finished_at: isoDateTime,
  ok: z.boolean(),
  breaches: z.array(reconciliationBreach),
  /** Null for runs stored before the counts were kept. */
  checked: reconciliationChecked.nullable(),
  /** The admin who started it with 立即对账; null for the scheduled job. */
  triggered_by: z.number().int().nullable(),
  triggered_by_email: z.string().nullable(),
  acknowledged_by: z.number().int().nullable(),
  acknowledged_by_email: z.string().nullable(),
  acknowledged_at: isoDateTime.nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRun>;

/** The runs list's filter: clean runs, runs with breaches, or breaches nobody has acknowledged yet. */
export const reconciliationRunResults = ['ok', 'breach', 'unacknowledged'] as const;
export type ReconciliationRunResult = (typeof reconciliationRunResults)[number];
export const RECONCILIATION_RESULT_LABELS: Readonly<Record<ReconciliationRunResult, string>> = {
  ok: '正常',
  breach: '异常',
  unacknowledged: '待确认',
};

export const reconciliationRunsQuery = pageQuery.extend({
  result: z.enum(reconciliationRunResults, { error: '对账结果筛选不正确' }).optional(),
});
export type ReconciliationRunsQuery = z.infer<typeof reconciliationRunsQuery>;

export const reconciliationRunsReply = envelope(
  z.object({
    runs: z.array(reconciliationRun),
    pagination,
    /** Failed runs nobody has acknowledged yet: the dashboard's red alert. */
    unacknowledged: z.number().int(),
  }),
);
export type ReconciliationRunsReply = z.infer<typeof reconciliationRunsReply>;

/** POST /api/admin/reconciliation/{id}/acknowledge and POST /api/admin/reconciliation/run (立即对账). */
export const reconciliationRunReply = envelope(z.object({ run: reconciliationRun }));
export type ReconciliationRunReply = z.infer<typeof reconciliationRunReply>;

/** The dashboard's alert: the newest unacknowledged failed run, null when there is none. */
export const reconciliationAlert = z.object({
  run_id: z.number().int(),
  finished_at: isoDateTime,
  breach_count: z.number().int(),
  /** One line per breach kind, e.g. 冻结余额与未完成业务不符 2 项. */
  summary: z.string(),
  /** Failed runs not yet acknowledged (this one included). */
  unacknowledged: z.number().int(),
});
export type ReconciliationAlert = z.infer<typeof reconciliationAlert>;

export const reconciliationAlertReply = envelope(z.object({ alert: reconciliationAlert.nullable() }));
export type ReconciliationAlertReply = z.infer<typeof reconciliationAlertReply>;

export const listReconciliationRuns = endpoint({
  method: 'GET',
  path: '/api/admin/reconciliation',
  operationId: 'listReconciliationRuns',
  summary: '对账记录',
  description: 'Reconciliation runs.',
  query: reconciliationRunsQuery,
  reply: reconciliationRunsReply,
});
export const getReconciliationAlert = endpoint({
  method: 'GET',
  path: '/api/admin/reconciliation/alert',
  operationId: 'getReconciliationAlert',
  summary: '对账告警',
  description: 'The current reconciliation alert.',
  reply: reconciliationAlertReply,
});
export const runReconciliation = endpoint({
  method: 'POST',
  path: '/api/admin/reconciliation/run',
  operationId: 'runReconciliation',
  summary: '立即对账',
  description: 'Runs a reconciliation now.',
  reply: reconciliationRunReply,
});
export const acknowledgeReconciliation = endpoint({
  method: 'POST',
  path: '/api/admin/reconciliation/:id/acknowledge',
  operationId: 'acknowledgeReconciliation',
  summary: '确认对账异常',
  description: 'Acknowledges a reconciliation discrepancy.',
  params: idParams,
  reply: reconciliationRunReply,
});
