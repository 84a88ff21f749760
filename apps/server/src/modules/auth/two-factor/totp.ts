import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) with node:crypto only: HMAC-SHA1,
 * 6 digits, 30-second steps, the profile every authenticator app (Google Authenticator, Authy,
 * 1Password, Microsoft Authenticator) reads from an otpauth:// URL.
 */
const TOTP_DIGITS = 6;
const TOTP_STEP_SECONDS = 30;
/** Steps accepted either side of now: the phone's clock may be up to 30 s off, plus typing time. */
const TOTP_DRIFT_STEPS = 1;
/** 160-bit secrets, the length RFC 4226 recommends (and SHA-1's block of output). */
const TOTP_SECRET_BYTES = 20;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what otpauth URLs carry). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value < 0) throw new Error('invalid base32');
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Buffer.from(bytes);
}

export const newTotpSecret = () => base32Encode(randomBytes(TOTP_SECRET_BYTES));

/** The time step of a moment (RFC 6238: T = floor((unix time - T0) / X), T0 = 0). */
export const timeStep = (atMs: number) => Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);

/** HOTP (RFC 4226) of one counter: dynamic truncation of the HMAC, `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code of a base32 secret at one time step. */
export const totpAt = (secret: string, step: number) => hotp(base32Decode(secret), step);

/**
 * The time step whose code `code` is, within ±TOTP_DRIFT_STEPS of `nowMs`, or null. Every
 * candidate is compared in constant time; the caller decides whether the step was used already.
 */
export function matchTotp(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const current = timeStep(nowMs);
  const given = Buffer.from(code);
  let matched: number | null = null;
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), given) && matched === null) matched = step;
  }
  return matched;
}

/** The URL an authenticator app scans: `otpauth://totp/<issuer>:<account>?secret=..&issuer=..`. */
export function otpauthUrl(options: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(options.issuer)}:${encodeURIComponent(options.account)}`;
  const query = new URLSearchParams({
    secret: options.secret,
    issuer: options.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  // URLSearchParams writes spaces as '+', which some authenticators show literally.
  return `otpauth://totp/${label}?${query.toString().replaceAll('+', '%20')}`;
}

// --- recovery codes --------------------------------------------------------------------------

/** No look-alikes (0/O, 1/I/L): the codes are read off paper. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_COUNT = 10;

/** `XXXXX-XXXXX`: 10 characters of a 31-letter alphabet, about 49 bits. */
export function newRecoveryCode(): string {
  // Rejection sampling: bytes from 248 up would favour the first 8 letters.
  const limit = 256 - (256 % RECOVERY_ALPHABET.length);
  let code = '';
  while (code.length < 10) {
    for (const byte of randomBytes(16)) {
      if (byte < limit && code.length < 10) code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
    }
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(`recovery:${normalizeRecoveryCode(code)}`)
    .digest('hex');

/** A 6-digit code is an authenticator's; anything else the contract lets through is a recovery code. */
export const isTotpShaped = (code: string) => /^\d{6}$/.test(code);
