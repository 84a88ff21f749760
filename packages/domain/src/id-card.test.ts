import { describe, expect, it } from 'vitest';
import { idCardCheckChar, idCardProblem, isValidIdCard, normalizeIdCard } from './id-card.ts';

describe('mainland resident ID numbers', () => {
  it('accepts valid numbers, including an X check character in either case', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('11010519491231002x')).toBe(true);
    expect(isValidIdCard('440524188001010014')).toBe(false); // year before 1900
    expect(isValidIdCard('110101199003074477')).toBe(true);
    expect(normalizeIdCard(' 11010519491231002x ')).toBe('11010519491231002X');
  });

  it('computes the ISO 7064 MOD 11-2 check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('11010119900307447')).toBe('7');
  });

  it('names what is wrong', () => {
    expect(idCardProblem('11010519491231002')).toBe('format'); // 17 characters
    expect(idCardProblem('1101051949123100211')).toBe('format'); // 19
    expect(idCardProblem('11010519491231002Y')).toBe('format');
    expect(idCardProblem('X10105194912310021')).toBe('format');
    expect(idCardProblem('110105194902300021')).toBe('birth_date'); // 30 February
    expect(idCardProblem('110105194913010021')).toBe('birth_date'); // month 13
    expect(idCardProblem('110105203001010021', new Date('2026-01-01T00:00:00Z'))).toBe('birth_date'); // future
    expect(idCardProblem('110101199003074478')).toBe('check_digit');
    expect(idCardProblem('110105194912310021')).toBe('check_digit');
  });
});
