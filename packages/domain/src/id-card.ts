/**
 * Mainland resident ID numbers (GB 11643-1999): 18 characters, 17 digits and a check character
 * (digit or X), a real date of birth at positions 7-14 that is not in the future, and the
 * ISO 7064 MOD 11-2 check character.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';

export type IdCardProblem = 'format' | 'birth_date' | 'check_digit';

/** The check character for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number.parseInt(first17.charAt(i), 10) * (WEIGHTS[i] as number);
  return CHECK_CHARS.charAt(sum % 11);
}

/** Undefined for a valid number (a lowercase x is accepted as X), else what is wrong with it. */
export function idCardProblem(value: string, today: Date = new Date()): IdCardProblem | undefined {
  const id = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return 'format';
  const year = Number.parseInt(id.slice(6, 10), 10);
  const month = Number.parseInt(id.slice(10, 12), 10);
  const day = Number.parseInt(id.slice(12, 14), 10);
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    birth.getUTCFullYear() !== year ||
    birth.getUTCMonth() !== month - 1 ||
    birth.getUTCDate() !== day ||
    birth.getTime() > today.getTime()
  )
    return 'birth_date';
  if (idCardCheckChar(id) !== id.charAt(17)) return 'check_digit';
  return undefined;
}

export const isValidIdCard = (value: string, today?: Date) => idCardProblem(value, today) === undefined;

/** The canonical form stored: trimmed, X uppercase. */
export const normalizeIdCard = (value: string) => value.trim().toUpperCase();
