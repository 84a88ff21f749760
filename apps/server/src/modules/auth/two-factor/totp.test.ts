import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hashRecoveryCode,
  hotp,
  matchTotp,
  newRecoveryCode,
  newTotpSecret,
  otpauthUrl,
  timeStep,
  totpAt,
} from './totp.ts';

const RFC_KEY = Buffer.from('12345678901234567890');

describe('HOTP (RFC 4226 appendix D)', () => {
  it('gives the published 6-digit values for counters 0..9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });
});

describe('TOTP (RFC 6238 appendix B, SHA-1)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s the 8-digit code is %s', (seconds, code) => {
    expect(hotp(RFC_KEY, timeStep(seconds * 1000), 8)).toBe(code);
  });

  it('the 6-digit code is the last 6 digits, through the base32 secret', () => {
    const secret = base32Encode(RFC_KEY);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpAt(secret, timeStep(59_000))).toBe('287082');
    expect(totpAt(secret, timeStep(1111111109_000))).toBe('081804');
  });

  it('accepts one step either side and nothing further, and says which step matched', () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1234567890_000;
    const step = timeStep(now);
    expect(matchTotp(secret, totpAt(secret, step), now)).toBe(step);
    expect(matchTotp(secret, totpAt(secret, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, step - 2), now)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, step + 2), now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
    expect(matchTotp(secret, '12345\u0000', now)).toBeNull();
  });
});

describe('secrets, URLs and recovery codes', () => {
  it('secrets are 160 random bits in base32 and round-trip', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('the otpauth URL names issuer and account and carries the secret', () => {
    const url = otpauthUrl({ issuer: '数字资产交易平台', account: 'a b@example.com', secret: 'ABC' });
    expect(
      url.startsWith(`otpauth://totp/${encodeURIComponent('数字资产交易平台')}:a%20b%40example.com?`),
    ).toBe(true);
    const query = new URL(url.replace('otpauth://', 'http://x/')).searchParams;
    expect(query.get('secret')).toBe('ABC');
    expect(query.get('issuer')).toBe('数字资产交易平台');
    expect(query.get('digits')).toBe('6');
    expect(query.get('period')).toBe('30');
    expect(url).not.toContain('+');
  });

  it('recovery codes are distinct, readable, and hashed without regard to case or dashes', () => {
    const codes = new Set(Array.from({ length: 200 }, newRecoveryCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    const [first] = [...codes] as [string];
    expect(hashRecoveryCode(first.toLowerCase().replace('-', ''))).toBe(hashRecoveryCode(first));
    expect(hashRecoveryCode(first)).toMatch(/^[0-9a-f]{64}$/);
  });
});
