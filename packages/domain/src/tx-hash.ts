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
