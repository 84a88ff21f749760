import { z } from 'zod';
import { firstApproval } from './approval-thresholds.ts';
import { endpoint } from './endpoint.ts';
import { withdrawalStatus, withdrawMethod } from './enums.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { kycApplication } from './kyc.ts';
import { idParams, pageQuery, pagination, userIdFilter } from './pagination.ts';
import { usdtNetwork, userDeposit } from './wallet.ts';

/** Admin withdrawal management (spec 000 §2, §4, §7). */

/** A single status or a comma list (`pending,reviewing` for 待处理); an unknown one is a 400. */
export const withdrawalStatusFilter = z
  .string()
  .trim()
  .transform((v) => v.split(',').map((s) => s.trim()))
  .pipe(z.array(withdrawalStatus, { error: '提现状态不正确' }).min(1));

export const adminWithdrawalsQuery = pageQuery.extend({
  /** Only this user's records (用户详情's link). */
  user_id: userIdFilter,
  status: withdrawalStatusFilter.optional(),
  type: withdrawMethod.optional(),
  /** E-mail, phone or withdrawal id. */
  search: z.string().trim().max(200).optional(),
  /** Only undecided withdrawals with a first approval to 已通过, waiting for a second admin (待复核). */
  awaitingSecondApproval: z
    .enum(['true', 'false'], { error: 'awaitingSecondApproval 必须是 true 或 false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type AdminWithdrawalsQuery = z.input<typeof adminWithdrawalsQuery>;

export const adminWithdrawal = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user: z.object({ email: z.string(), phone: z.string().nullable() }),
  withdraw_type: withdrawMethod,
  channel: z.string(),
  amount: decimalString,
  fee: decimalString,
  fee_rate: decimalString,
  currency: z.string(),
  address: z.string().nullable(),
  /** usdt: TRC20 or ERC20; null for payee withdrawals (and old rows of neither shape). */
  network: usdtNetwork.nullable(),
  account_info: z
    .object({ account: z.string(), name: z.string(), phone: z.string().nullable().optional() })
    .nullable(),
  status: withdrawalStatus,
  created_at: isoDateTime,
  updated_at: isoDateTime,
  user_remark: z.string().nullable(),
  admin_remark: z.string().nullable(),
  /** The payout's transaction hash, entered with 已出款 (required for a USDT withdrawal). */
  tx_hash: z.string().nullable(),
  /** 待复核: a move to 已通过 at or above the threshold recorded by one admin, waiting for another. */
  first_approval: firstApproval.nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

export const adminWithdrawalsReply = envelope(
  z.object({ withdrawals: z.array(adminWithdrawal), pagination }),
);
export type AdminWithdrawalsReply = z.infer<typeof adminWithdrawalsReply>;

/** The payout's transaction hash: only with 已出款 (the service checks it against the address's network). */
export const PAYOUT_TX_HASH_ONLY_ON_COMPLETION = '交易哈希只能在出款完成（已出款）时填写';

export const withdrawalStatusBody = z
  .object({
    status: withdrawalStatus,
    adminNote: z.string().trim().max(500, '备注不能超过500个字符').optional(),
    /** Required when a USDT withdrawal moves to 已出款; refused for wechat and alipay and other statuses. */
    tx_hash: z
      .string({ error: '交易哈希必须是文本' })
      .max(200, '交易哈希不能超过200个字符')
      .transform((v) => v.trim() || undefined)
      .optional(),
  })
  .refine((b) => b.status !== 'rejected' || Boolean(b.adminNote), {
    path: ['adminNote'],
    message: '请输入拒绝原因',
  })
  .refine((b) => b.status === 'completed' || b.tx_hash === undefined, {
    path: ['tx_hash'],
    message: PAYOUT_TX_HASH_ONLY_ON_COMPLETION,
  });
export type WithdrawalStatusBody = z.infer<typeof withdrawalStatusBody>;
export const withdrawalStatusReply = envelope(z.object({ withdrawal: adminWithdrawal }));

/** One transition applied to many rows; each row is checked and moved on its own. */
export const withdrawalBulkStatusBody = z
  .object({
    ids: z.array(z.number().int().positive()).min(1, '请选择提现记录').max(100, '一次最多处理100条'),
    status: withdrawalStatus,
    adminNote: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.status !== 'rejected' || Boolean(b.adminNote), {
    path: ['adminNote'],
    message: '请输入拒绝原因',
  });
export type WithdrawalBulkStatusBody = z.infer<typeof withdrawalBulkStatusBody>;
export const withdrawalBulkStatusReply = envelope(
  z.object({
    processedCount: z.number().int(),
    processedIds: z.array(z.number().int()),
    /** Rows whose first approval to 已通过 this call recorded: they now wait for another admin (待复核). */
    awaitingSecondApprovalIds: z.array(z.number().int()),
    /** Rows that could not move, with the reason (e.g. 当前状态不允许此操作). */
    skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
  }),
);

/** Realtime events (spec 000 §7). */
export interface AdminNotificationEvent {
  type: 'withdrawal' | 'deposit' | 'reconciliation' | 'payout' | 'adjustment' | 'change' | 'risk';
  sound: boolean;
  title: string;
  message: string;
  id: number;
  /** Dual control: a first approval was recorded and waits for another admin (sent to the others only). */
  second_approval?: boolean;
  /** A pending change (type `change`): its status, and when a delayed one takes effect. */
  status?: 'pending' | 'delayed';
  effective_at?: string | null;
}
export interface WithdrawalStatusUpdateEvent {
  id: number;
  userId: number;
  status: z.infer<typeof withdrawalStatus>;
  previousStatus: z.infer<typeof withdrawalStatus>;
  updated_at: string;
}
export const REALTIME_EVENTS = {
  adminNotification: 'admin_notification',
  withdrawalStatusUpdate: 'withdrawal_status_update',
  /** To the owner: one of their deposits was reviewed ({ deposit: UserDeposit }). */
  depositStatusUpdate: 'deposit_status_update',
  /** To the applicant: their KYC application was reviewed ({ application: KycApplication }). */
  kycStatusUpdate: 'kyc_status_update',
  /** To the owner: one of their orders changed (fill, settlement, liquidation, cancel): { order }. */
  orderUpdated: 'trading:order',
} as const;
/** deposit_status_update, to the deposit's owner once a review has committed (as GET /api/wallet/deposits lists it). */
export const depositStatusUpdateEvent = z.object({ deposit: userDeposit });
export type DepositStatusUpdateEvent = z.infer<typeof depositStatusUpdateEvent>;
/** kyc_status_update, to the applicant once an admin review has committed. */
export const kycStatusUpdateEvent = z.object({ application: kycApplication });
export type KycStatusUpdateEvent = z.infer<typeof kycStatusUpdateEvent>;

export const listAdminWithdrawals = endpoint({
  method: 'GET',
  path: '/api/admin/withdrawals',
  operationId: 'listAdminWithdrawals',
  summary: '提现列表（管理）',
  description: 'Withdrawal requests (admin).',
  query: adminWithdrawalsQuery,
  reply: adminWithdrawalsReply,
});
export const setWithdrawalStatus = endpoint({
  method: 'PATCH',
  path: '/api/admin/withdrawals/:id/status',
  operationId: 'setWithdrawalStatus',
  summary: '修改提现状态',
  description: "Changes a withdrawal's status.",
  params: idParams,
  body: withdrawalStatusBody,
  reply: withdrawalStatusReply,
});
export const bulkSetWithdrawalStatus = endpoint({
  method: 'POST',
  path: '/api/admin/withdrawals/bulk-status',
  operationId: 'bulkSetWithdrawalStatus',
  summary: '批量修改提现状态',
  description: "Changes several withdrawals' status.",
  body: withdrawalBulkStatusBody,
  reply: withdrawalBulkStatusReply,
});
