import { type Language, WITHDRAWAL_STATUS_LABELS, type WithdrawalStatus } from '@platform/contracts';
import { type MessageKey, t } from './i18n.ts';
import { storedTexts, type Templates, type Values } from './stored-texts.ts';

/**
 * The memos of ledger transactions (issue 38). The ledger is append-only: a memo is written once,
 * in zh-CN, and kept as written (it is what an auditor reads in the database). A reader sees it in
 * their own language: a stored memo is recognised by its template's shape and written again in the
 * reader's language with the same values; a memo of no known shape (an older wording) is shown as
 * stored. Values are data (ids, amounts, currencies, an adjustment's reason) and stay as they are.
 */
const MEMOS = {
  deposit: { 'zh-CN': '充值 #{{id}} 审核通过', en: 'Deposit #{{id}} approved' },
  withdrawalFreeze: { 'zh-CN': '提现 #{{id}} 申请冻结', en: 'Withdrawal #{{id}} requested, funds frozen' },
  withdrawalStatus: { 'zh-CN': '提现 #{{id}} {{status}}', en: 'Withdrawal #{{id}}: {{status}}' },
  adjustment: { 'zh-CN': '余额调整 #{{id}}：{{reason}}', en: 'Balance adjustment #{{id}}: {{reason}}' },
  spotLimitFreeze: {
    'zh-CN': '现货限价单 #{{id}} 冻结 {{amount}} {{currency}}',
    en: 'Spot limit order #{{id}} froze {{amount}} {{currency}}',
  },
  spotFill: {
    'zh-CN': '现货订单 #{{id}} 成交 {{quantity}} {{currency}} @ {{price}}',
    en: 'Spot order #{{id}} filled {{quantity}} {{currency}} @ {{price}}',
  },
  spotCancel: {
    'zh-CN': '现货订单 #{{id}} 撤销，解冻 {{amount}} {{currency}}',
    en: 'Spot order #{{id}} cancelled, {{amount}} {{currency}} unfrozen',
  },
  spotExpire: {
    'zh-CN': '现货订单 #{{id}} 过期，解冻 {{amount}} {{currency}}',
    en: 'Spot order #{{id}} expired, {{amount}} {{currency}} unfrozen',
  },
  spotMarketFill: {
    'zh-CN': '现货市价单 #{{id}} 成交 {{quantity}} {{currency}}，均价 {{price}}',
    en: 'Spot market order #{{id}} filled {{quantity}} {{currency}}, average price {{price}}',
  },
  teamReward: { 'zh-CN': '团队奖励 L{{tier}} #{{id}} 发放', en: 'Team reward L{{tier}} #{{id}} paid' },
  teamSalary: { 'zh-CN': '团队工资 L{{level}} {{date}}', en: 'Team salary L{{level}} {{date}}' },
} as const satisfies Templates<string>;

export type LedgerMemoKind = keyof typeof MEMOS;
/** A stored value in `language`: only a withdrawal's status is a label (stored as its zh-CN one); the rest is data. */
function valueIn(language: Language, kind: LedgerMemoKind, name: string, value: string): string {
  if (kind !== 'withdrawalStatus' || name !== 'status') return value;
  const status = (Object.keys(WITHDRAWAL_STATUS_LABELS) as WithdrawalStatus[]).find(
    (s) => WITHDRAWAL_STATUS_LABELS[s] === value,
  );
  return status ? t(language, `labels.withdrawalStatus.${status}` as MessageKey) : value;
}

const memos = storedTexts(MEMOS, valueIn);

/** The memo to store for `kind`: always zh-CN, the ledger's own language. */
export const ledgerMemo = (kind: LedgerMemoKind, values: Values): string => memos.write(kind, values);

/** A stored memo in `language` (as stored when it is zh-CN, null, or of no known shape). */
export const memoIn = (language: Language, memo: string | null): string | null =>
  memos.readIn(language, memo);
