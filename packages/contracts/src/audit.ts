import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { envelope, isoDateTime } from './envelope.ts';
import { pageQuery, pagination } from './pagination.ts';

// --- Beijing-day date filters (the audit log and the ledger journal) ------------------------------

const BEIJING_OFFSET = '+08:00';
const DAY_MS = 86_400_000;

function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A Beijing calendar day, `YYYY-MM-DD`; '' means no bound. */
export const beijingDay = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, '日期格式应为 YYYY-MM-DD')
  .refine((v) => v === '' || isCalendarDay(v), '日期不存在');

/** The instants that bound Beijing days `from`..`to` (both included): `[start, end)`. */
export function beijingDayBounds(from?: string, to?: string): { start?: Date; end?: Date } {
  return {
    start: from ? new Date(`${from}T00:00:00${BEIJING_OFFSET}`) : undefined,
    end: to ? new Date(new Date(`${to}T00:00:00${BEIJING_OFFSET}`).getTime() + DAY_MS) : undefined,
  };
}

/** dateFrom/dateTo (Beijing days, both included) of a list query. */
export const dayRangeShape = { dateFrom: beijingDay.optional(), dateTo: beijingDay.optional() };

/** The refinement that makes dateFrom after dateTo a 400. */
export const dayRangeOrder: [
  (q: { dateFrom?: string; dateTo?: string }) => boolean,
  { path: string[]; message: string },
] = [
  (q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo,
  { path: ['dateTo'], message: '开始日期不能晚于结束日期' },
];

// --- the actions the server records, with their labels ------------------------------------------

/**
 * Every action the server records in the audit log (`<target>.<verb>`) with its label on 审计日志.
 * The server's recordAudit takes only these (AuditAction), so an action cannot be recorded without a
 * label; audit-actions.test.ts checks the server's source against this list as well.
 */
export const AUDIT_ACTION_LABELS = {
  'adjustment.create': '发起余额调整',
  'adjustment.approve': '批准余额调整',
  'adjustment.reject': '拒绝余额调整',
  'admin.create': '新增管理员',
  'admin.update': '修改管理员',
  'admin.status': '启用或停用管理员',
  'admin.delete': '删除管理员',
  'admin.activation_issue': '签发管理员激活链接',
  'admin.activate': '管理员激活账户',
  'announcement.create': '新增公告',
  'announcement.update': '修改公告',
  'announcement.publish': '发布公告',
  'announcement.unpublish': '下架公告',
  'announcement.reorder': '调整公告排序',
  'announcement.delete': '删除公告',
  'approval_thresholds.update': '修改复核阈值',
  'carousel.create': '新增轮播图',
  'carousel.update': '修改轮播图',
  'carousel.publish': '发布轮播图',
  'carousel.unpublish': '下架轮播图',
  'carousel.reorder': '调整轮播图排序',
  'carousel.delete': '删除轮播图',
  'carousel.image_upload': '上传轮播图图片',
  'change.propose': '提交待生效变更',
  'change.approve': '批准待生效变更',
  'change.reject': '拒绝待生效变更',
  'change.cancel': '撤销待生效变更',
  'change.stale': '待生效变更已失效',
  'channel.create': '新增充值通道',
  'channel.update': '修改充值通道',
  'channel.status': '启用或停用充值通道',
  'channel.delete': '删除充值通道',
  'channel.qrcode_upload': '上传充值通道二维码',
  'deposit.first_approve': '充值初审通过',
  'deposit.approve': '充值审核通过',
  'deposit.reject': '拒绝充值',
  'flash_config.update': '修改秒合约配置',
  'support_contact.update': '修改客服联系方式',
  'perpetual_risk.update': '修改永续合约风控参数',
  'kyc.approve': '通过实名认证',
  'kyc.reject': '拒绝实名认证',
  'market_data.start': '启动行情推送',
  'market_data.stop': '停止行情推送',
  'market_data.restart': '重启行情推送',
  'market_data.init_historical': '初始化历史K线',
  'market_data.fetch_pair': '获取交易对的历史K线',
  'option_config.update': '修改期权配置',
  'por.snapshot': '生成负债证明快照',
  'reconciliation.run': '运行对账',
  'reconciliation.acknowledge': '确认对账异常',
  'risk_threshold.save': '保存风险敞口预警阈值',
  'team_reward.calculate': '计算团队奖励',
  'team_reward.distribute': '发放团队奖励',
  'team_reward.first_approve': '团队奖励发放初审通过',
  'team_reward.second_approve': '团队奖励发放复核通过',
  'team_reward.approval_reject': '驳回团队奖励发放',
  'team_salary.pay': '发放工资',
  'team_salary.batch_pay': '批量发放工资',
  'team_salary.first_approve': '工资发放初审通过',
  'team_salary.second_approve': '工资发放复核通过',
  'team_salary.approval_reject': '驳回工资发放',
  'team_salary_levels.update': '修改工资等级表',
  'trade_order.cancel': '撤销用户订单',
  'trading_pair.enable': '启用交易对',
  'trading_pair.disable': '停用交易对',
  'trading_pair.sync': '从行情源同步交易对',
  'twofa.enable': '开启两步验证',
  'twofa.disable': '关闭两步验证',
  'user.password_reset_link': '生成用户重置密码链接',
  'user.status': '启用或停用用户',
  'withdraw_channel.create': '新增提现通道',
  'withdraw_channel.update': '修改提现通道',
  'withdraw_channel.status': '启用或停用提现通道',
  'withdraw_channel.delete': '删除提现通道',
  'withdrawal.first_approve': '提现初审通过',
  'withdrawal.status': '更新提现状态',
} as const satisfies Record<string, string>;

/** An action the audit log records (a key of AUDIT_ACTION_LABELS). */
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** The label of an action; a code without one (a row older than its label) shows as it is. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action as AuditAction] : action;
}

