import {
  DEFAULT_LANGUAGE,
  type Language,
  REALTIME_EVENTS,
  type ReconciliationAlert,
  type ReconciliationRun,
  type ReconciliationRunsQuery,
} from '@platform/contracts';
import { and, count, desc, eq, inArray, isNull, not, type SQL } from 'drizzle-orm';
import { conflict, notFound } from '../../core/errors.ts';
import { pageOf, paginationOf } from '../../core/paging.ts';
import type { Db } from '../../db/client.ts';
import { msg, t } from '../../i18n/i18n.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import type { JobStep } from '../jobs/job-loop.ts';
import { createLease } from '../jobs/lease.ts';
import { perLanguage, type Realtime } from '../realtime/realtime.ts';
import { userDirectory } from '../users/users.ts';
import { type LedgerBreach, verifyLedger } from './ledger-check.ts';
import { reconciliationRuns } from './reconciliation.schema.ts';

export const ALREADY_ACKNOWLEDGED = msg('reconciliation.alreadyAcknowledged');
export const RUN_NOT_FOUND = msg('reconciliation.runNotFound');
export const NOTHING_TO_ACKNOWLEDGE = msg('reconciliation.nothingToAcknowledge');
export const RUN_IN_PROGRESS = msg('reconciliation.inProgress');
/**
 * One run at a time across instances, whether the job or an admin's 立即对账 started it: each run
 * takes this lease under its own holder id and gives it back when done. The TTL only matters when
 * an instance dies mid-run; a run that outlives it at worst overlaps a second (read-only) run.
 */
export const RUN_LEASE = 'reconciliation-run';
const RUN_LEASE_TTL_MS = 10 * 60_000;
/** A run stores at most this many breaches (the verifier already caps each check). */
const MAX_STORED_BREACHES = 200;

type RunRow = typeof reconciliationRuns.$inferSelect;

const unacknowledgedFailure = and(not(reconciliationRuns.ok), isNull(reconciliationRuns.acknowledgedAt));

const RESULT_FILTERS: Record<NonNullable<ReconciliationRunsQuery['result']>, SQL | undefined> = {
  ok: eq(reconciliationRuns.ok, true),
  breach: not(reconciliationRuns.ok),
  unacknowledged: unacknowledgedFailure,
};

/** 冻结余额与未完成业务不符 2 项；平台损益账户与交易记录不符 1 项 (in `language`). */
export function breachSummary(
  breaches: readonly LedgerBreach[],
  language: Language = DEFAULT_LANGUAGE,
): string {
  const counts = new Map<LedgerBreach['kind'], number>();
  for (const b of breaches) counts.set(b.kind, (counts.get(b.kind) ?? 0) + 1);
  return [...counts]
    .map(([kind, n]) =>
      t(language, 'backOffice.reconciliation.breachCount', {
        label: msg(`backOffice.reconciliation.breaches.${kind}`),
        count: n,
      }),
    )
    .join(t(language, 'backOffice.reconciliation.separator'));
}

/** The users a run names: the admins who triggered and acknowledged it, the users of its breaches. */
const named = userDirectory('reconciliation_user');

/**
 * The reconciliation job (issue 17): runs the ledger verifier on a snapshot, stores the run, and on
 * any breach tells the admins (admin_notification) and keeps a dashboard alert until an admin
 * acknowledges it. `run` is what the job loop calls every RECONCILIATION_INTERVAL_MINUTES under the
 * job's lease; tests call it directly. `runNow` is an admin's 立即对账. Either takes the run lease
 * (RUN_LEASE) first, so two runs never overlap.
 */
