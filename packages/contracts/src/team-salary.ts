import { z } from 'zod';
import { firstApproval, payoutApproval } from './approval-thresholds.ts';
import { changeReply } from './changes.ts';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { idParams, pageNumber, pagination } from './pagination.ts';
import { SALARY_PAYOUT_DAYS, salaryLevel } from './team.ts';

/**
 * Salary management (spec 001 §2 "Salary", §3 "Salary candidate", §7):
 * /api/admin/team-salary-management/{eligible-users, statistics, pay/{id}, batch-pay, export, levels}.
 *
 * A payout date is a year (SALARY_FIRST_YEAR, or the earliest payout on record, to the current
 * Beijing year: salaryPayoutYears in packages/domain; the server answers 400 outside it), a month and
 * a payout day (1, 11 or 21). A user is eligible on a date when their charged counts (team.ts) *as
 * they stood at the start of that day in Beijing* (00:00 Asia/Shanghai: members registered before
 * it, charged when their first approved deposit was reviewed before it; salaryCutoff) reach a
 * salary level; they are paid that level's amount into salary_balance, at most once per payout
 * date, whatever the clicks or races. A date in the future (Beijing time) cannot be paid yet.
 */

export const SALARY_TEXTS = {
  eligibleLoaded: '获取工资发放名单成功',
  statisticsLoaded: '获取工资统计成功',
  // The spec's texts are English in its interface (spec 001 §8); this interface is Chinese throughout.
  paid: '工资发放成功',
  batchPaid: (count: number) => `批量发放成功，共 ${count} 人`,
  payFailed: '工资发放失败',
  batchPayFailed: '批量发放失败',
  selectUsers: '请选择要发放的用户',
  alreadyPaid: '该用户本期工资已发放',
  notEligible: '该用户未达到工资发放条件',
  /** Eligible today, but not yet at the start of the payout date. */
  notEligibleOnDate: '该用户在该发放日尚未达到工资等级',
  yearOutOfRange: (first: number, last: number) => `年份须在 ${first} 至 ${last} 年之间`,
  notDueYet: '未到发放日期，不能提前发放',
  levelsSaved: '工资等级已保存',
} as const;

// The range offered depends on the clock and the payouts on record: the service checks it (400).
const payoutYear = z.coerce
  .number({ error: '年份无效' })
  .int('年份无效')
  .min(1000, '年份无效')
  .max(9999, '年份无效');
const payoutMonth = z.coerce.number().int().min(1, '月份为 1-12').max(12, '月份为 1-12');
const payoutDay = z.coerce
  .number()
  .int()
  .refine(
    (d) => (SALARY_PAYOUT_DAYS as readonly number[]).includes(d),
    `发放日只能是 ${SALARY_PAYOUT_DAYS.join('、')} 号`,
  );

export const payoutDateFields = z.object({ year: payoutYear, month: payoutMonth, day: payoutDay });
export type PayoutDate = z.infer<typeof payoutDateFields>;

/** `2026-11-21` for a payout date. */
export function payoutDateKey(d: PayoutDate): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/**
 * A user eligible on the payout date (spec 001 §3 "Salary candidate"), with whether they are paid
 * for it. Level, amount and counts are those of the start of the payout date (see above).
 */
export const salaryCandidate = z.object({
  userId: z.number().int(),
  email: z.string(),
  inviteCode: z.string(),
  salaryLevel: z.number().int(),
  salaryAmount: decimalString,
  directReferrals: z.number().int(),
  chargedDirectReferrals: z.number().int(),
  teamMembers: z.number().int(),
  chargedTeamMembers: z.number().int(),
  /** chargedTeamMembers / teamMembers in percent, 2 decimals (0 for an empty team). */
  conversionRate: z.number(),
  /** Set when the user is already paid for this date: what was paid and when. */
  paid: z.object({ level: z.number().int(), amount: decimalString, paid_at: isoDateTime }).nullable(),
  /** 待复核: a pending first approval of a payout (single or batch) for this date that includes the user. */
  firstApproval: firstApproval.nullable(),
});
export type SalaryCandidate = z.infer<typeof salaryCandidate>;

/** GET .../eligible-users (year, month, day, page, limit=20): highest level first, then most charged team. */
export const eligibleUsersQuery = payoutDateFields.extend({
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type EligibleUsersQuery = z.infer<typeof eligibleUsersQuery>;
export const eligibleUsersReply = envelope(
  z.object({
    users: z.array(salaryCandidate),
    pagination,
    /** Of all eligible users on this date: how many are paid already, and the amount still to pay. */
    summary: z.object({ eligible: z.number().int(), paid: z.number().int(), unpaidAmount: decimalString }),
    /** The payout date, `YYYY-MM-DD`. */
    payoutDate: z.string(),
    /** The instant the counts and levels are taken at: the start of the payout date in Beijing. */
    asOf: isoDateTime,
    /** Whether the date can be paid now (not after today in Beijing, by the server's clock). */
    due: z.boolean(),
    /** The years that can be chosen, oldest first. */
    payoutYears: z.array(z.number().int()),
  }),
);

const periodStats = z.object({
  count: z.number().int(),
  totalAmount: decimalString,
  avgAmount: decimalString,
});
/** GET .../statistics (year and month optional: the current Beijing month by default). */
export const salaryStatisticsQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
});
export const salaryStatistics = z.object({
  /** The month asked for (default: this Beijing month) as `YYYY-MM`, and the one before it. */
  month: z.string(),
  currentMonth: periodStats,
  lastMonth: periodStats,
  /** Payouts of the month asked for, per level. */
  levelStats: z.array(
    z.object({ level: z.number().int(), count: z.number().int(), totalAmount: decimalString }),
  ),
  /** The payout years that can be chosen (as in the eligible-users reply), oldest first. */
  payoutYears: z.array(z.number().int()),
});
export type SalaryStatistics = z.infer<typeof salaryStatistics>;
export const salaryStatisticsReply = envelope(salaryStatistics);

