import type { JournalEntry } from '@platform/contracts';
import { toDec } from '@platform/domain';
import { i18n } from '../../i18n/index.ts';

/** 充值, 提现冻结, … in the language shown; a kind without a label is shown as it is. */
export const kindLabel = (kind: string): string =>
  i18n.t(`common:ledgerKind.${kind}` as 'common:ledgerKind.deposit', { defaultValue: kind });

/** 可用 / 冻结 / 薪资 for a user account, 系统 · 手续费 for a system account, in the language shown. */
export function accountLabel(entry: Pick<JournalEntry, 'account' | 'bucket'>): string {
  if (entry.account === 'system')
    return i18n.t('admin:journal.systemAccount', {
      name: i18n.t(`admin:journal.systemAccounts.${entry.bucket}` as 'admin:journal.systemAccounts.fees', {
        defaultValue: entry.bucket,
      }),
    });
  return i18n.t(`common:ledgerBucket.${entry.bucket}` as 'common:ledgerBucket.available', {
    defaultValue: entry.bucket,
  });
}

/** Credits green, debits red. */
export function amountColor(amount: string): string | undefined {
  const value = toDec(amount);
  if (!value || value.isZero()) return undefined;
  return value.isNegative() ? '#cf1322' : '#389e0d';
}