export function createReconciliationService(deps: { db: Db; realtime: Realtime; now?: () => Date }) {
  const { db, realtime } = deps;
  const now = deps.now ?? (() => new Date());

  async function toView(rows: RunRow[]): Promise<ReconciliationRun[]> {
    const ids = [
      ...new Set(
        rows
          .flatMap((r) => [r.acknowledgedBy, r.triggeredBy, ...r.breaches.map((b) => b.user_id)])
          .filter((id): id is number => id !== null),
      ),
    ];
    const emails = new Map<number, string>();
    if (ids.length) {
      const found = await db
        .select({ id: named.id, email: named.email })
        .from(named)
        .where(inArray(named.id, ids));
      for (const u of found) emails.set(u.id, u.email);
    }
    const emailOf = (id: number | null) => (id === null ? null : (emails.get(id) ?? null));
    return rows.map((r) => ({
      id: r.id,
      started_at: r.startedAt.toISOString(),
      finished_at: r.finishedAt.toISOString(),
      ok: r.ok,
      breaches: r.breaches.map((b) => ({ ...b, user_email: emailOf(b.user_id) })),
      checked: r.checked ?? null,
      triggered_by: r.triggeredBy,
      triggered_by_email: emailOf(r.triggeredBy),
      acknowledged_by: r.acknowledgedBy,
      acknowledged_by_email: emailOf(r.acknowledgedBy),
      acknowledged_at: r.acknowledgedAt?.toISOString() ?? null,
    }));
  }

  /**
   * One run: the verifier on a snapshot, the stored row (and, when an admin started it, the audit
   * record in the same transaction), then the admins' notification on a breach. Null when another
   * run holds the run lease.
   */
  async function runExclusive(actor: AuditActor | null): Promise<ReconciliationRun | null> {
    const lease = createLease(db, RUN_LEASE, RUN_LEASE_TTL_MS);
    if (!(await lease.acquire())) return null;
    let row: RunRow;
    try {
      const startedAt = now();
      const result = await verifyLedger(db);
      const breaches = result.breaches.slice(0, MAX_STORED_BREACHES);
      row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(reconciliationRuns)
          .values({
            startedAt,
            finishedAt: now(),
            ok: result.ok,
            breaches,
            checked: result.checked,
            triggeredBy: actor?.adminId ?? null,
          })
          .returning();
        if (!inserted) throw new Error('reconciliation: the run was not stored');
        if (actor) {
          await recordAudit(tx, actor, {
            action: 'reconciliation.run',
            targetType: 'reconciliation_run',
            targetId: inserted.id,
            after: { ok: result.ok, breaches: result.breaches.length, checked: result.checked },
          });
        }
        return inserted;
      });
      if (!result.ok) {
        const breaches = result.breaches;
        realtime.toAdmins(
          REALTIME_EVENTS.adminNotification,
          perLanguage((language) => ({
            type: 'reconciliation',
            sound: true,
            title: t(language, 'backOffice.reconciliation.breachTitle'),
            message: breachSummary(breaches, language),
            id: row.id,
          })),
        );
      }
    } finally {
      await lease.release();
    }
    const [view] = await toView([row]);
    return view as ReconciliationRun;
  }

  /** A run by the job (or a test): when another run is under way, that one's result stands. */
  async function run(): Promise<ReconciliationRun | null> {
    return runExclusive(null);
  }

  async function unacknowledgedCount(): Promise<number> {
    const [row] = await db.select({ n: count() }).from(reconciliationRuns).where(unacknowledgedFailure);
    return row?.n ?? 0;
  }

  return {
    run,

    jobStep(intervalMinutes: number): JobStep {
      return {
        name: 'reconciliation',
        everyMs: intervalMinutes * 60_000,
        run: async () => void (await run()),
      };
    },

    /** 立即对账: an admin's run now, audited; 409 while another run (the job's or an admin's) is under way. */
    async runNow(actor: AuditActor): Promise<ReconciliationRun> {
      const done = await runExclusive(actor);
      if (!done) throw conflict(RUN_IN_PROGRESS);
      return done;
    },

    async list(query: ReconciliationRunsQuery) {
      const { offset, limit } = pageOf(query);
      const where = query.result ? RESULT_FILTERS[query.result] : undefined;
      const [rows, [total], unacknowledged] = await Promise.all([
        db
          .select()
          .from(reconciliationRuns)
          .where(where)
          .orderBy(desc(reconciliationRuns.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(reconciliationRuns).where(where),
        unacknowledgedCount(),
      ]);
      return {
        runs: await toView(rows),
        pagination: paginationOf(query, total?.n ?? 0),
        unacknowledged,
      };
    },

    /** The newest failed run nobody has acknowledged, for the dashboard's red alert. */
    async alert(language: Language = DEFAULT_LANGUAGE): Promise<ReconciliationAlert | null> {
      const [[row], unacknowledged] = await Promise.all([
        db
          .select()
          .from(reconciliationRuns)
          .where(unacknowledgedFailure)
          .orderBy(desc(reconciliationRuns.id))
          .limit(1),
        unacknowledgedCount(),
      ]);
      if (!row) return null;
      return {
        run_id: row.id,
        finished_at: row.finishedAt.toISOString(),
        breach_count: row.breaches.length,
        summary: breachSummary(row.breaches, language),
        unacknowledged,
      };
    },

    /**
     * An admin has seen a failed run: conditional update, audited; a second acknowledgement, or one
     * of a run that found nothing, is 409.
     */
    async acknowledge(id: number, actor: AuditActor): Promise<ReconciliationRun> {
      const row = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(reconciliationRuns)
          .where(eq(reconciliationRuns.id, id))
          .for('update');
        if (!current) throw notFound(RUN_NOT_FOUND);
        if (current.ok) throw conflict(NOTHING_TO_ACKNOWLEDGE);
        if (current.acknowledgedAt) throw conflict(ALREADY_ACKNOWLEDGED);
        const [updated] = await tx
          .update(reconciliationRuns)
          .set({ acknowledgedBy: actor.adminId, acknowledgedAt: now() })
          .where(and(eq(reconciliationRuns.id, id), isNull(reconciliationRuns.acknowledgedAt)))
          .returning();
        if (!updated) throw conflict(ALREADY_ACKNOWLEDGED);
        await recordAudit(tx, actor, {
          action: 'reconciliation.acknowledge',
          targetType: 'reconciliation_run',
          targetId: id,
          before: { ok: current.ok, acknowledged_at: null, breaches: current.breaches.length },
          after: { acknowledged_by: actor.adminId, acknowledged_at: updated.acknowledgedAt?.toISOString() },
        });
        return updated;
      });
      const [view] = await toView([row]);
      return view as ReconciliationRun;
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
