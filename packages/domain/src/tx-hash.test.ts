import { describe, expect, it } from 'vitest';
import { normaliseTxHash, PAYOUT_TX_HASH_TEXTS, payoutTxHashOf } from './tx-hash.ts';

const HASH = 'abc123def4567890abc123def4567890abc123def4567890abc123def4567890';

describe('normaliseTxHash: one transfer however it is written', () => {
  it('lower-cases and drops a 0x prefix', () => {
    expect(normaliseTxHash(HASH)).toBe(HASH);
    expect(normaliseTxHash(HASH.toUpperCase())).toBe(HASH);
    expect(normaliseTxHash(`0x${HASH}`)).toBe(HASH);
    expect(normaliseTxHash(`0X${HASH.toUpperCase()}`)).toBe(HASH);
    // Only one prefix, and only at the start.
    expect(normaliseTxHash(`0x0x${HASH}`)).toBe(`0x${HASH}`);
    expect(normaliseTxHash(`ab0x${HASH}`)).toBe(`ab0x${HASH}`);
  });

  it('removes whitespace anywhere: spaces, tabs, line breaks, no-break and ideographic spaces', () => {
    expect(normaliseTxHash(`  ${HASH}\t\n`)).toBe(HASH);
    expect(normaliseTxHash(`abc 123\u00a0def\u3000456`)).toBe('abc123def456');
    expect(normaliseTxHash(`\u2028abc\u2029\u202f\u205f\u1680`)).toBe('abc');
  });

  it('removes zero-width characters, the BOM and every other format character (\\p{Cf})', () => {
    expect(normaliseTxHash(` abc\u200b`)).toBe('abc');
    expect(normaliseTxHash(`\ufeffABC\u200c\u200d\u2060`)).toBe('abc');
    expect(normaliseTxHash(`\u200e0x\u00adABC\u202e\u{e0001}`)).toBe('abc');
    // Invisible characters are removed before the prefix is looked for.
    expect(normaliseTxHash(`\u200b0xABC`)).toBe('abc');
    expect(normaliseTxHash(`0\u200bxABC`)).toBe('abc');
  });

  it('gives one form for 0xABC…, " abc…\\u200b" and ABC…', () => {
    const forms = [`0x${HASH.toUpperCase()}`, ` ${HASH}\u200b`, HASH.toUpperCase()];
    expect(new Set(forms.map(normaliseTxHash))).toEqual(new Set([HASH]));
  });

  it('leaves nothing of a hash that is only invisible characters or a bare prefix', () => {
    expect(normaliseTxHash('')).toBe('');
    expect(normaliseTxHash(' \u200b\ufeff ')).toBe('');
    expect(normaliseTxHash('0x')).toBe('');
    expect(normaliseTxHash(' 0X\u200b')).toBe('');
  });

  it('keeps visible characters as they are (apart from case)', () => {
    expect(normaliseTxHash('a-b_c.d/e')).toBe('a-b_c.d/e');
    expect(normaliseTxHash('5VfYmGBjvQ')).toBe('5vfymgbjvq');
  });
});

describe('payoutTxHashOf: the hash of a USDT payout, checked against the address network', () => {
  it('keeps a TRC20 hash as 64 lower-case hex and refuses a 0x one or a short one', () => {
    expect(payoutTxHashOf(` ${HASH.toUpperCase()}\u200b `, 'TRC20')).toEqual({ hash: HASH });
    expect(payoutTxHashOf(`0x${HASH}`, 'TRC20')).toEqual({ problem: PAYOUT_TX_HASH_TEXTS.TRC20 });
    expect(payoutTxHashOf(HASH.slice(1), 'TRC20')).toEqual({ problem: PAYOUT_TX_HASH_TEXTS.TRC20 });
    expect(payoutTxHashOf(`${HASH.slice(1)}g`, 'TRC20')).toEqual({ problem: PAYOUT_TX_HASH_TEXTS.TRC20 });
  });

  it('writes an ERC20 hash with 0x, typed with it or not', () => {
    expect(payoutTxHashOf(HASH, 'ERC20')).toEqual({ hash: `0x${HASH}` });
    expect(payoutTxHashOf(`0X${HASH.toUpperCase()}`, 'ERC20')).toEqual({ hash: `0x${HASH}` });
    expect(payoutTxHashOf('0x1234', 'ERC20')).toEqual({ problem: PAYOUT_TX_HASH_TEXTS.ERC20 });
  });

  it('asks for a hash when there is none, and takes either form without a known network', () => {
    expect(payoutTxHashOf(' \t', 'TRC20')).toEqual({ problem: PAYOUT_TX_HASH_TEXTS.required });
    expect(payoutTxHashOf(`0x${HASH}`, null)).toEqual({ hash: `0x${HASH}` });
    expect(payoutTxHashOf(HASH, null)).toEqual({ hash: HASH });
    expect(payoutTxHashOf('nothex', null)).toEqual({ problem: PAYOUT_TX_HASH_TEXTS.unknownNetwork });
  });
});
