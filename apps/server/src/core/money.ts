import {
  amountPrecisionProblem,
  type ChannelLimits,
  currencyPrecision,
  Decimal,
  formatNormalised,
  MONEY_SCALE,
  tryParseDecimal,
} from '@platform/domain';
import { type Message, msg } from '../i18n/i18n.ts';
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
  if (!parsed) throw badRequest(msg('userFacing.amounts.notDecimal', { field, places: maxScale }));
  return parsed;
}

/** What an amount is for, as its refusals name it (充值金额…, Deposit amount…). */
export type AmountPurpose = 'deposit' | 'withdrawal' | 'stake' | 'addMargin' | 'adjustment';
const purposeOf = (purpose: AmountPurpose) => msg(`userFacing.amounts.purposes.${purpose}`);

/**
 * The domain's amountPrecisionProblem as a message in the request's language: more decimals than
 * the currency has (充值金额最多保留 2 位小数); null when the amount fits.
 */
export function amountPrecisionRefusal(
  amount: string,
  currency: string,
  purpose: AmountPurpose,
): Message | null {
  if (!amountPrecisionProblem(amount, currency)) return null;
  return msg('userFacing.amounts.precision', {
    purpose: purposeOf(purpose),
    places: currencyPrecision(currency),
  });
}

/** The domain's channelLimitProblem as a message in the request's language; null within the limits. */
export function channelLimitRefusal(
  amount: Decimal,
  purpose: AmountPurpose,
  limits: ChannelLimits,
): Message | null {
  const below = amount.lt(limits.min);
  if (!below && !amount.gt(limits.max)) return null;
  return msg(below ? 'userFacing.amounts.belowMin' : 'userFacing.amounts.aboveMax', {
    purpose: purposeOf(purpose),
    limit: formatNormalised(new Decimal(below ? limits.min : limits.max)),
    currency: limits.currency,
  });
}
