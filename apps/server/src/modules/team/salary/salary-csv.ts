import type { SalaryCandidate } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';

/**
 * The salary report (GET .../export): CSV per RFC 4180 (CRLF line ends, fields quoted when they
 * hold a quote, a comma or a line break, quotes doubled), UTF-8 with a byte-order mark so that
 * spreadsheet programs read the Chinese header right.
 *
 * A cell that starts with = + - @ (or a tab or carriage return) would be taken for a formula by a
 * spreadsheet (CSV injection): such a cell is prefixed with an apostrophe, which shows it as text.
 */

export const SALARY_CSV_HEADER = [
  '用户邮箱',
  '邀请码',
  '工资等级',
  '应发金额',
  '直推人数',
  '直推充值人数',
  '团队人数',
  '团队充值人数',
  '转化率(%)',
  '发放状态',
  '发放时间',
] as const;

export const SALARY_PAID_LABEL = '已发放';
export const SALARY_UNPAID_LABEL = '未发放';

const UTF8_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field: neutralised against formulas, then quoted if it must be. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A candidate's row. For a user paid on the date, the level and amount are those paid; otherwise
 * those their counts reach now.
 */
export function salaryCsvRow(c: SalaryCandidate): string {
  return csvLine([
    c.email,
    c.inviteCode,
    `L${c.paid?.level ?? c.salaryLevel}`,
    c.paid?.amount ?? c.salaryAmount,
    c.directReferrals,
    c.chargedDirectReferrals,
    c.teamMembers,
    c.chargedTeamMembers,
    c.conversionRate.toFixed(2),
    c.paid ? SALARY_PAID_LABEL : SALARY_UNPAID_LABEL,
    c.paid ? formatDateTime(c.paid.paid_at) : '',
  ]);
}

/** The start of the file: the byte-order mark and the header row. */
export const salaryCsvHead = () => `${UTF8_BOM}${csvLine(SALARY_CSV_HEADER)}`;

/** `attachment` with the plain file name and its RFC 5987 UTF-8 form. */
export function attachmentDisposition(filename: string): string {
  const plain = filename.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
