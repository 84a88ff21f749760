import { z } from 'zod';
import { changeReply } from './changes.ts';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { idParams } from './pagination.ts';

/**
 * Dual control above thresholds (issue 17). A deposit approval, a withdrawal's move to 已通过, and
 * a salary or reward payout (a batch by its total) of a USDT amount at or above its threshold
 * needs two different admins: the first admin's approval is recorded and moves no money (待复核),
 * a different admin's approval of the same thing completes it. The same admin again is 409
 * 需要另一位管理员复核. A rejection by anyone applies at once. An admin's approvals count only from
 * `approver_since` (24 h after the account was created, issue 32): before that they may give
 * neither approval of a request that needs two (403), but approve one that needs one, and reject.
 */

export const DUAL_CONTROL_TEXTS = {
  secondAdminRequired: '需要另一位管理员复核',
  awaitingTag: '待复核',
  firstApprovalRecorded: '已记录第一位管理员的审核，等待另一位管理员复核',
  thresholdsLoaded: '获取复核阈值成功',
  thresholdsSaved: '复核阈值已保存',
  payoutApprovalsLoaded: '获取待复核发放成功',
  payoutApprovalRejected: '已驳回待复核的发放',
  payoutApprovalNotPending: '该发放已处理，只能驳回待复核的发放',
  payoutApprovalNotFound: '待复核的发放不存在',
  approverNotCountingYet: '新管理员创建后 24 小时内的审批不计入双人复核，请由其他管理员处理',
  adjustmentProposerNotCounting:
    '提交该调整的管理员已不计入双人复核（已停用、已删除或创建未满 24 小时），请驳回后重新提交',
} as const;

/** The defaults migration 0024 seeds (USDT). */
export const DEFAULT_APPROVAL_THRESHOLDS = { deposit: '10000', withdrawal: '10000', payout: '5000' } as const;

/** Decimals a threshold may have. */
export const THRESHOLD_DECIMALS = 8;

/**
 * A review threshold's validation texts, each with the amount's kind (充值, 提现, 发放); the
 * contracts' catalogue (messages.ts) holds their shapes' English and the kinds' (`labels`).
 */
export const THRESHOLD_TEXTS = {
  enter: (label: string) => `请输入${label}阈值`,
  format: (label: string) => `${label}阈值格式不正确，请输入数字`,
  places: (label: string) => `${label}阈值最多保留 ${THRESHOLD_DECIMALS} 位小数`,
  positive: (label: string) => `${label}阈值必须大于0`,
  labels: { deposit: '充值', withdrawal: '提现', payout: '发放' },
} as const;

const thresholdAmount = (kind: keyof typeof THRESHOLD_TEXTS.labels) => {
  const label = THRESHOLD_TEXTS.labels[kind];
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? THRESHOLD_TEXTS.enter(label) : THRESHOLD_TEXTS.format(label),
    })
    .trim()
    .min(1, THRESHOLD_TEXTS.enter(label))
    .regex(/^\d{1,20}(\.\d+)?$/, THRESHOLD_TEXTS.format(label))
    .refine((v) => !/\.\d{9,}$/.test(v), THRESHOLD_TEXTS.places(label))
    .refine((v) => /[1-9]/.test(v), THRESHOLD_TEXTS.positive(label));
};

/** PUT /api/admin/settings/approval-thresholds (super admin): USDT amounts as decimal strings. */
export const approvalThresholdsBody = z.object({
  deposit: thresholdAmount('deposit'),
  withdrawal: thresholdAmount('withdrawal'),
  payout: thresholdAmount('payout'),
});
export type ApprovalThresholdsBody = z.infer<typeof approvalThresholdsBody>;

export const approvalThresholds = z.object({
  deposit: decimalString,
  withdrawal: decimalString,
  payout: decimalString,
  /** Always USDT: amounts in another currency are valued at their reference price. */
  currency: z.string(),
  updated_at: isoDateTime.nullable(),
  /** E-mail of the super admin who last saved them; null for the seeded defaults. */
  updated_by: z.string().nullable(),
});
export type ApprovalThresholds = z.infer<typeof approvalThresholds>;
export const approvalThresholdsReply = envelope(approvalThresholds);

