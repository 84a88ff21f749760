/**
 * Pending changes: dual control for money-affecting settings (issue 32; docs/pending-changes.md).
 *
 * HOW A FEATURE REGISTERS A CHANGE KIND
 * 1. Get the app's `changes` service (created once in modules/index.ts, passed in your deps) and,
 *    at wiring time, call
 *        changes.registerKind({
 *          kind: 'channel.update',            // unique; add a Chinese label to CHANGE_KIND_LABELS
 *          requiredLevel: 'admin',            // or 'super_admin'
 *          targetType: 'channel',             // audit target type
 *          validate: (payload) => parsed,     // throw badRequest(...) (400) on bad input
 *          check?: (tx, after, ctx) => {},    // rules on other rows, at propose and at apply (stale)
 *          readCurrent: (tx, targetId) => v,  // the current value as JSON (null: nothing yet)
 *          apply: (tx, after, { actor, change, recordTarget }) => { write + recordAudit(...) },
 *                                             // a create calls recordTarget(new row's id)
 *          afterCommit?: (after, change) => { realtime pushes },
 *          present?: (before, after, language) => ({ before, after }), // what the list shows
 *        });
 *    `validate` runs when proposed and again when applied; `readCurrent` runs when proposed (its
 *    result is stored as `before`) and again, in the approving transaction, to refuse a stale one.
 *    Compare what you store: readCurrent must return the same JSON for the same setting.
 * 2. In the route that used to save: `handler: (request, reply) => proposeChange(changes, kind,
 *    targetId, request, reply)` (dual-control/proposed.ts: proposes the body as the calling admin and
 *    answers 202 with the change), with the endpoint's contract declaring `status: 202, reply: changeReply`.
 * 3. Tests: `createApprover(t)` (test/app.ts) makes a second admin whose approvals count at once;
 *    approve with `POST /api/admin/changes/{id}/approve`.
 *
 * Approval applies in ONE transaction: the change row is locked, must still be pending (or
 * delayed), the approver must be eligible (another admin, active, of the required level, counting
 * from `users.approver_since`), the current value must equal `before` (else: status 'stale', 409),
 * then `apply`, status 'applied', audit `change.approve`. With no other eligible approver when
 * proposed, the change is 'delayed' (effective_at = now + 24 h): every admin is told at once, any
 * other admin may cancel it, and the `admin-changes` job applies it when due by the same path.
 */
import {
  type AdminChange,
  CHANGE_TEXTS,
  type ChangeLevel,
  changeKindLabel,
  DEFAULT_LANGUAGE,
  type Language,
  REALTIME_EVENTS,
} from '@platform/contracts';
import { AppError, conflict, notFound } from '../../core/errors.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { render, t } from '../../i18n/i18n.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { currentSeal, sealEffect } from '../idempotency/effect-seal.ts';
import { type Fence, type JobStep, noFence } from '../jobs/job-loop.ts';
import { perLanguage, type Realtime } from '../realtime/realtime.ts';
import * as repo from './changes.repository.ts';
import type { AdminChangeRow } from './changes.schema.ts';

export interface ChangeKindDefinition<P = unknown> {
  kind: string;
  requiredLevel: ChangeLevel;
  targetType: string;
  /** The payload as it will be applied; throws a 400 AppError on bad input. */
  validate(payload: unknown): P;
  /**
   * Rules that depend on other rows (an e-mail still free, another super admin left), run in the
   * proposing transaction (its error is the call's) and again in the approving one before
   * `readCurrent`, where an AppError marks the change stale (409 with its message).
   */
  check?(exec: Tx, after: P, ctx: { targetId: string | null; proposerId: number }): Promise<void>;
  /** The current value (JSON), compared with `before` when applied. */
  readCurrent(exec: Executor, targetId: string | null): Promise<unknown>;
  /**
   * Writes `after` and audits the feature's own action, inside the approving transaction. A create
   * calls `recordTarget` with the new row's id, stored as the change's target.
   */
  apply(tx: Tx, after: P, ctx: ApplyContext): Promise<void>;
  /** After the commit (realtime pushes, caches). */
  afterCommit?(after: P, change: AdminChangeRow): void;
  /**
   * What the list and the replies show as before and after, when the stored values do not read well
   * or hold something not to show (an activation token's hash); the stored values stay as they are.
   * In the viewing admin's language (issue 38).
   */
  present?(before: unknown, after: unknown, language: Language): { before: unknown; after: unknown };
}

