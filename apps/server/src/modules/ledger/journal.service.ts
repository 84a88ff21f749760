import {
  beijingDayBounds,
  DEFAULT_LANGUAGE,
  JOURNAL_WINDOW,
  type JournalData,
  type JournalPagination,
  type JournalQuery,
  type Language,
  LEDGER_KIND_LABELS,
} from '@platform/contracts';
import { badRequest } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { msg, render } from '../../i18n/i18n.ts';
import { memoIn } from '../../i18n/ledger-memos.ts';
import * as repo from './journal.repository.ts';

/**
 * The admin view of the ledger journal (GET /api/admin/transactions). Read only.
 *
 * Built to stay fast on millions of rows:
 * - pages are read newest first along ledger_transactions_created_at_idx; a user filter goes
 *   through that user's accounts and ledger_entries_account_idx; a page's entries come in one
 *   query by ledger_entries_transaction_idx;
 * - counting is capped: at most JOURNAL_WINDOW + 1 matching rows are counted. Up to the window the
 *   total is exact; past it `totalExact` is false and the total is the table's estimate
 *   (pg_class.reltuples) when nothing is filtered, or JOURNAL_WINDOW + 1 ("more than") otherwise;
 * - paging stops at the window (a deep OFFSET costs as much as the rows it skips): older rows are
 *   reached by narrowing the date range.
 */

/** A page past the window: refused in the reader's language (its Chinese: `pageBeyondWindow`). */
const beyondWindow = (window: number) => msg('backOffice.journal.beyondWindow', { window });
export const pageBeyondWindow = (window: number) => render('zh-CN', beyondWindow(window));

/** How many of the newest transactions the kind list is taken from, besides the known kinds. */
const RECENT_KINDS_SCAN = JOURNAL_WINDOW;

export interface JournalOptions {
  /** Rows that can be paged to and counted exactly (JOURNAL_WINDOW; smaller in tests). */
  window?: number;
  /** The reader's language, for the memos (stored in zh-CN: i18n/ledger-memos.ts). */
  language?: Language;
}

export async function listJournal(
  exec: Executor,
  query: JournalQuery,
  { window = JOURNAL_WINDOW, language = DEFAULT_LANGUAGE }: JournalOptions = {},
): Promise<JournalData> {
  const maxPage = Math.max(1, Math.ceil(window / query.limit));
  if (query.page > maxPage) throw badRequest(beyondWindow(window), { maxPage });

  const kinds = await journalKinds(exec);
  const { start, end } = beijingDayBounds(query.dateFrom, query.dateTo);
  const filter: repo.JournalFilter = {
    currency: query.currency || undefined,
    kind: query.kind || undefined,
    start,
    end,
  };
  if (query.user) {
    const userId = /^\d+$/.test(query.user)
      ? Number(query.user)
      : await repo.findUserId(exec, { email: query.user });
    if (userId === null || !Number.isSafeInteger(userId)) {
      return { transactions: [], pagination: pageInfo(query, 0, true, window), kinds };
    }
    filter.userId = userId;
  }

  const [rows, counted] = await Promise.all([
    repo.selectJournalPage(exec, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    repo.countJournalCapped(exec, filter, window),
  ]);
  let total = counted;
  const exact = counted <= window;
  if (!exact && isUnfiltered(filter)) total = Math.max(total, await repo.estimateJournalSize(exec));

  const entries = await repo.selectEntriesOf(
    exec,
    rows.map((r) => r.id),
  );
  const byTransaction = new Map<number, repo.JournalEntryRow[]>();
  for (const entry of entries) {
    const list = byTransaction.get(entry.transactionId) ?? [];
    list.push(entry);
    byTransaction.set(entry.transactionId, list);
  }

  return {
    transactions: rows.map((row) => ({
      id: row.id,
      idempotency_key: row.idempotencyKey,
      kind: row.kind,
      memo: memoIn(language, row.memo),
      created_at: row.createdAt.toISOString(),
      entries: (byTransaction.get(row.id) ?? []).map((e) => ({
        account: e.isSystem ? ('system' as const) : ('user' as const),
        user_id: e.userId,
        user_email: e.userEmail,
        bucket: e.bucket,
        currency: e.currency,
        amount: e.amount,
        balance_after: e.balanceAfter,
      })),
    })),
    pagination: pageInfo(query, total, exact, window),
    kinds,
  };
}

function isUnfiltered(filter: repo.JournalFilter): boolean {
  return !filter.userId && !filter.currency && !filter.kind && !filter.start && !filter.end;
}

function pageInfo(
  query: { page: number; limit: number },
  total: number,
  exact: boolean,
  window: number,
): JournalPagination {
  return {
    page: query.page,
    limit: query.limit,
    total,
    totalPages: Math.ceil(Math.min(total, window) / query.limit),
    totalExact: exact,
  };
}

/** The known kinds and those of the newest transactions, sorted. */
async function journalKinds(exec: Executor): Promise<string[]> {
  const recent = await repo.selectRecentKinds(exec, RECENT_KINDS_SCAN);
  return [...new Set([...Object.keys(LEDGER_KIND_LABELS), ...recent])].sort();
}
