import { createHmac } from 'node:crypto';

/**
 * TOTP codes (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps) computed by the test itself from the
 * secret the enrolment screen shows, as an authenticator app would.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_MS = 30_000;

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code of `secret` for time step `step` (RFC 4226 dynamic truncation). */
export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] as number) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

export const currentStep = (now = Date.now()) => Math.floor(now / STEP_MS);

/**
 * An authenticator for one secret. The server accepts each time step once and never one before the
 * last it accepted (no replay), and it accepts the steps one either side of its own (clock drift).
 * So `next()` hands out the current step, or the one after it when the current one is spent (valid
 * from now until the end of the step after that), and waits only when both are spent.
 */
export class Authenticator {
  private lastStep = -1;
  constructor(readonly secret: string) {}

  async next(): Promise<string> {
    for (;;) {
      const now = currentStep();
      const step = Math.max(this.lastStep + 1, now);
      if (step <= now + 1) {
        this.lastStep = step;
        return totpAt(this.secret, step);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  /** A code that is wrong now (the current one with its last digit changed). */
  wrong(): string {
    const code = totpAt(this.secret, currentStep());
    return `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
  }
}