// --- GET /api/admin/audit-logs (super admin) ---------------------------------------------------

/**
 * An action name (`deposit.approve`), or a prefix: ending in `.` (`deposit.`) or `*` (`deposit*`).
 * '' means no filter.
 */
export const auditActionFilter = z
  .string()
  .trim()
  .max(100, '操作类型不能超过100个字符')
  .regex(/^([\w.:-]+\*?)?$/, '操作类型格式不正确');

/** Whether an action filter is a prefix, and the text to compare. */
export function parseAuditActionFilter(filter: string): { prefix: boolean; value: string } {
  if (filter.endsWith('*')) return { prefix: true, value: filter.slice(0, -1) };
  return { prefix: filter.endsWith('.'), value: filter };
}

export const auditLogsQuery = pageQuery
  .extend({
    ...dayRangeShape,
    adminId: z.coerce.number().int('管理员ID必须是整数').positive('管理员ID必须是正整数').optional(),
    /** Part of the admin's e-mail (case-insensitive). */
    search: z.string().trim().max(200, '搜索内容不能超过200个字符').optional(),
    action: auditActionFilter.optional(),
    targetType: z
      .string()
      .trim()
      .regex(/^([\w.:-]{1,64})?$/, '目标类型格式不正确')
      .optional(),
    targetId: z.string().trim().max(200, '目标ID不能超过200个字符').optional(),
  })
  .refine(...dayRangeOrder);
export type AuditLogsQuery = z.infer<typeof auditLogsQuery>;
/** What the web app sends (every filter optional, page and limit too). */
export type AuditLogsParams = z.input<typeof auditLogsQuery>;

export const auditLog = z.object({
  id: z.number().int(),
  admin: z.object({ id: z.number().int(), email: z.string() }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The record before and after the change, as the module recorded it (JSON). */
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: isoDateTime,
});
export type AuditLog = z.infer<typeof auditLog>;

export const auditLogsReply = envelope(
  z.object({
    logs: z.array(auditLog),
    pagination,
    /** Every action name that occurs in the log, for the filter select. */
    actions: z.array(z.string()),
  }),
);
export type AuditLogsReply = z.infer<typeof auditLogsReply>;
export type AuditLogsData = AuditLogsReply['data'];

// --- GET /api/admin/audit/chain (super admin): the hash chain's state --------------------------

export const auditChainBreak = z.object({
  /** audit_logs.id of the first row that does not verify (null: rows are missing at the end). */
  id: z.number().int().nullable(),
  /** Its position in the chain (null: the row was never chained). */
  seq: z.number().int().nullable(),
  /** What differs, in Chinese, e.g. 内容已被修改（重算哈希与记录不符）. */
  reason: z.string(),
});
export type AuditChainBreak = z.infer<typeof auditChainBreak>;

export const auditChainState = z.object({
  ok: z.boolean(),
  /** Rows checked. */
  rows: z.number().int(),
  first_broken: auditChainBreak.optional(),
  /** The chain head's last seq and hash. */
  head: z.object({ seq: z.number().int(), hash: z.string() }),
  verified_at: isoDateTime,
});
export type AuditChainState = z.infer<typeof auditChainState>;
export const auditChainReply = envelope(auditChainState);

export const listAdminAuditLogs = endpoint({
  method: 'GET',
  path: '/api/admin/audit-logs',
  operationId: 'listAdminAuditLogs',
  summary: '审计日志',
  description: 'The audit log of admin actions.',
  query: auditLogsQuery,
  reply: auditLogsReply,
});
export const checkAuditChain = endpoint({
  method: 'GET',
  path: '/api/admin/audit/chain',
  operationId: 'checkAuditChain',
  summary: '校验审计日志哈希链',
  description: "Verifies the audit log's hash chain.",
  reply: auditChainReply,
});
