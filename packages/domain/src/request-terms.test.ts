import { describe, expect, it } from 'vitest';
import { requestTerms } from './request-terms.ts';

describe('requestTerms', () => {
  it('leaves the 2FA code out and keeps every other term', () => {
    expect(requestTerms({ amount: '10', address: 'T1', totp: '123456' })).toEqual({
      amount: '10',
      address: 'T1',
    });
    expect(JSON.stringify(requestTerms({ a: 1, totp: '1' }))).toBe(
      JSON.stringify(requestTerms({ a: 1, totp: '2' })),
    );
  });

  it('returns anything else as it is', () => {
    const body = { amount: '10' };
    expect(requestTerms(body)).toBe(body);
    expect(requestTerms(null)).toBeNull();
    expect(requestTerms(['totp'])).toEqual(['totp']);
    expect(requestTerms('totp')).toBe('totp');
  });
});
