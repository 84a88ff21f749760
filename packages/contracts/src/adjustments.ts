import { z } from 'zod';
import { amount } from './amount.ts';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { idParams, pageQuery, pagination } from './pagination.ts';

/**
 * Manual balance adjustments (issue 17): one admin proposes, a different admin approves, and only
 * then is it posted through the ledger against the adjustments system account. A mistaken posting
 * is reversed this way too: the journal stays append-only.
 */

export const MAX_ADJUSTMENT_REASON = 500;

/** The adjustment forms' texts (the contracts' catalogue, messages.ts, holds their English). */
export const ADJUSTMENT_FORM_TEXTS = {
  statusInvalid: '状态必须是 pending、approved 或 rejected',
  userRequired: '请选择用户',
  currencyRequired: '请选择币种',
  reasonRequired: '请输入调整原因',
  reasonTooLong: `调整原因不能超过${MAX_ADJUSTMENT_REASON}个字符`,
  rejectReasonTooLong: `拒绝原因不能超过${MAX_ADJUSTMENT_REASON}个字符`,
} as const;

export const adjustmentStatuses = ['pending', 'approved', 'rejected'] as const;
export const adjustmentStatus = z.enum(adjustmentStatuses, {
  error: ADJUSTMENT_FORM_TEXTS.statusInvalid,
});
export type AdjustmentStatus = z.infer<typeof adjustmentStatus>;

export const ADJUSTMENT_STATUS_LABELS: Readonly<Record<AdjustmentStatus, string>> = {
  pending: '待复核',
  approved: '已通过',
  rejected: '已拒绝',
};

/** A signed amount as a decimal string, never zero: '100', '-12.5'. The currency's precision is the server's check. */
export const signedAdjustmentAmount = amount({
  label: '调整金额',
  integer: 20,
  scale: 18,
  min: 'nonzero',
}).transform((v) => v.replace(/^\+/, ''));

export const createAdjustmentBody = z.object({
  user_id: z.coerce
    .number({ error: ADJUSTMENT_FORM_TEXTS.userRequired })
    .int(ADJUSTMENT_FORM_TEXTS.userRequired)
    .positive(ADJUSTMENT_FORM_TEXTS.userRequired),
  currency: z
    .string({ error: ADJUSTMENT_FORM_TEXTS.currencyRequired })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,12}$/, '币种格式不正确'),
  amount: signedAdjustmentAmount,
  reason: z
    .string({ error: ADJUSTMENT_FORM_TEXTS.reasonRequired })
    .trim()
    .min(1, ADJUSTMENT_FORM_TEXTS.reasonRequired)
    .max(MAX_ADJUSTMENT_REASON, ADJUSTMENT_FORM_TEXTS.reasonTooLong),
});
export type CreateAdjustmentBody = z.infer<typeof createAdjustmentBody>;

/** The body is optional: no body (null) is an empty one. */
export const rejectAdjustmentBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    reason: z
      .string()
      .trim()
      .max(MAX_ADJUSTMENT_REASON, ADJUSTMENT_FORM_TEXTS.rejectReasonTooLong)
      .transform((v) => v || undefined)
      .optional(),
  }),
);
export type RejectAdjustmentBody = z.infer<typeof rejectAdjustmentBody>;

export const adjustmentsQuery = pageQuery.extend({ status: adjustmentStatus.optional() });
export type AdjustmentsQuery = z.infer<typeof adjustmentsQuery>;

export const adminAdjustment = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_email: z.string(),
  currency: z.string(),
  /** Signed, as stored (18 decimals). */
  amount: decimalString,
  reason: z.string(),
  status: adjustmentStatus,
  created_by: z.number().int(),
  created_by_email: z.string(),
  /** The second admin who approved or rejected it. */
  reviewed_by: z.number().int().nullable(),
  reviewed_by_email: z.string().nullable(),
  review_note: z.string().nullable(),
  created_at: isoDateTime,
  reviewed_at: isoDateTime.nullable(),
});
export type AdminAdjustment = z.infer<typeof adminAdjustment>;

export const adjustmentReply = envelope(z.object({ adjustment: adminAdjustment }));
export type AdjustmentReply = z.infer<typeof adjustmentReply>;

export const adjustmentsReply = envelope(
  z.object({ adjustments: z.array(adminAdjustment), pagination, pendingCount: z.number().int() }),
);
export type AdjustmentsReply = z.infer<typeof adjustmentsReply>;

/**
 * Realtime (issue 17). A new proposal reaches the other admins as admin_notification
 * `{ type: 'adjustment', ... }` (not the proposer, nor an admin whose own account it adjusts: neither
 * may approve it); every review reaches all admins as adjustment_status_update, so open 余额调整
 * lists refresh.
 */
export const ADJUSTMENT_STATUS_UPDATE_EVENT = 'adjustment_status_update';
export interface AdjustmentStatusUpdateEvent {
  id: number;
  status: AdjustmentStatus;
  reviewed_by: number | null;
}

export const listAdjustments = endpoint({
  method: 'GET',
  path: '/api/admin/adjustments',
  operationId: 'listAdjustments',
  summary: '余额调整列表',
  description: 'Balance adjustments, with their approval status.',
  query: adjustmentsQuery,
  reply: adjustmentsReply,
});
export const createAdjustment = endpoint({
  method: 'POST',
  path: '/api/admin/adjustments',
  operationId: 'createAdjustment',
  summary: '发起余额调整',
  description: 'Proposes a balance adjustment (another admin must approve).',
  body: createAdjustmentBody,
  reply: adjustmentReply,
});
export const approveAdjustment = endpoint({
  method: 'POST',
  path: '/api/admin/adjustments/:id/approve',
  operationId: 'approveAdjustment',
  summary: '通过余额调整',
  description: 'Approves a balance adjustment, which then takes effect.',
  params: idParams,
  reply: adjustmentReply,
});
export const rejectAdjustment = endpoint({
  method: 'POST',
  path: '/api/admin/adjustments/:id/reject',
  operationId: 'rejectAdjustment',
  summary: '拒绝余额调整',
  description: 'Rejects a balance adjustment.',
  params: idParams,
  body: rejectAdjustmentBody,
  reply: adjustmentReply,
});
