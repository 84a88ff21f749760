import { DEFAULT_CURRENCY } from '@platform/contracts';
import { Decimal, decimalFromDb } from '../../core/money.ts';
import { type ReferencePriceSource, referencePrices } from '../../core/reference-prices.ts';

/**
 * An amount's value in USDT, what the thresholds compare: USDT as it is, another currency at its
 * reference price (`<currency>USDT`, the price trading and the wallet overview use). Null when the
 * market has no price for it: the caller then treats it as at or above the threshold, so an amount
 * nobody can value always needs two admins (fail closed). Read before the review's transaction, so
 * that no row lock is held while a price is fetched.
 */
export async function usdtValueOf(
  prices: ReferencePriceSource | undefined,
  currency: string,
  amount: string,
): Promise<Decimal | null> {
  if (currency === DEFAULT_CURRENCY) return decimalFromDb(amount);
  const price = (await referencePrices(prices, [currency])).get(currency);
  return price === undefined ? null : decimalFromDb(amount).times(new Decimal(price));
}

/** Whether a value (null: unknown) needs a second admin under `threshold`. */
export const needsSecondApproval = (value: Decimal | null, threshold: string): boolean =>
  value === null || value.gte(decimalFromDb(threshold));
