import { type Decimal, MONEY_SCALE, tryParseDecimal } from '@platform/domain';
import { badRequest } from './errors.ts';

/** The shared money rules live in packages/domain; the server adds what turns bad input into a 400. */
export {
  Decimal,
  decimalFromDb,
  fitsScale,
  formatFixed,
  formatNormalised,
  isDecimalString,
  MONEY_INTEGER_DIGITS,
  MONEY_SCALE,
  normaliseDecimalString,
  roundToScale,
  sumDecimals,
  tryParseDecimal,
} from '@platform/domain';

/**
 * Parses input at a boundary; an invalid value is a 400 that names the field.
 * Inside the server an invalid amount is a bug: use tryParseDecimal and throw a plain Error.
 */
export function parseDecimal(value: unknown, field = 'amount', maxScale: number = MONEY_SCALE): Decimal {
  const parsed = tryParseDecimal(value, maxScale);
  if (!parsed) throw badRequest(`${field} 必须是十进制数字字符串，最多 ${maxScale} 位小数`);
  return parsed;
}
