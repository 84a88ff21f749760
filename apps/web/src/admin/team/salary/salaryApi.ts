import {
  type AdminChange,
  batchPaySalary,
  DEFAULT_PAGE_SIZE,
  type EligibleUsersQuery,
  type EndpointData,
  exportSalary,
  getSalaryLevels,
  getSalaryStatistics,
  listSalaryEligibleUsers,
  type PayoutDate,
  payoutDateFields,
  payoutDateKey,
  paySalary,
  SALARY_PAYOUT_DAYS,
  type SalaryCandidate,
  type SalaryLevel,
  type SalaryLevelsBody,
  type SalaryStatistics,
  salaryBatchPayBody,
  salaryLevelsBody,
  salaryPayBody,
  saveSalaryLevels as saveSalaryLevelsEndpoint,
} from '@platform/contracts';
import { formatDate, latestPayoutDate, salaryPayoutYears } from '@platform/domain';
import { i18n } from '../../../i18n/index.ts';
import { ApiError, buildUrl, call } from '../../../lib/request.ts';
import { readToken } from '../../../lib/storage.ts';

export type { PayoutDate, SalaryCandidate, SalaryLevel, SalaryStatistics };

export type EligibleUsersData = EndpointData<typeof listSalaryEligibleUsers>;
export type SalaryPayResult = EndpointData<typeof paySalary>;
export type SalaryBatchPayResult = EndpointData<typeof batchPaySalary>;
export type SalaryLevelsData = EndpointData<typeof getSalaryLevels>;

/** Today's Beijing calendar day as YYYY-MM-DD. */
export const beijingToday = (now: Date = new Date()): string => formatDate(now);

/** The payout date the screen opens on: the latest one on or before today (Beijing time). */
export const defaultPayoutDate = (now: Date = new Date()): PayoutDate => latestPayoutDate(beijingToday(now));

/** Whether the payout date is after today in Beijing (the server refuses to pay it yet). */
export const isFuturePayoutDate = (date: PayoutDate, now: Date = new Date()): boolean =>
  payoutDateKey(date) > beijingToday(now);

/**
 * The payout years the selectors offer before the server has said (its replies carry
 * payoutYears, which may start earlier when older payouts are on record): 2024 to this Beijing year.
 */
export const offeredPayoutYears = (now: Date = new Date()): number[] => salaryPayoutYears(now);

/** The years of a selector: the server's list (or the offline one) and the value shown, oldest first. */
export const yearOptions = (years: readonly number[] | undefined, shown: number) =>
  [...new Set<number>([...(years ?? offeredPayoutYears()), shown])]
    .sort((a, b) => a - b)
    .map((year) => ({ value: year, label: i18n.t('admin:team.salary.year', { year }) }));

/**
 * The payout date the address holds (?year=2026&month=11&day=11), or null when it holds none, a bad
 * one or a year the selector does not offer.
 */
export function payoutDateFromParams(params: URLSearchParams, now: Date = new Date()): PayoutDate | null {
  const parsed = payoutDateFields.safeParse({
    year: params.get('year') ?? undefined,
    month: params.get('month') ?? undefined,
    day: params.get('day') ?? undefined,
  });
  if (!parsed.success || !offeredPayoutYears(now).includes(parsed.data.year)) return null;
  return parsed.data;
}

/** The payout day selector's options, in the language shown (call at render). */
export const payDayOptions = () =>
  SALARY_PAYOUT_DAYS.map((day) => ({ value: day, label: i18n.t('admin:team.salary.day', { day }) }));

/** The month selector's options, in the language shown (call at render). */
export const monthOptions = () =>
  Array.from({ length: 12 }, (_, i) => ({
    value: i + 1,
    label: i18n.t('admin:team.salary.month', { month: i + 1 }),
  }));

export const SALARY_QUERY_ROOT = ['admin', 'team-salary'] as const;
export const eligibleQueryKey = (query: EligibleUsersQuery) =>
  [...SALARY_QUERY_ROOT, 'eligible-users', query] as const;
export const statisticsQueryKey = (month: { year: number; month: number }) =>
  [...SALARY_QUERY_ROOT, 'statistics', month] as const;
