/**
 * The public block-explorer page of a transaction hash, or null when the hash does not look like one
 * we can place: 0x + 64 hex → Etherscan (ERC-20), 64 hex → Tronscan (TRC-20, the usual USDT network).
 */
export function explorerUrl(hash: string | null | undefined): string | null {
  const value = hash?.trim();
  if (!value) return null;
  if (/^0x[0-9a-fA-F]{64}$/.test(value)) return `https://etherscan.io/tx/${value}`;
  if (/^[0-9a-fA-F]{64}$/.test(value)) return `https://tronscan.org/#/transaction/${value}`;
  return null;
}

/** abcdef…123456 for a long hash or address; short values unchanged. */
export function shortenHash(value: string, keep = 8): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}
