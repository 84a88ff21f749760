import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { envelope, isoDateTime } from './envelope.ts';
import { idParams, pageQuery, pagination } from './pagination.ts';

/**
 * Pending changes (待生效变更, issue 32; docs/pending-changes.md): a money-affecting setting is saved
 * as a proposal that a second admin of the required level approves before it takes effect. Where no
 * other eligible approver exists, the change is delayed 24 h (any other admin may cancel it).
 * A proposing call answers 202 with `data: { change }`.
 */

export const CHANGE_TEXTS = {
  proposed: '已提交，待另一位管理员批准后生效',
  delayed: '已提交，24 小时后生效，其他管理员可撤销',
  listed: '获取待生效变更成功',
  approved: '变更已批准并生效',
  rejected: '变更已拒绝',
  cancelled: '变更已撤销',
  notFound: '变更不存在',
  notPending: '该变更已处理',
  stale: '配置已被修改，请重新提交变更',
  proposerGone: '提交人已被禁用或删除，该变更不再生效',
  ownProposal: '不能批准自己提交的变更',
  levelTooLow: '该变更需要超级管理员批准',
  tooNew: '新管理员创建 24 小时内不能批准变更',
  cannotCancel: '只有提交人可以撤销该变更（24 小时延迟生效期间其他管理员也可撤销）',
  delayedNotice: '有一项变更将在 24 小时后生效',
  reasonTooLong: '原因最多 500 个字符',
} as const;

export const changeStatuses = ['pending', 'delayed', 'applied', 'rejected', 'cancelled', 'stale'] as const;
export type ChangeStatus = (typeof changeStatuses)[number];
export const CHANGE_STATUS_LABELS: Record<ChangeStatus, string> = {
  pending: '待批准',
  delayed: '延迟生效中',
  applied: '已生效',
  rejected: '已拒绝',
  cancelled: '已撤销',
  stale: '已失效',
};

export const changeLevels = ['admin', 'super_admin'] as const;
export type ChangeLevel = (typeof changeLevels)[number];

/**
 * The Chinese name of each change kind. A feature that registers a kind adds its label here (the
 * list shows the raw kind for one it does not know).
 */
export const CHANGE_KIND_LABELS: Record<string, string> = {
  option_config: '期权配置',
  flash_config: '秒合约配置',
  approval_thresholds: '复核阈值',
  team_salary_levels: '工资等级表',
  'channel.create': '新增充值通道',
  'channel.update': '修改充值通道',
  'channel.delete': '删除充值通道',
  'withdraw_channel.create': '新增提现通道',
  'withdraw_channel.update': '修改提现通道',
  'withdraw_channel.delete': '删除提现通道',
  'admin.create': '新增管理员',
  'admin.level': '修改管理员级别',
  'admin.activation': '重置管理员密码与两步验证（新激活链接）',
  'admin.delete': '删除管理员',
  'admin.enable': '启用管理员',
  'user.password_reset_link': '生成用户重置密码链接（客服）',
  'support.contact': '客服联系方式',
  'perpetual.risk': '永续合约风控参数',
};

/** One proposal as the list and a proposing call show it. */
export const adminChange = z.object({
  id: z.number().int(),
  kind: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The value it replaces, as read when proposed (null: nothing yet). */
  before: z.unknown(),
  /** The validated value it applies. */
  after: z.unknown(),
  required_level: z.enum(changeLevels),
  status: z.enum(changeStatuses),
  proposer: z.object({ id: z.number().int(), email: z.string().nullable() }),
  approver: z.object({ id: z.number().int(), email: z.string().nullable() }).nullable(),
  proposed_at: isoDateTime,
  /** For a delayed change: when it takes effect unless cancelled. */
  effective_at: isoDateTime.nullable(),
  decided_at: isoDateTime.nullable(),
  reason: z.string().nullable(),
  /** What the viewing admin may do with it now. */
  can_approve: z.boolean(),
  can_reject: z.boolean(),
  can_cancel: z.boolean(),
});
export type AdminChange = z.infer<typeof adminChange>;

/** `data` of a 202 from a proposing call. */
export const changeProposed = z.object({ change: adminChange });
export const changeReply = envelope(changeProposed);

export const changesQuery = pageQuery.extend({
  status: z.enum(changeStatuses, { error: '变更状态不正确' }).optional(),
});
export const changesReply = envelope(z.object({ changes: z.array(adminChange), pagination }));

/** The body of /reject and /cancel: `{}` or `{ reason }`. */
export const changeDecisionBody = z.object({
  reason: z.string().trim().max(500, CHANGE_TEXTS.reasonTooLong).optional(),
});

export const listAdminChanges = endpoint({
  method: 'GET',
  path: '/api/admin/changes',
  operationId: 'listAdminChanges',
  summary: '待生效变更',
  description: "Pending changes waiting for another admin's approval.",
  query: changesQuery,
  reply: changesReply,
});
export const approveAdminChange = endpoint({
  method: 'POST',
  path: '/api/admin/changes/:id/approve',
  operationId: 'approveAdminChange',
  summary: '批准变更',
  description: 'Approves a pending change, which then takes effect.',
  params: idParams,
  reply: changeReply,
});
export const rejectAdminChange = endpoint({
  method: 'POST',
  path: '/api/admin/changes/:id/reject',
  operationId: 'rejectAdminChange',
  summary: '拒绝变更',
  description: 'Rejects a pending change.',
  params: idParams,
  body: changeDecisionBody,
  reply: changeReply,
});
export const cancelAdminChange = endpoint({
  method: 'POST',
  path: '/api/admin/changes/:id/cancel',
  operationId: 'cancelAdminChange',
  summary: '撤销变更',
  description: "Withdraws one's own pending change.",
  params: idParams,
  body: changeDecisionBody,
  reply: changeReply,
});

/** The Chinese name of a change kind (the kind itself when no label is known). */
export const changeKindLabel = (kind: string) => CHANGE_KIND_LABELS[kind] ?? kind;

/** The message of a 202: waiting for a second admin, or taking effect in 24 h. */
export const changeProposedMessage = (change: Pick<AdminChange, 'status'>) =>
  change.status === 'delayed' ? CHANGE_TEXTS.delayed : CHANGE_TEXTS.proposed;

/**
 * GET /api/admin/changes/summary: what the back office shows every admin on every screen (the menu's
 * count on 待生效变更 and the banner of delayed changes), so that nobody depends on a realtime push
 * they may have missed to learn that a change is about to take effect.
 */
export const changesSummary = z.object({
  /** Open changes this admin may approve now. */
  awaiting_me: z.number().int(),
  /** Every pending or delayed change. */
  open: z.number().int(),
  /** Changes in their 24 h delay (a lone super admin's), which apply unless cancelled. */
  delayed: z.number().int(),
  /** When the first of them takes effect. */
  next_effective_at: isoDateTime.nullable(),
});
export type ChangesSummary = z.infer<typeof changesSummary>;
export const getAdminChangesSummary = endpoint({
  method: 'GET',
  path: '/api/admin/changes/summary',
  operationId: 'getAdminChangesSummary',
  summary: '待生效变更概况',
  description: 'How many changes are pending, by kind.',
  reply: envelope(changesSummary),
});
