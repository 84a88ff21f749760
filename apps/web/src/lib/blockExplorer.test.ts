import { describe, expect, it } from 'vitest';
import { explorerUrl, shortenHash } from './blockExplorer.ts';

describe('blockExplorer', () => {
  it('places hashes on explorers', () => {
    expect(explorerUrl(`0x${'b'.repeat(64)}`)).toBe(`https://etherscan.io/tx/0x${'b'.repeat(64)}`);
    expect(explorerUrl('c'.repeat(64))).toBe(`https://tronscan.org/#/transaction/${'c'.repeat(64)}`);
    expect(explorerUrl('not-a-hash')).toBeNull();
    expect(explorerUrl(null)).toBeNull();
  });

  it('shortens a long hash to its ends and leaves a short value as it is', () => {
    expect(shortenHash(`0x${'a'.repeat(60)}1234`)).toBe('0xaaaaaa…aaaa1234');
    expect(shortenHash('abc')).toBe('abc');
  });
});
