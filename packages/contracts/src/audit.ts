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
  query: auditLogsQuery,
  reply: auditLogsReply,
});
export const checkAuditChain = endpoint({
  method: 'GET',
  path: '/api/admin/audit/chain',
  operationId: 'checkAuditChain',
  summary: '校验审计日志哈希链',
  reply: auditChainReply,
});
