import { DEFAULT_LANGUAGE, type Language, type SalaryCandidate } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { t } from '../../../i18n/i18n.ts';
import type { zhCN } from '../../../i18n/zh-CN.ts';

/**
 * The salary report (GET .../export): CSV per RFC 4180 (CRLF line ends, fields quoted when they
 * hold a quote, a comma or a line break, quotes doubled), UTF-8 with a byte-order mark so that
 * spreadsheet programs read the header right; the header and the payout status are in the
 * requesting admin's language (the data as stored).
 *
 * A cell that starts with = + - @ (or a tab or carriage return) would be taken for a formula by a
 * spreadsheet (CSV injection): such a cell is prefixed with an apostrophe, which shows it as text.
 */

/** The header's columns: the catalogues' `backOffice.salaryCsv` keys, in order. */
const SALARY_CSV_COLUMNS = [
  'email',
  'inviteCode',
  'level',
  'amount',
  'directCount',
  'directDepositedCount',
  'teamCount',
  'teamDepositedCount',
  'conversionRate',
  'status',
  'paidAt',
] as const satisfies readonly (keyof typeof zhCN.backOffice.salaryCsv)[];

/** The header row's cells in `language`. */
export const salaryCsvHeader = (language: Language) =>
  SALARY_CSV_COLUMNS.map((column) => t(language, `backOffice.salaryCsv.${column}`));

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
export function salaryCsvRow(c: SalaryCandidate, language: Language = DEFAULT_LANGUAGE): string {
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
    t(language, c.paid ? 'backOffice.salaryCsv.paid' : 'backOffice.salaryCsv.unpaid'),
    c.paid ? formatDateTime(c.paid.paid_at) : '',
  ]);
}

/** The start of the file: the byte-order mark and the header row, in `language`. */
export const salaryCsvHead = (language: Language = DEFAULT_LANGUAGE) =>
  `${UTF8_BOM}${csvLine(salaryCsvHeader(language))}`;

/** `attachment` with the plain file name and its RFC 5987 UTF-8 form. */
export function attachmentDisposition(filename: string): string {
  const plain = filename.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
