import {
  type JournalEntry,
  LEDGER_BUCKET_LABELS,
  LEDGER_KIND_LABELS,
  LEDGER_SYSTEM_ACCOUNT_LABELS,
} from '@platform/contracts';
import { cryptoDecimals, EMPTY_TEXT, formatNumber, toDec } from '@platform/domain';

/** 充值, 提现冻结, …; a kind without a label is shown as it is. */
export const kindLabel = (kind: string): string => LEDGER_KIND_LABELS[kind] ?? kind;

/** 可用 / 冻结 / 薪资 for a user account, 系统 · 手续费 for a system account. */
export function accountLabel(entry: Pick<JournalEntry, 'account' | 'bucket'>): string {
  if (entry.account === 'system')
    return `系统 · ${LEDGER_SYSTEM_ACCOUNT_LABELS[entry.bucket] ?? entry.bucket}`;
  return LEDGER_BUCKET_LABELS[entry.bucket] ?? entry.bucket;
}

/** An amount with up to 8 decimals (at least the currency's usual places), trailing zeros trimmed. */
export function formatLedgerAmount(amount: string | null, currency: string): string {
  if (amount === null) return EMPTY_TEXT;
  const text = formatNumber(amount, 8, { minDecimals: cryptoDecimals(currency).minDecimals });
  return text === EMPTY_TEXT ? text : `${text} ${currency}`;
}

/** "+100.00 USDT" / "-30.00 USDT": credits carry a plus sign. */
export function formatSignedAmount(amount: string, currency: string): string {
  const text = formatLedgerAmount(amount, currency);
  const value = toDec(amount);
  if (!value) return text;
  return value.isPositive() && !value.isZero() ? `+${text}` : text;
}

/** Credits green, debits red. */
export function amountColor(amount: string): string | undefined {
  const value = toDec(amount);
  if (!value || value.isZero()) return undefined;
  return value.isNegative() ? '#cf1322' : '#389e0d';
}