export interface ApplyContext {
  actor: AuditActor;
  change: AdminChangeRow;
  /** A create's new row: its id becomes the change's target_id. */
  recordTarget(targetId: string): void;
}

/** The job's audit actor for a delayed change: the proposer, from no address. */
const jobActor = (change: AdminChangeRow): AuditActor => ({
  adminId: change.proposerAdminId,
  ip: null,
  userAgent: 'job:admin-changes',
});

const DELAY_HOURS = 24;

type Outcome = { applied: AdminChangeRow } | { refused: AppError };

export function createChangesService(deps: { db: Db; realtime?: Pick<Realtime, 'toAdmins'> }) {
  const { db } = deps;
  const kinds = new Map<string, ChangeKindDefinition>();

  function definition(kind: string): ChangeKindDefinition {
    const def = kinds.get(kind);
    if (!def) throw new Error(`change kind ${kind} is not registered`);
    return def;
  }

  /**
   * A change as shown in `language`: the kind's own presentation of before and after, when it has
   * one; a stale change's stored reason (zh-CN) in its English when the contracts' catalogue knows
   * it (an admin's own reason for a rejection is data).
   */
  function presented(change: AdminChange, language: Language): AdminChange {
    const present = kinds.get(change.kind)?.present;
    const shown = present ? { ...change, ...present(change.before, change.after, language) } : change;
    if (change.status !== 'stale' || change.reason === null) return shown;
    return { ...shown, reason: render(language, change.reason) };
  }

  async function view(
    exec: Executor,
    row: AdminChangeRow,
    viewerId: number,
    language: Language,
  ): Promise<AdminChange> {
    const [shown] = await repo.describe(exec, [row], viewerId);
    return presented(shown!, language);
  }

  /** A kind's rules on other rows at apply: a refusal (stale, 409 with its message) or null. */
  async function recheck(tx: Tx, def: ChangeKindDefinition, after: unknown, change: AdminChangeRow) {
    if (!def.check) return null;
    try {
      await def.check(tx, after, { targetId: change.targetId, proposerId: change.proposerAdminId });
      return null;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return new AppError(409, err.text);
    }
  }

  /**
   * Applies a pending or delayed change in `tx` (locked by the caller), after the stale check.
   * A stale or no longer valid change is marked 'stale' (committed) and refused.
   */
  async function applyLocked(tx: Tx, change: AdminChangeRow, actor: AuditActor): Promise<Outcome> {
    const def = definition(change.kind);
    let after: unknown;
    let refusal: AppError | null = null;
    // Like a first approval, a proposal counts only while its proposer is an admin: one disabled
    // or deleted (perhaps for proposing it) cannot have it applied by a second admin or the job.
    if (!(await repo.isActiveAdmin(tx, change.proposerAdminId)))
      refusal = conflict(CHANGE_TEXTS.proposerGone);
    if (!refusal) {
      try {
        after = def.validate(change.after);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refusal = new AppError(409, err.text);
      }
    }
    if (!refusal) refusal = await recheck(tx, def, after, change);
    if (!refusal) {
      const current = await def.readCurrent(tx, change.targetId);
      if (!repo.sameJson(current, change.before)) refusal = conflict(CHANGE_TEXTS.stale);
    }
    if (refusal) {
      await repo.setStatus(tx, change.id, {
        status: 'stale',
        decidedBy: actor.adminId,
        reason: refusal.message,
      });
      await recordAudit(tx, actor, {
        action: 'change.stale',
        targetType: 'admin_change',
        targetId: change.id,
        before: { status: change.status, kind: change.kind },
        after: { status: 'stale', reason: refusal.message },
      });
      return { refused: refusal };
    }
    let made: string | undefined;
    await def.apply(tx, after, {
      actor,
      change,
      recordTarget: (id) => {
        made = id;
      },
    });
    const targetId = made ?? change.targetId;
    const applied = await repo.setStatus(tx, change.id, {
      status: 'applied',
      decidedBy: actor.adminId,
      ...(made !== undefined ? { targetId: made } : {}),
    });
    await recordAudit(tx, actor, {
      action: 'change.approve',
      targetType: 'admin_change',
      targetId: change.id,
      before: { status: change.status, kind: change.kind, target_id: change.targetId, value: change.before },
      after: { status: 'applied', kind: change.kind, target_id: targetId, value: change.after },
    });
    return { applied };
  }

  function afterApplied(row: AdminChangeRow) {
    const def = kinds.get(row.kind);
    def?.afterCommit?.(def.validate(row.after), row);
  }

  /**
   * A decision (approve, reject, cancel) on one change: lock, check, act, audit, seal. The reply's
   * change is shown in `language`.
   */
  async function decide(
    id: number,
    actor: AuditActor,
    act: (tx: Tx, change: AdminChangeRow) => Promise<Outcome>,
    language: Language,
  ): Promise<AdminChange> {
    const seal = currentSeal();
    const { outcome, shown } = await db.transaction(async (tx) => {
      const change = await repo.lockChange(tx, id);
      if (!change) throw notFound(CHANGE_TEXTS.notFound);
      if (change.status !== 'pending' && change.status !== 'delayed') throw conflict(CHANGE_TEXTS.notPending);
      const outcome = await act(tx, change);
      if ('refused' in outcome) return { outcome, shown: null };
      const shown = await view(tx, outcome.applied, actor.adminId, language);
      await sealEffect(tx, seal, shown);
      return { outcome, shown };
    });
    if ('refused' in outcome) throw outcome.refused;
    if (outcome.applied.status === 'applied') afterApplied(outcome.applied);
    return shown!;
  }

  /**
   * A decision that closes a change unapplied (reject, cancel): `mayClose` says who may, `reason` is
   * kept; the reply's change in `language`.
   */
  function closing(
    status: 'rejected' | 'cancelled',
    mayClose: (tx: Tx, change: AdminChangeRow, adminId: number) => Promise<void>,
  ) {
    return (id: number, actor: AuditActor, reason?: string, language: Language = DEFAULT_LANGUAGE) =>
      decide(
        id,
        actor,
        async (tx, change) => {
          await mayClose(tx, change, actor.adminId);
          return { applied: await close(tx, change, actor, status, reason) };
        },
        language,
      );
  }

  return {
    /** Registers a kind of change (once per app); see the note at the top of this file. */
    registerKind<P>(def: ChangeKindDefinition<P>): void {
      if (kinds.has(def.kind)) throw new Error(`change kind ${def.kind} is registered twice`);
      kinds.set(def.kind, def as ChangeKindDefinition);
    },

    /**
     * Stores a proposal: validates the payload at once (400, nothing stored), reads `before`,
     * decides pending or delayed (no other eligible approver), audits `change.propose`. A delayed
     * change is announced to every admin after the commit, in each admin's language; the reply's
     * change is shown in `language` (the proposer's).
     */
    async propose(
      kind: string,
      targetId: string | null,
      payload: unknown,
      actor: AuditActor,
      language: Language = DEFAULT_LANGUAGE,
    ): Promise<AdminChange> {
      const def = definition(kind);
      const after = def.validate(payload);
      const row = await db.transaction(async (tx) => {
        await def.check?.(tx, after, { targetId, proposerId: actor.adminId });
        const before = (await def.readCurrent(tx, targetId)) ?? null;
        const others = await repo.countEligibleApprovers(tx, def.requiredLevel, actor.adminId);
        const delayed = others === 0;
        const inserted = await repo.insertChange(tx, {
          kind,
          targetType: def.targetType,
          targetId,
          before,
          after,
          requiredLevel: def.requiredLevel,
          status: delayed ? 'delayed' : 'pending',
          proposerAdminId: actor.adminId,
          delayHours: delayed ? DELAY_HOURS : null,
        });
        await recordAudit(tx, actor, {
          action: 'change.propose',
          targetType: 'admin_change',
          targetId: inserted.id,
          before: { kind, target_type: def.targetType, target_id: targetId, value: before },
          after: {
            kind,
            status: inserted.status,
            required_level: def.requiredLevel,
            effective_at: inserted.effectiveAt?.toISOString() ?? null,
            value: after,
          },
        });
        return inserted;
      });
      const label = changeKindLabel(kind);
      deps.realtime?.toAdmins(
        REALTIME_EVENTS.adminNotification,
        perLanguage((language) => ({
          type: 'change',
          sound: row.status === 'delayed',
          title: t(
            language,
            row.status === 'delayed'
              ? 'backOffice.changes.delayedNotice'
              : 'backOffice.changes.proposedNotice',
          ),
          // A kind without a label is named by itself.
          message: render(language, label),
          id: row.id,
          status: row.status,
          effective_at: row.effectiveAt?.toISOString() ?? null,
        })),
      );
      return view(db, row, actor.adminId, language);
    },

    /** Approves and applies (see the note at the top); the reply's change in `language`. */
    approve: (id: number, actor: AuditActor, language: Language = DEFAULT_LANGUAGE) =>
      decide(
        id,
        actor,
        async (tx, change) => {
          await repo.assertMayApprove(tx, change, actor.adminId);
          return applyLocked(tx, change, actor);
        },
        language,
      ),

    /** Rejects: another admin of the required level; nothing is applied. */
    reject: closing('rejected', repo.assertMayReject),

    /** Cancels: the proposer, or while delayed any other active admin. */
    cancel: closing('cancelled', repo.assertMayCancel),

    /** The list as `viewerId` sees it, in `language`. */
    async list(query: repo.ChangeListQuery, viewerId: number, language: Language = DEFAULT_LANGUAGE) {
      const listed = await repo.listChanges(db, query, viewerId);
      return { ...listed, changes: listed.changes.map((change) => presented(change, language)) };
    },

    /** The open changes of one kind as `viewerId` sees them, in `language` (a feature's editor lists them). */
    async openOfKind(kind: string, viewerId: number, language: Language = DEFAULT_LANGUAGE) {
      return (await repo.listOpenOfKind(db, kind, viewerId)).map((change) => presented(change, language));
    },

    /**
     * The status of the latest change of one of `kinds` whose payload has `field` = `value` (an
     * activation token's hash: is its proposal still open, applied or turned down?), or null.
     */
    statusByPayload: (kinds: readonly string[], field: string, value: string) =>
      repo.latestStatusByPayload(db, kinds, field, value),

    /**
     * Applies the delayed changes due at `now` (the database clock), each in its own transaction by
     * the approval's path (stale check included). Returns how many were applied.
     */
    async applyDue(now: Date, fence: Fence = noFence): Promise<number> {
      let applied = 0;
      for (const id of await repo.dueDelayedIds(db, now)) {
        const outcome = await db.transaction(async (tx) => {
          await fence(tx);
          const change = await repo.lockChange(tx, id);
          if (change?.status !== 'delayed' || !change.effectiveAt || change.effectiveAt > now) return null;
          return applyLocked(tx, change, jobActor(change));
        });
        if (outcome && 'applied' in outcome) {
          applied++;
          afterApplied(outcome.applied);
        }
      }
      return applied;
    },

    /** The leased job step (modules/changes/changes.module.ts). */
    jobStep(everyMs: number): JobStep {
      return {
        name: 'apply-delayed-changes',
        everyMs,
        run: async (now, fence) => {
          await this.applyDue(now, fence);
        },
      };
    },
  };

  async function close(
    tx: Tx,
    change: AdminChangeRow,
    actor: AuditActor,
    status: 'rejected' | 'cancelled',
    reason?: string,
  ): Promise<AdminChangeRow> {
    const row = await repo.setStatus(tx, change.id, {
      status,
      decidedBy: actor.adminId,
      reason: reason || null,
    });
    await recordAudit(tx, actor, {
      action: status === 'rejected' ? 'change.reject' : 'change.cancel',
      targetType: 'admin_change',
      targetId: change.id,
      before: { status: change.status, kind: change.kind },
      after: { status, kind: change.kind, reason: reason || null },
    });
    return row;
  }
}

export type ChangesService = ReturnType<typeof createChangesService>;
