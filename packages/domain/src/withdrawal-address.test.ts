import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { isErc20Address, isTrc20Address, trc20AddressOf, usdtAddressNetwork } from './withdrawal-address.ts';

/** USDT's own contracts: real, known-valid addresses. */
const TRC20_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ERC20_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

/** Replace the character at i with another one of the same kind. */
function changeAt(text: string, i: number, to: string): string {
  return text.slice(0, i) + to + text.slice(i + 1);
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) + BigInt(b);
  let out = '';
  while (value > 0n) {
    out = BASE58.charAt(Number(value % 58n)) + out;
    value /= 58n;
  }
  return out;
}
function base58check(version: number, payload: Uint8Array): string {
  const body = Uint8Array.from([version, ...payload]);
  const sum = sha256(sha256(body)).subarray(0, 4);
  return base58Encode(Uint8Array.from([...body, ...sum]));
}

describe('TRC20 addresses', () => {
  it('accepts real TRON addresses', () => {
    expect(isTrc20Address(TRC20_USDT)).toBe(true);
    expect(usdtAddressNetwork(TRC20_USDT)).toBe('TRC20');
    expect(usdtAddressNetwork(`  ${TRC20_USDT}\n`)).toBe('TRC20');
    // Built here from a payload: version 0x41 + 20 bytes + checksum.
    const built = base58check(0x41, new Uint8Array(20).fill(7));
    expect(built).toHaveLength(34);
    expect(isTrc20Address(built)).toBe(true);
  });

  it('builds valid addresses from a 20-byte account id (the demo data uses it)', () => {
    const payload = Uint8Array.from({ length: 20 }, (_, i) => i * 13);
    expect(trc20AddressOf(payload)).toBe(base58check(0x41, payload));
    expect(isTrc20Address(trc20AddressOf(payload))).toBe(true);
    expect(isTrc20Address(trc20AddressOf(new Uint8Array(20)))).toBe(true);
    expect(() => trc20AddressOf(new Uint8Array(19))).toThrow();
  });

  it('refuses one changed character (the checksum catches it)', () => {
    expect(isTrc20Address(changeAt(TRC20_USDT, 10, 'r'))).toBe(false);
    expect(isTrc20Address(changeAt(TRC20_USDT, 33, 'u'))).toBe(false);
    expect(usdtAddressNetwork(changeAt(TRC20_USDT, 5, 'k'))).toBeNull();
  });

  it('refuses a wrong version byte, a wrong length or characters outside base58', () => {
    // Bitcoin-style version 0x00 with a valid checksum.
    expect(isTrc20Address(base58check(0x00, new Uint8Array(20).fill(7)))).toBe(false);
    expect(isTrc20Address(TRC20_USDT.slice(0, 33))).toBe(false);
    expect(isTrc20Address(`${TRC20_USDT}1`)).toBe(false);
    expect(isTrc20Address(changeAt(TRC20_USDT, 10, '0'))).toBe(false);
    expect(isTrc20Address(changeAt(TRC20_USDT, 10, 'l'))).toBe(false);
    expect(isTrc20Address('')).toBe(false);
  });
});

describe('ERC20 addresses', () => {
  it('accepts the EIP-55 mixed-case form and the checksum-less all-lower / all-upper forms', () => {
    expect(isErc20Address(ERC20_USDT)).toBe(true);
    expect(usdtAddressNetwork(ERC20_USDT)).toBe('ERC20');
    expect(isErc20Address(ERC20_USDT.toLowerCase())).toBe(true);
    expect(isErc20Address(`0x${ERC20_USDT.slice(2).toUpperCase()}`)).toBe(true);
    // The EIP-55 specification's examples.
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(isErc20Address(a)).toBe(true);
    }
  });

  it('refuses a mixed-case address whose checksum does not match', () => {
    // One letter's case flipped.
    expect(isErc20Address(changeAt(ERC20_USDT, 3, 'C'))).toBe(false);
    // One digit changed: the checksum no longer fits.
    expect(isErc20Address(changeAt(ERC20_USDT, 4, '2'))).toBe(false);
    expect(usdtAddressNetwork(changeAt(ERC20_USDT, 4, '2'))).toBeNull();
  });

  it('refuses wrong lengths, a missing prefix and non-hex characters', () => {
    expect(isErc20Address(ERC20_USDT.slice(0, 41))).toBe(false);
    expect(isErc20Address(`${ERC20_USDT}0`)).toBe(false);
    expect(isErc20Address(ERC20_USDT.slice(2))).toBe(false);
    expect(isErc20Address(changeAt(ERC20_USDT.toLowerCase(), 5, 'g'))).toBe(false);
    expect(usdtAddressNetwork('not an address')).toBeNull();
    expect(usdtAddressNetwork('0x123')).toBeNull();
  });
});
