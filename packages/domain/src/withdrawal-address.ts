import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { UsdtNetworkName } from '@platform/contracts';

/**
 * USDT withdrawal addresses (issue 17): a TRON (TRC20) or an Ethereum (ERC20) address, checked
 * offline before anything is frozen. The network is derived from the address and stored with the
 * withdrawal so the admin pays out on the right chain.
 *
 * - TRC20: base58check, 34 characters, version byte 0x41, the last 4 bytes equal to the first 4 of
 *   SHA-256(SHA-256(version + 20-byte payload)).
 * - ERC20: `0x` and 40 hex digits; when the letters are mixed case the EIP-55 checksum (keccak-256 of
 *   the lower-case hex) must match. All lower or all upper case carries no checksum and is accepted.
 */
export const ADDRESS_FORMAT_ERROR = '地址格式不正确';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 decode; null on a character outside the alphabet. */
function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const ch of text) {
    const digit = BASE58_ALPHABET.indexOf(ch);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.push(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const ch of text) {
    if (ch !== '1') break;
    bytes.push(0);
  }
  return Uint8Array.from(bytes.reverse());
}

function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) + BigInt(b);
  let out = '';
  while (value > 0n) {
    out = BASE58_ALPHABET.charAt(Number(value % 58n)) + out;
    value /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** The TRC20 address of a 20-byte account id (version 0x41 and the checksum added): demo data and tests. */
export function trc20AddressOf(accountId: Uint8Array): string {
  if (accountId.length !== 20) throw new Error('a TRON account id has 20 bytes');
  const body = Uint8Array.from([0x41, ...accountId]);
  return base58Encode(Uint8Array.from([...body, ...sha256(sha256(body)).subarray(0, 4)]));
}

export function isTrc20Address(address: string): boolean {
  if (address.length !== 34 || !address.startsWith('T')) return false;
  const bytes = base58Decode(address);
  if (bytes?.length !== 25 || bytes[0] !== 0x41) return false;
  const body = bytes.subarray(0, 21);
  const checksum = sha256(sha256(body));
  for (let i = 0; i < 4; i++) {
    if (bytes[21 + i] !== checksum[i]) return false;
  }
  return true;
}

export function isErc20Address(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  const lower = hex.toLowerCase();
  if (hex === lower || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(lower));
  for (let i = 0; i < 40; i++) {
    const ch = hex.charAt(i);
    if (!/[a-fA-F]/.test(ch)) continue;
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const upper = ch === ch.toUpperCase();
    if (nibble >= 8 !== upper) return false;
  }
  return true;
}

/** The network of a USDT address (surrounding whitespace ignored), or null when it is neither. */
export function usdtAddressNetwork(address: string): UsdtNetworkName | null {
  const text = address.trim();
  if (isTrc20Address(text)) return 'TRC20';
  if (isErc20Address(text)) return 'ERC20';
  return null;
}
