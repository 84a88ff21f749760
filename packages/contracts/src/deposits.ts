import { z } from 'zod';
import { firstApproval } from './approval-thresholds.ts';
import { endpoint } from './endpoint.ts';
import { depositStatus } from './enums.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { idParams, pageQuery, pagination, userIdFilter } from './pagination.ts';

/** Admin deposit review (spec 000 §2 deposit management, §7). */

/**
 * 今天 / 本周 / 本月 of the deposit list: requested since 00:00 Beijing time of today, of this week's
 * Monday, of this month's 1st (calendar periods, not the last 7 or 30 days).
 */
export const dateRanges = ['today', 'week', 'month'] as const;
export const dateRange = z.enum(dateRanges);
export type DateRange = z.infer<typeof dateRange>;

export const adminDepositsQuery = pageQuery.extend({
  /** Only this user's records (用户详情's link). */
  user_id: userIdFilter,
  status: depositStatus.optional(),
  /** E-mail, user id, tx hash (as typed, or any way of writing it: see normaliseTxHash) or deposit id. */
  search: z.string().trim().max(200).optional(),
  dateRange: dateRange.optional(),
  /** Only pending deposits with a first approval, waiting for a second admin (待复核). */
  awaitingSecondApproval: z
    .enum(['true', 'false'], { error: 'awaitingSecondApproval 必须是 true 或 false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type AdminDepositsQuery = z.infer<typeof adminDepositsQuery>;

export const adminDeposit = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_email: z.string(),
  amount: decimalString,
  currency: z.string(),
  channel_name: z.string(),
  to_address: z.string().nullable(),
  tx_hash: z.string().nullable(),
  remark: z.string().nullable(),
  status: depositStatus,
  admin_note: z.string().nullable(),
  created_at: isoDateTime,
  reviewed_at: isoDateTime.nullable(),
  processed_at: isoDateTime.nullable(),
  /** 待复核: a pending deposit at or above the threshold approved by one admin, waiting for another. */
  first_approval: firstApproval.nullable(),
});
export type AdminDeposit = z.infer<typeof adminDeposit>;

/**
 * Counts over every deposit; amounts are approved deposits: all time, and approved today (Beijing
 * day) whenever requested.
 */
export const depositStats = z.object({
  totalDeposits: z.number().int(),
  pendingDeposits: z.number().int(),
  approvedDeposits: z.number().int(),
  rejectedDeposits: z.number().int(),
  totalAmount: decimalString,
  todayAmount: decimalString,
});
export type DepositStats = z.infer<typeof depositStats>;

export const adminDepositsReply = envelope(
  z.object({ deposits: z.array(adminDeposit), pagination, stats: depositStats }),
);
export type AdminDepositsReply = z.infer<typeof adminDepositsReply>;

export const depositReviewBody = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: '审核状态必须是 approved 或 rejected' }),
    adminNote: z.string().trim().max(500, '备注不能超过500个字符').optional(),
  })
  .refine((b) => b.status !== 'rejected' || Boolean(b.adminNote), {
    path: ['adminNote'],
    message: '请输入拒绝原因',
  });
export type DepositReviewBody = z.infer<typeof depositReviewBody>;
export const depositReviewReply = envelope(z.object({ deposit: adminDeposit }));

export const MAX_BATCH_SIZE = 100;
export const depositBatchReviewBody = z
  .object({
    action: z.enum(['approve', 'reject'], { error: 'action 必须是 approve 或 reject' }),
    depositIds: z
      .array(z.number().int().positive())
      .min(1, '请选择充值记录')
      .max(MAX_BATCH_SIZE, `一次最多处理${MAX_BATCH_SIZE}条`),
    adminNote: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.action !== 'reject' || Boolean(b.adminNote), {
    path: ['adminNote'],
    message: '请输入拒绝原因',
  });
export type DepositBatchReviewBody = z.infer<typeof depositBatchReviewBody>;
export const depositBatchReviewReply = envelope(
  z.object({
    /** Deposits approved or rejected by this call. */
    processedCount: z.number().int(),
    processedIds: z.array(z.number().int()),
    /** Deposits whose first approval this call recorded: they now wait for another admin (待复核). */
    awaitingSecondApprovalIds: z.array(z.number().int()),
    /** Deposits left as they were, with the reason (e.g. 需要另一位管理员复核 for one's own first approval). */
    skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
  }),
);

export const listAdminDeposits = endpoint({
  method: 'GET',
  path: '/api/admin/deposits',
  operationId: 'listAdminDeposits',
  summary: '充值列表（管理）',
  description: 'Deposit requests (admin).',
  query: adminDepositsQuery,
  reply: adminDepositsReply,
});
export const reviewDeposit = endpoint({
  method: 'PATCH',
  path: '/api/admin/deposits/:id/review',
  operationId: 'reviewDeposit',
  summary: '审核充值',
  description: 'Approves or rejects a deposit request.',
  params: idParams,
  body: depositReviewBody,
  reply: depositReviewReply,
});
export const batchReviewDeposits = endpoint({
  method: 'POST',
  path: '/api/admin/deposits/batch-review',
  operationId: 'batchReviewDeposits',
  summary: '批量审核充值',
  description: 'Approves or rejects several deposit requests.',
  body: depositBatchReviewBody,
  reply: depositBatchReviewReply,
});
