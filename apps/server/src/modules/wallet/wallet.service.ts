import {
  DEFAULT_LANGUAGE,
  type Language,
  type LedgerBucket,
  type UserTransaction,
} from '@platform/contracts';
import { statementMovementOf } from '@platform/domain';
import { decimalFromDb, formatFixed, sumDecimals } from '../../core/money.ts';
import { pageOf, paginationOf } from '../../core/paging.ts';
import type { ReferencePriceSource } from '../../core/reference-prices.ts';
import type { Db } from '../../db/client.ts';
import { memoIn } from '../../i18n/ledger-memos.ts';
import { listStatementRows, type StatementRowData } from '../ledger/ledger.reads.ts';
import { getUserWallets } from '../ledger/ledger.service.ts';
import { holdingsOf } from './holdings.ts';
import { ledgerReferenceOf } from './ledger-reference.ts';
import { valueWallets } from './wallet-value.ts';

/**
 * The user's own wallet (balances valued in USDT) and statement (ARCHITECTURE.md,
 * "API conventions"; issue 20).
 */
export function createWalletService(deps: { db: Db; prices?: ReferencePriceSource }) {
  const { db } = deps;
  return {
    async wallet(userId: number) {
      const valued = await valueWallets(deps.prices, await getUserWallets(db, userId));
      return {
        wallets: valued.wallets,
        total_value_usdt: valued.total,
        unpriced_currencies: valued.unpriced,
      };
    },

    /** Cost and unrealised P&L of each held coin (issue 33, 资产). */
    holdings: (userId: number) => holdingsOf(db, deps.prices, userId),

    /** The statement, its memos in `language` (stored in zh-CN: i18n/ledger-memos.ts). */
    async statement(
      userId: number,
      query: { page: number; limit: number; currency?: string | undefined },
      language: Language = DEFAULT_LANGUAGE,
    ) {
      const { rows, total } = await listStatementRows(
        db,
        userId,
        { currency: query.currency },
        pageOf(query),
      );
      const transactions = rows.map((row) => ({ ...toStatementRow(row), memo: memoIn(language, row.memo) }));
      return { transactions, pagination: paginationOf(query, total) };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

function toStatementRow(
  row: Omit<StatementRowData, 'last_entry_id' | 'transaction_id'> & { id: number; transaction_id: number },
): UserTransaction {
  const changes = row.changes.map((c) => ({
    bucket: c.bucket as LedgerBucket,
    amount: decimalFromDb(c.amount),
    balance_after: decimalFromDb(c.balance_after),
  }));
  return {
    id: row.id,
    transaction_id: row.transaction_id,
    kind: row.kind,
    memo: row.memo,
    currency: row.currency,
    movement: statementMovementOf(changes),
    amount: formatFixed(sumDecimals(changes.map((c) => c.amount))),
    changes: changes.map((c) => ({
      bucket: c.bucket,
      amount: formatFixed(c.amount),
      balance_after: formatFixed(c.balance_after),
    })),
    reference: ledgerReferenceOf(row.idempotency_key),
    created_at: row.created_at,
  };
}
