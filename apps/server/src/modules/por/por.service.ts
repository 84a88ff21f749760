import {
  DEFAULT_LANGUAGE,
  type Language,
  POR_MESSAGES,
  type PorAdminSnapshot,
  type PorProof,
  type PorSnapshotSummary,
} from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { conflict, notFound } from '../../core/errors.ts';
import { pageOf, paginationOf } from '../../core/paging.ts';
import type { Db, Executor } from '../../db/client.ts';
import { aggregateRow, rowDate } from '../../db/rows.ts';
import { porGeneratingReason, porMismatchReason, porReasonIn } from '../../i18n/por-texts.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import type { JobStep } from '../jobs/job-loop.ts';
import { createLease } from '../jobs/lease.ts';
import { totalUserLiabilities, type UserLiabilities, userLiabilityBatches } from '../ledger/liabilities.ts';
import {
  balancesObject,
  canonical,
  formatUnits,
  LEAVES_PER_BLOCK,
  leafHash,
  levelSizes,
  newNonce,
  nodeFromLeaves,
  paddingLeaf,
  parseCanonical,
  pathPositions,
  STORED_FROM_LEVEL,
  type SumNode,
  SumTreeBuilder,
  type Units,
} from './merkle.ts';
import * as repo from './por.repository.ts';

/**
 * One build at a time across instances, whether the daily job or a super admin started it. The TTL
 * only matters when an instance dies mid-build (a million users take well under a minute).
 */
export const BUILD_LEASE = 'por-snapshot-build';
const BUILD_LEASE_TTL_MS = 10 * 60_000;
/** Users read, hashed and written per batch: memory stays at one batch of leaves and nodes. */
const BATCH_USERS = 5000;

/** A tree whose root does not equal the ledger: the snapshot is stored refused, with this reason. */
class SnapshotRefused extends Error {}

/** `00:00` → the latest instant at that UTC time of day not after `now`. */
export function dueInstant(now: Date, timeOfDay: string): Date {
  const [hours, minutes] = timeOfDay.split(':').map((part) => Number.parseInt(part, 10));
  const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes));
  if (due > now) due.setUTCDate(due.getUTCDate() - 1);
  return due;
}

/** Why the root and the ledger differ, currency by currency; null when they agree. */
export function totalsMismatch(tree: Units, ledger: Units): string | null {
  const currencies = [...new Set([...tree.keys(), ...ledger.keys()])].sort();
  const differences = currencies
    .filter((c) => (tree.get(c) ?? 0n) !== (ledger.get(c) ?? 0n))
    .map((c) => ({
      currency: c,
      tree: formatUnits(tree.get(c) ?? 0n),
      ledger: formatUnits(ledger.get(c) ?? 0n),
    }));
  // Stored in zh-CN; the admin list reads it in the reader's language (porReasonIn).
  return differences.length ? porMismatchReason(differences) : null;
}

const summaryOf = (row: repo.PorSnapshotRow): PorSnapshotSummary => ({
  id: row.id,
  taken_at: row.takenAt.toISOString(),
  root: row.root ?? '',
  totals: row.totals,
  leaf_count: row.leafCount,
  padding_nonce: row.paddingNonce,
});

const adminViewOf = (row: repo.PorSnapshotRow, language: Language = DEFAULT_LANGUAGE): PorAdminSnapshot => ({
  id: row.id,
  taken_at: row.takenAt.toISOString(),
  status: row.status,
  failure_reason: porReasonIn(language, row.failureReason),
  root: row.root,
  totals: row.totals,
  leaf_count: row.leafCount,
  triggered_by: row.triggeredBy,
  duration_ms: row.durationMs,
});

export interface PorServiceDeps {
  db: Db;
  /** The users' liabilities as the ledger holds them; replaced only by the refusal test. */
  userBatches?: (exec: Executor, batchSize: number) => AsyncIterable<UserLiabilities[]>;
}

/**
 * Proof of liabilities (issue 36, docs/proof-of-liabilities.md): builds a Merkle sum tree of every
 * user's liabilities in one REPEATABLE READ snapshot of the ledger, stores its leaves and nodes,
 * and serves the public snapshots and each user's proof.
 */