/**
 * Why a request needs a second admin (issue 32, structuring): the thresholds compare the user's
 * (payee's) USDT total over the last 24 h — the request plus what was approved or first-approved
 * before it — not the request alone.
 */
export const windowTotalReason = (total: string) => `该用户 24 小时内累计 ${total} USDT，达到双人复核阈值`;

/** 待复核: who recorded the first approval and when (null when nothing waits for a second admin). */
export const firstApproval = z.object({
  admin_id: z.number().int(),
  admin_email: z.string().nullable(),
  at: isoDateTime,
  /**
   * The user's (payee's) USDT total in the 24 h window when the first approval was recorded
   * (windowTotalReason); null when unknown (no reference price, or recorded before issue 32).
   */
  window_total: decimalString.nullable().optional(),
});
export type FirstApproval = z.infer<typeof firstApproval>;

export const payoutApprovalKinds = ['salary', 'reward'] as const;
export const payoutApprovalStatuses = ['pending', 'completed', 'rejected'] as const;

/** A salary or reward payout waiting for (or decided by) a second admin: exactly what will be paid. */
export const payoutApproval = z.object({
  id: z.number().int(),
  kind: z.enum(payoutApprovalKinds),
  status: z.enum(payoutApprovalStatuses),
  /** Salaries: the payout date, `YYYY-MM-DD`. */
  payout_date: z.string().nullable(),
  items: z.array(
    z.object({
      user_id: z.number().int(),
      amount: decimalString,
      reward_id: z.number().int().nullable(),
      level: z.number().int().nullable(),
    }),
  ),
  total: decimalString,
  currency: z.string(),
  first_approval: firstApproval,
});
export type PayoutApproval = z.infer<typeof payoutApproval>;

export const payoutApprovalsQuery = z.object({
  kind: z.enum(payoutApprovalKinds, { error: 'kind 必须是 salary 或 reward' }).optional(),
});
export const payoutApprovalsReply = envelope(z.object({ approvals: z.array(payoutApproval) }));
export const payoutApprovalReply = envelope(z.object({ approval: payoutApproval }));

/** The dashboard's 待复核 counts: what waits for a second admin. */
export const secondApprovalCounts = z.object({
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  payouts: z.number().int(),
  adjustments: z.number().int(),
});
export type SecondApprovalCounts = z.infer<typeof secondApprovalCounts>;

export const listPendingPayouts = endpoint({
  method: 'GET',
  path: '/api/admin/payout-approvals',
  operationId: 'listPendingPayouts',
  summary: '待复核的出款',
  description: "Payouts waiting for a second admin's review.",
  query: payoutApprovalsQuery,
  reply: payoutApprovalsReply,
});
export const rejectPendingPayout = endpoint({
  method: 'POST',
  path: '/api/admin/payout-approvals/:id/reject',
  operationId: 'rejectPendingPayout',
  summary: '驳回待复核的出款',
  description: 'Rejects a payout waiting for review.',
  params: idParams,
  reply: payoutApprovalReply,
});
export const getApprovalThresholds = endpoint({
  method: 'GET',
  path: '/api/admin/settings/approval-thresholds',
  operationId: 'getApprovalThresholds',
  summary: '双人复核阈值',
  description: "The amounts above which a payout needs a second admin's review.",
  reply: approvalThresholdsReply,
});
export const saveApprovalThresholds = endpoint({
  method: 'PUT',
  path: '/api/admin/settings/approval-thresholds',
  operationId: 'saveApprovalThresholds',
  summary: '保存双人复核阈值',
  description: 'Saves the dual-control review thresholds.',
  body: approvalThresholdsBody,
  /** A proposal a second super admin approves (docs/pending-changes.md). */
  status: 202,
  reply: changeReply,
});
