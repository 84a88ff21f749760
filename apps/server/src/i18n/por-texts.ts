import type { Language } from '@platform/contracts';
import { storedTexts, type Templates } from './stored-texts.ts';

/**
 * A proof-of-liabilities snapshot's stored reason (stored-texts.ts): the placeholder while it is
 * built, and a refused tree's mismatch, currency by currency.
 */
const REASONS = {
  generating: { 'zh-CN': '生成中', en: 'Being generated' },
  mismatch: {
    'zh-CN': '根节点合计与账本用户负债不符：{{differences}}',
    en: "The root's totals do not match the users' liabilities in the ledger: {{differences}}",
  },
} as const satisfies Templates<string>;
const DIFFERENCES = {
  difference: {
    'zh-CN': '{{currency}} 树 {{tree}} / 账本 {{ledger}}',
    en: '{{currency}} tree {{tree}} / ledger {{ledger}}',
  },
} as const satisfies Templates<string>;
/** The differences' separator as stored (zh-CN) and as an English reader reads it. */
const SEPARATOR = { 'zh-CN': '；', en: '; ' } as const;

const differences = storedTexts(DIFFERENCES);
const reasons = storedTexts(REASONS, (language, kind, name, value) =>
  kind === 'mismatch' && name === 'differences'
    ? value
        .split(SEPARATOR['zh-CN'])
        .map((part) => differences.readIn(language, part))
        .join(SEPARATOR[language])
    : value,
);

/** The placeholder reason to store while a snapshot is built: zh-CN. */
export const porGeneratingReason = (): string => reasons.write('generating');

/** A refused tree's reason to store (zh-CN): each currency whose root total differs from the ledger's. */
export const porMismatchReason = (
  rows: readonly { currency: string; tree: string; ledger: string }[],
): string =>
  reasons.write('mismatch', {
    differences: rows.map((row) => differences.write('difference', row)).join(SEPARATOR['zh-CN']),
  });

/** A stored reason in `language` (a failure's own text as stored). */
export const porReasonIn = (language: Language, reason: string | null): string | null =>
  reasons.readIn(language, reason);