/** POST .../pay/{id} with the payout date in the body. */
export const salaryPayBody = payoutDateFields;
export const salaryPayReply = envelope(
  z.object({
    userId: z.number().int(),
    payoutDate: z.string(),
    level: z.number().int(),
    amount: decimalString,
    /**
     * Set when the amount is at or above the payout threshold and this call recorded the first
     * approval: nothing is paid until a different admin pays the same (user, date, amount).
     */
    awaitingSecondApproval: payoutApproval.nullable(),
  }),
);

export const MAX_BATCH_PAY_USERS = 500;
/** POST .../batch-pay */
export const salaryBatchPayBody = payoutDateFields.extend({
  userIds: z.array(z.number().int().positive()).min(1, SALARY_TEXTS.selectUsers).max(MAX_BATCH_PAY_USERS),
});
export type SalaryBatchPayBody = z.infer<typeof salaryBatchPayBody>;
export const salarySkipReasons = ['already_paid', 'not_eligible'] as const;
export const salaryBatchPayReply = envelope(
  z.object({
    payoutDate: z.string(),
    /** Users paid now. */
    paidCount: z.number().int(),
    totalAmount: decimalString,
    skipped: z.array(z.object({ userId: z.number().int(), reason: z.enum(salarySkipReasons) })),
    /**
     * Set when the batch's total is at or above the payout threshold and this call recorded the
     * first approval: nothing is paid (paidCount 0) until a different admin pays the same batch.
     */
    awaitingSecondApproval: payoutApproval.nullable(),
  }),
);

/** GET .../export (year, month, day): CSV (UTF-8 with BOM) of every eligible user on the date and their payout status. */
export const salaryExportQuery = payoutDateFields;

/** GET/PUT .../levels: the salary table. Levels numbered 1..n, requirements and amounts rising with the level. */
export const salaryLevelsBody = z.object({ levels: z.array(salaryLevel).min(1).max(20) });
export type SalaryLevelsBody = z.infer<typeof salaryLevelsBody>;
export const salaryLevelsReply = envelope(
  z.object({
    levels: z.array(salaryLevel),
    updated_at: isoDateTime.nullable(),
    updated_by: z.string().nullable(),
  }),
);

export const getSalaryLevels = endpoint({
  method: 'GET',
  path: '/api/admin/team-salary-management/levels',
  operationId: 'getSalaryLevels',
  summary: '工资等级表',
  description: 'The salary levels.',
  reply: salaryLevelsReply,
});
export const saveSalaryLevels = endpoint({
  method: 'PUT',
  path: '/api/admin/team-salary-management/levels',
  operationId: 'saveSalaryLevels',
  summary: '保存工资等级表',
  description: 'Saves the salary levels.',
  body: salaryLevelsBody,
  /** A proposal (docs/pending-changes.md): it takes effect once another admin approves it. */
  status: 202,
  reply: changeReply,
});
export const listSalaryEligibleUsers = endpoint({
  method: 'GET',
  path: '/api/admin/team-salary-management/eligible-users',
  operationId: 'listSalaryEligibleUsers',
  summary: '可发工资的用户',
  description: 'Users eligible for a salary.',
  query: eligibleUsersQuery,
  reply: eligibleUsersReply,
});
export const paySalary = endpoint({
  method: 'POST',
  path: '/api/admin/team-salary-management/pay/:id',
  operationId: 'paySalary',
  summary: '发放工资',
  description: "Pays one user's salary.",
  params: idParams,
  body: salaryPayBody,
  reply: salaryPayReply,
});
export const batchPaySalary = endpoint({
  method: 'POST',
  path: '/api/admin/team-salary-management/batch-pay',
  operationId: 'batchPaySalary',
  summary: '批量发放工资',
  description: "Pays several users' salaries.",
  body: salaryBatchPayBody,
  reply: salaryBatchPayReply,
});
export const getSalaryStatistics = endpoint({
  method: 'GET',
  path: '/api/admin/team-salary-management/statistics',
  operationId: 'getSalaryStatistics',
  summary: '工资统计',
  description: 'Salary statistics.',
  query: salaryStatisticsQuery,
  reply: salaryStatisticsReply,
});
export const exportSalary = endpoint({
  method: 'GET',
  path: '/api/admin/team-salary-management/export',
  operationId: 'exportSalary',
  summary: '导出工资报表（CSV）',
  description: 'Exports the salary report (CSV).',
  query: salaryExportQuery,
});
