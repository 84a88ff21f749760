/**
 * A transaction hash is one claim however it is written (issue 16): the duplicate check and the
 * admin search compare this form. Whitespace anywhere and every Unicode format character (\p{Cf}:
 * zero-width spaces and joiners, the BOM, direction marks, soft hyphens...) are removed, the rest is
 * lower-cased and one leading 0x is dropped. '' when nothing is left.
 *
 * The migration 0016_deposit_tx_hash_normalized backfills stored rows with an SQL function that
 * lists the same characters (its test compares the two over every such code point).
 */
export function normaliseTxHash(value: string): string {
  return value
    .replace(/[\s\p{Cf}]/gu, '')
    .toLowerCase()
    .replace(/^0x/, '');
}

/** The refusal of a USDT deposit's transaction hash that is not one (issue 32). */
export const DEPOSIT_TX_HASH_TEXT = '交易哈希格式不正确：应为 64 位十六进制字符（可带 0x）';

/** A transaction hash of a USDT transfer, after normaliseTxHash: 64 hex digits (its 0x is gone). */
export const isTxHashShaped = (normalised: string): boolean => /^[0-9a-f]{64}$/.test(normalised);

/** The refusals of a payout's transaction hash (a USDT withdrawal's 已出款), shared by the admin form and the server. */
export const PAYOUT_TX_HASH_TEXTS = {
  required: '请输入出款交易哈希',
  TRC20: '交易哈希格式不正确：TRC20 交易哈希为 64 位十六进制字符',
  ERC20: '交易哈希格式不正确：ERC20 交易哈希为 0x 开头的 64 位十六进制字符',
  unknownNetwork: '交易哈希格式不正确：应为 64 位十六进制字符（ERC20 可带 0x）',
} as const;

/**
 * The transaction hash an admin typed for a USDT payout, checked against the withdrawal address's
 * network and written one way: TRC20 as Tronscan shows it (64 lower-case hex), ERC20 as Etherscan
 * does (0x + 64 lower-case hex). Spaces and invisible characters are dropped first
 * (normaliseTxHash). An ERC20 hash typed without 0x is the same hash; a TRC20 one typed with 0x is
 * refused (Tron hashes have none). `network` null (an address of neither shape from before issue
 * 17): 64 hex, 0x or not, kept as typed.
 */
export function payoutTxHashOf(
  typed: string,
  network: 'TRC20' | 'ERC20' | null,
): { hash: string; problem?: undefined } | { hash?: undefined; problem: string } {
  const compact = typed.replace(/[\s\p{Cf}]/gu, '');
  if (!compact) return { problem: PAYOUT_TX_HASH_TEXTS.required };
  const prefixed = /^0x/i.test(compact);
  const hex = normaliseTxHash(compact);
  const valid = isTxHashShaped(hex);
  if (network === 'TRC20')
    return valid && !prefixed ? { hash: hex } : { problem: PAYOUT_TX_HASH_TEXTS.TRC20 };
  if (network === 'ERC20') return valid ? { hash: `0x${hex}` } : { problem: PAYOUT_TX_HASH_TEXTS.ERC20 };
  return valid ? { hash: prefixed ? `0x${hex}` : hex } : { problem: PAYOUT_TX_HASH_TEXTS.unknownNetwork };
}
