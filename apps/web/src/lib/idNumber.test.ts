import { describe, expect, it } from 'vitest';
import { maskIdNumber } from './idNumber.ts';

describe('maskIdNumber', () => {
  it('masks the ID number as first 6, ********, last 4', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
  });

  it('masks a short value whole', () => {
    expect(maskIdNumber('1234567890')).toBe('**********');
  });
});