export const SALARY_LEVELS_KEY = [...SALARY_QUERY_ROOT, 'levels'] as const;

/** GET .../eligible-users (year, month, day, page, limit 20). */
export async function fetchEligibleUsers(
  date: PayoutDate,
  page: number,
  signal?: AbortSignal,
): Promise<EligibleUsersData> {
  const reply = await call(listSalaryEligibleUsers, {
    query: { ...date, page, limit: DEFAULT_PAGE_SIZE },
    signal,
  });
  return reply.data;
}

/** GET .../statistics (year, month): the month's payouts, the month before, and per level. */
export async function fetchSalaryStatistics(
  month: { year: number; month: number },
  signal?: AbortSignal,
): Promise<SalaryStatistics> {
  const reply = await call(getSalaryStatistics, { query: month, signal });
  return reply.data;
}

/** POST .../pay/{userId} {year, month, day}. */
export async function payUser(
  userId: number,
  date: PayoutDate,
  idempotencyKey: string,
): Promise<SalaryPayResult> {
  const body = salaryPayBody.parse(date);
  const reply = await call(paySalary, { params: { id: userId }, body, idempotencyKey });
  return reply.data;
}

/** POST .../batch-pay {year, month, day, userIds}; the contract refuses an empty selection first. */
export async function batchPay(
  userIds: readonly number[],
  date: PayoutDate,
  idempotencyKey: string,
): Promise<SalaryBatchPayResult> {
  const body = salaryBatchPayBody.parse({ ...date, userIds: [...userIds] });
  const reply = await call(batchPaySalary, { body, idempotencyKey });
  return reply.data;
}

/** GET .../levels */
export async function fetchSalaryLevels(signal?: AbortSignal): Promise<SalaryLevelsData> {
  const reply = await call(getSalaryLevels, { signal });
  return reply.data;
}

/** PUT .../levels {levels}: a proposal (202) another admin approves in 待生效变更. */
export async function saveSalaryLevels(levels: readonly SalaryLevel[]): Promise<AdminChange> {
  const body: SalaryLevelsBody = salaryLevelsBody.parse({ levels: [...levels] });
  const reply = await call(saveSalaryLevelsEndpoint, { body });
  return reply.data.change;
}

export const EXPORT_TIMEOUT_MS = 60_000;

/** The file name of a payout date's report: salary-2026-11-21.csv. */
export const exportFileName = (date: PayoutDate) => `salary-${payoutDateKey(date)}.csv`;

export interface SalaryExportResult {
  name: string;
  /** Data rows in the file (the server's X-Export-Rows), null when it did not say. */
  rows: number | null;
  /** The server cut the report at its row limit (X-Export-Truncated). */
  truncated: boolean;
}

/**
 * GET .../export (year, month, day): the CSV of the payout date, fetched with the request layer's
 * bearer token (a plain link could not send it) and saved under exportFileName. A refusal (JSON
 * envelope) becomes an ApiError carrying the server's message.
 */
export async function downloadSalaryExport(date: PayoutDate): Promise<SalaryExportResult> {
  const query = payoutDateFields.parse(date);
  const headers = new Headers({ Accept: 'text/csv, application/json' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), EXPORT_TIMEOUT_MS);
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(buildUrl(exportSalary.path, query), { headers, signal: controller.signal });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      const reason =
        typeof body?.message === 'string' && body.message
          ? body.message
          : i18n.t('admin:team.salary.requestFailed', { status: response.status });
      throw new ApiError(reason, response.status, 'http', body);
    }
    blob = await response.blob();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(
      controller.signal.aborted
        ? i18n.t('admin:team.salary.exportTimeout')
        : i18n.t('admin:team.salary.networkFailed'),
      0,
      'network',
    );
  } finally {
    clearTimeout(timer);
  }
  const name = exportFileName(date);
  saveBlob(blob, name);
  const rows = Number.parseInt(response.headers.get('X-Export-Rows') ?? '', 10);
  return {
    name,
    rows: Number.isSafeInteger(rows) ? rows : null,
    truncated: response.headers.get('X-Export-Truncated') === 'true',
  };
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
