import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { parseDecimal } from './money.ts';

describe('parsing money at the HTTP boundary', () => {
  it('refuses invalid input with a 400 that names the field', () => {
    const err = (() => {
      try {
        parseDecimal('1e5', 'price');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(400);
    expect((err as AppError).message).toMatch(/^price /);
    expect(parseDecimal('12.5').toString()).toBe('12.5');
  });
});
