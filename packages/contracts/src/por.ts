import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { envelope, isoDateTime } from './envelope.ts';
import { idParams, pageQuery, pagination } from './pagination.ts';

/**
 * Proof of liabilities (issue 36, docs/proof-of-liabilities.md): a Merkle sum tree of every user's
 * balances per snapshot. Amounts are plain decimal strings with exactly 18 places (the ledger's
 * scale); a balance object maps a currency to such a string, currencies in ascending order.
 */

/** `125.500000000000000000`: what the tree hashes, never rounded, never negative. */
export const porAmount = z.string().regex(/^\d+\.\d{18}$/, '金额必须是 18 位小数');
export const porBalances = z.record(z.string(), porAmount);
export type PorBalances = z.infer<typeof porBalances>;
export const porHash = z.string().regex(/^[0-9a-f]{64}$/, '哈希必须是 64 位十六进制');

export const porSnapshotStatuses = ['published', 'refused'] as const;
export type PorSnapshotStatus = (typeof porSnapshotStatuses)[number];
export const POR_STATUS_LABELS: Readonly<Record<PorSnapshotStatus, string>> = {
  published: '已发布',
  refused: '未发布',
};

/** A published snapshot as the public sees it (no user ids anywhere). */
export const porSnapshotSummary = z.object({
  id: z.number().int(),
  taken_at: isoDateTime,
  /** The root node's hash (hex); it commits to the root's sums, which are `totals`. */
  root: porHash,
  totals: porBalances,
  leaf_count: z.number().int(),
  /** The nonce of the zero-balance padding leaf that an odd node is paired with. */
  padding_nonce: z.string(),
});
export type PorSnapshotSummary = z.infer<typeof porSnapshotSummary>;

export const porLeaf = z.object({ index: z.number().int(), hash: porHash, balances: porBalances });
export type PorLeaf = z.infer<typeof porLeaf>;

/** Leaves of a snapshot are paged: a million users do not fit one reply. */
export const porSnapshotQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const porSnapshotsReply = envelope(z.object({ snapshots: z.array(porSnapshotSummary), pagination }));
export const porSnapshotReply = envelope(
  z.object({ snapshot: porSnapshotSummary.extend({ leaves: z.array(porLeaf) }), pagination }),
);

/** One step of a proof: the sibling's hash and sums, and the side it stands on. */
export const porPathStep = z.object({
  side: z.enum(['left', 'right']),
  hash: porHash,
  sums: porBalances,
});
export type PorPathStep = z.infer<typeof porPathStep>;

export const porProof = z.object({
  snapshot_id: z.number().int(),
  root: porHash,
  leaf: z.object({ nonce: z.string(), balances: porBalances, hash: porHash }),
  /** From the leaf's sibling up to the root's children. */
  path: z.array(porPathStep),
});
export type PorProof = z.infer<typeof porProof>;

export const porProofQuery = z.object({
  snapshot: z.coerce.number().int().positive('快照编号不正确').optional(),
});
export const porProofReply = envelope(porProof);

/** The back office's view: every snapshot, refused ones with their reason. */
export const porAdminSnapshot = z.object({
  id: z.number().int(),
  taken_at: isoDateTime,
  status: z.enum(porSnapshotStatuses),
  failure_reason: z.string().nullable(),
  root: porHash.nullable(),
  totals: porBalances,
  leaf_count: z.number().int(),
  /** The super admin who asked for it; null for the daily job. */
  triggered_by: z.number().int().nullable(),
  duration_ms: z.number().int(),
});
export type PorAdminSnapshot = z.infer<typeof porAdminSnapshot>;

export const porAdminSnapshotsReply = envelope(
  z.object({
    snapshots: z.array(porAdminSnapshot),
    pagination,
    /** The ledger's user liabilities now (available + frozen + salary), for comparison. */
    liabilities: porBalances,
  }),
);
export const porCreateSnapshotReply = envelope(z.object({ snapshot: porAdminSnapshot }));

export const POR_MESSAGES = {
  noSnapshot: '暂无资产证明快照',
  snapshotNotFound: '快照不存在',
  notInSnapshot: '该快照中没有您的余额（余额为零的用户不计入）',
  inProgress: '资产证明快照正在生成，请稍后再试',
} as const;

export const listPorSnapshots = endpoint({
  method: 'GET',
  path: '/api/por/snapshots',
  operationId: 'listPorSnapshots',
  summary: '资产证明快照列表',
  description: 'The published proof-of-liabilities snapshots.',
  query: pageQuery,
  reply: porSnapshotsReply,
});
export const getPorSnapshot = endpoint({
  method: 'GET',
  path: '/api/por/snapshots/:id',
  operationId: 'getPorSnapshot',
  summary: '资产证明快照',
  description: 'One published proof-of-liabilities snapshot.',
  params: idParams,
  query: porSnapshotQuery,
  reply: porSnapshotReply,
});
export const getPorProof = endpoint({
  method: 'GET',
  path: '/api/por/proof',
  operationId: 'getPorProof',
  summary: '我的资产证明',
  description: "The caller's inclusion proof in the latest proof-of-liabilities snapshot.",
  query: porProofQuery,
  reply: porProofReply,
});
export const listAdminPorSnapshots = endpoint({
  method: 'GET',
  path: '/api/admin/por/snapshots',
  operationId: 'listAdminPorSnapshots',
  summary: '负债证明快照',
  description: 'Proof-of-liabilities snapshots (admin).',
  query: pageQuery,
  reply: porAdminSnapshotsReply,
});
export const createPorSnapshot = endpoint({
  method: 'POST',
  path: '/api/admin/por/snapshots',
  operationId: 'createPorSnapshot',
  summary: '生成负债证明快照',
  description: 'Generates a proof-of-liabilities snapshot.',
  reply: porCreateSnapshotReply,
});