export function createPorService(deps: PorServiceDeps) {
  const { db } = deps;
  const userBatches = deps.userBatches ?? userLiabilityBatches;

  /** Reads, hashes and stores the tree in the transaction `tx`; throws SnapshotRefused on a mismatch. */
  async function buildIn(tx: Executor, snapshotId: number, paddingNonce: string) {
    const ledgerTotals = await totalUserLiabilities(tx);
    let nodes: repo.NodeRow[] = [];
    const builder = new SumTreeBuilder(paddingLeaf(paddingNonce), (level, idx, node) => {
      if (level >= STORED_FROM_LEVEL)
        nodes.push({ level, idx, hash: node.hash, sums: canonical(node.units) });
    });
    for await (const batch of userBatches(tx, BATCH_USERS)) {
      const leaves: repo.LeafRow[] = [];
      for (const user of batch) {
        const balances = canonical(user.units);
        if (balances === '') continue;
        const nonce = newNonce();
        const hash = leafHash(nonce, balances);
        leaves.push({ idx: builder.leafCount, userId: user.userId, nonce, balances, hash });
        builder.addLeaf({ hash, units: user.units });
      }
      await repo.insertLeaves(tx, snapshotId, leaves);
      await repo.insertNodes(tx, snapshotId, nodes);
      nodes = [];
    }
    const root = builder.finish();
    await repo.insertNodes(tx, snapshotId, nodes);
    const mismatch = totalsMismatch(root.units, ledgerTotals);
    if (mismatch) throw new SnapshotRefused(mismatch);
    return { root, leafCount: builder.leafCount };
  }

  async function audit(tx: Executor, actor: AuditActor | null, row: repo.PorSnapshotRow) {
    if (!actor) return;
    await recordAudit(tx, actor, {
      action: 'por.snapshot',
      targetType: 'por_snapshot',
      targetId: row.id,
      after: { status: row.status, root: row.root, totals: row.totals, leaf_count: row.leafCount },
    });
  }

  /**
   * One snapshot: everything in one REPEATABLE READ transaction (the ledger's totals, every user's
   * rows, the leaves and nodes written), so the tree is the ledger at one instant. A refused tree
   * rolls back and is stored as a refused row with its reason. Null when another build holds the lease.
   */
  async function build(
    actor: AuditActor | null,
    scheduledFor: Date | null,
  ): Promise<repo.PorSnapshotRow | null> {
    const lease = createLease(db, BUILD_LEASE, BUILD_LEASE_TTL_MS);
    if (!(await lease.acquire())) return null;
    const started = performance.now();
    const paddingNonce = newNonce();
    const elapsed = () => Math.round(performance.now() - started);
    let takenAt = new Date();
    try {
      return await db.transaction(
        async (tx) => {
          // A SELECT takes the transaction's snapshot at once; the build may outlast statement_timeout.
          const now = await aggregateRow(
            tx,
            sql`SELECT set_config('statement_timeout', '0', true), now()::text AS now`,
          );
          takenAt = rowDate(now.now);
          const placeholder = await repo.insertSnapshot(tx, {
            takenAt,
            scheduledFor,
            status: 'refused',
            failureReason: porGeneratingReason(),
            paddingNonce,
            triggeredBy: actor?.adminId ?? null,
          });
          const { root, leafCount } = await buildIn(tx, placeholder.id, paddingNonce);
          const row = await repo.publishSnapshot(tx, placeholder.id, {
            root: root.hash,
            totals: balancesObject(root.units),
            leafCount,
            durationMs: elapsed(),
          });
          await audit(tx, actor, row);
          return row;
        },
        { isolationLevel: 'repeatable read' },
      );
    } catch (err) {
      if (!(err instanceof SnapshotRefused)) throw err;
      return db.transaction(async (tx) => {
        const row = await repo.insertSnapshot(tx, {
          takenAt,
          scheduledFor,
          status: 'refused',
          failureReason: err.message,
          paddingNonce,
          triggeredBy: actor?.adminId ?? null,
          durationMs: elapsed(),
        });
        await audit(tx, actor, row);
        return row;
      });
    } finally {
      await lease.release();
    }
  }

  async function publishedOrThrow(id: number | undefined) {
    const row = await repo.findPublished(db, id);
    if (!row) throw notFound(id === undefined ? POR_MESSAGES.noSnapshot : POR_MESSAGES.snapshotNotFound);
    return row;
  }

  return {
    build,

    /** The daily job: once per due instant (POR_SNAPSHOT_TIME_UTC); a refused one is not retried. */
    jobStep(timeOfDay: string): JobStep {
      return {
        name: 'por-snapshot',
        everyMs: 60_000,
        run: async (now) => {
          const due = dueInstant(now, timeOfDay);
          if (await repo.scheduledExists(db, due)) return;
          await build(null, due);
        },
      };
    },

    /** 生成快照: a super admin's snapshot now, audited; 409 while another build is under way. */
    async buildNow(actor: AuditActor): Promise<PorAdminSnapshot> {
      const row = await build(actor, null);
      if (!row) throw conflict(POR_MESSAGES.inProgress);
      return adminViewOf(row);
    },

    async listPublished(query: { page: number; limit: number }) {
      const { rows, total } = await repo.listSnapshots(db, { publishedOnly: true, ...pageOf(query) });
      return { snapshots: rows.map(summaryOf), pagination: paginationOf(query, total) };
    },

    async listForAdmin(query: { page: number; limit: number }, language: Language = DEFAULT_LANGUAGE) {
      const [{ rows, total }, liabilities] = await Promise.all([
        repo.listSnapshots(db, { publishedOnly: false, ...pageOf(query) }),
        totalUserLiabilities(db),
      ]);
      return {
        snapshots: rows.map((row) => adminViewOf(row, language)),
        pagination: paginationOf(query, total),
        liabilities: balancesObject(liabilities),
      };
    },

    /** A published snapshot with one page of its leaves (hash, balances, index; never a user id). */
    async snapshot(id: number, query: { page: number; limit: number }) {
      const row = await publishedOrThrow(id);
      const { offset, limit } = pageOf(query);
      const leaves = await repo.leavesPage(db, row.id, offset, limit);
      return {
        snapshot: {
          ...summaryOf(row),
          leaves: leaves.map((l) => ({
            index: l.idx,
            hash: l.hash,
            balances: balancesObject(parseCanonical(l.balances)),
          })),
        },
        pagination: paginationOf(query, row.leafCount),
      };
    },

    /** The caller's leaf and the siblings from it up to the root's children. */
    async proof(userId: number, snapshotId: number | undefined): Promise<PorProof> {
      const row = await publishedOrThrow(snapshotId);
      const leaf = await repo.leafOfUser(db, row.id, userId);
      if (!leaf) throw notFound(POR_MESSAGES.notInSnapshot);
      const sizes = levelSizes(row.leafCount);
      const padding = paddingLeaf(row.paddingNonce);
      const steps = pathPositions(leaf.idx, row.leafCount);
      // The siblings below STORED_FROM_LEVEL are rebuilt from the leaf's block of 16 leaves.
      const blockStart = leaf.idx - (leaf.idx % LEAVES_PER_BLOCK);
      const [block, nodes] = await Promise.all([
        repo.leavesBlock(db, row.id, blockStart, LEAVES_PER_BLOCK),
        repo.nodesAt(
          db,
          row.id,
          steps
            .filter((s) => s.level >= STORED_FROM_LEVEL && !s.padded)
            .map((s) => ({ level: s.level, idx: s.sibling })),
        ),
      ]);
      const blockLeaf = (idx: number): SumNode => {
        const found = block.get(idx);
        if (!found) throw new Error(`proof of liabilities: snapshot ${row.id} lacks leaf ${idx}`);
        return { hash: found.hash, units: parseCanonical(found.balances) };
      };
      const byLevel = new Map(nodes.map((n) => [n.level, n]));
      const path = steps.map((s) => {
        if (s.padded) return { side: s.side, hash: padding.hash, sums: {} };
        if (s.level < STORED_FROM_LEVEL) {
          const node = nodeFromLeaves(s.level, s.sibling, sizes, padding, blockLeaf);
          return { side: s.side, hash: node.hash, sums: balancesObject(node.units) };
        }
        const found = byLevel.get(s.level);
        if (!found)
          throw new Error(`proof of liabilities: snapshot ${row.id} lacks its node at level ${s.level}`);
        return { side: s.side, hash: found.hash, sums: balancesObject(parseCanonical(found.sums)) };
      });
      return {
        snapshot_id: row.id,
        root: row.root ?? '',
        leaf: { nonce: leaf.nonce, balances: balancesObject(parseCanonical(leaf.balances)), hash: leaf.hash },
        path,
      };
    },
  };
}

export type PorService = ReturnType<typeof createPorService>;
