import {
  type JournalEntry,
  LEDGER_BUCKET_LABELS,
  LEDGER_KIND_LABELS,
  LEDGER_SYSTEM_ACCOUNT_LABELS,
} from '@platform/contracts';
import { toDec } from '@platform/domain';

/** 充值, 提现冻结, …; a kind without a label is shown as it is. */
export const kindLabel = (kind: string): string => LEDGER_KIND_LABELS[kind] ?? kind;

/** 可用 / 冻结 / 薪资 for a user account, 系统 · 手续费 for a system account. */
export function accountLabel(entry: Pick<JournalEntry, 'account' | 'bucket'>): string {
  if (entry.account === 'system')
    return `系统 · ${LEDGER_SYSTEM_ACCOUNT_LABELS[entry.bucket] ?? entry.bucket}`;
  return LEDGER_BUCKET_LABELS[entry.bucket] ?? entry.bucket;
}

/** Credits green, debits red. */
export function amountColor(amount: string): string | undefined {
  const value = toDec(amount);
  if (!value || value.isZero()) return undefined;
  return value.isNegative() ? '#cf1322' : '#389e0d';
}
