import { DEFAULT_CURRENCY } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { Decimal, decimalFromDb, formatNormalised } from '../../core/money.ts';
import { type ReferencePriceSource, referencePrices } from '../../core/reference-prices.ts';
import type { Message } from '../../i18n/i18n.ts';

/**
 * Dual control over time (issue 32, structuring): a deposit's, withdrawal's or payout's threshold
 * compares the request's USDT value plus what the same user (payee) had approved — or first-approved,
 * still waiting for a second admin — in the rolling window before it, by the database's clock.
 * Three deposits of 9,999.99 under a threshold of 10,000 are then 9,999.99, 19,999.98 and
 * 29,999.97: the second already needs a second admin.
 */
export const APPROVAL_WINDOW_HOURS = 24;

/** `now() - 24 h` in the statement: the window's start by the database's clock. */
export const windowStart = () => sql`now() - make_interval(hours => ${APPROVAL_WINDOW_HOURS}::int)`;

/** What the window holds of one currency (sum of amounts). */
export interface CurrencySum {
  currency: string;
  amount: string;
}

/**
 * The reference prices the window's currencies need, fetched before the review's transaction (no
 * lock is held while a price is fetched): `probe` is the window read without the user's lock, so a
 * currency that appears in between has no price and makes the sum unknown (two admins, fail closed).
 */
export async function windowPrices(
  source: ReferencePriceSource | undefined,
  probe: readonly CurrencySum[],
  requestCurrency: string,
): Promise<Map<string, string>> {
  const currencies = [...new Set([requestCurrency, ...probe.map((s) => s.currency)])].filter(
    (c) => c !== DEFAULT_CURRENCY,
  );
  return referencePrices(source, currencies);
}

/** The window's value in USDT; null when a currency in it has no reference price. */
export function windowValue(
  sums: readonly CurrencySum[],
  prices: ReadonlyMap<string, string>,
): Decimal | null {
  let total = new Decimal(0);
  for (const s of sums) {
    const price = s.currency === DEFAULT_CURRENCY ? '1' : prices.get(s.currency);
    if (price === undefined) return null;
    total = total.plus(decimalFromDb(s.amount).times(new Decimal(price)));
  }
  return total;
}

/** The request's value plus the window's (null: either unknown, so two admins). */
export const withWindow = (request: Decimal | null, others: Decimal | null): Decimal | null =>
  request === null || others === null ? null : request.plus(others);

/**
 * The reason of a first approval, for the other admins' notification (empty when unknown): the
 * contracts' windowTotalReason in brackets, in each admin's language.
 */
export const firstApprovalReason = (windowTotal: string | null): Message | '' =>
  windowTotal
    ? ({
        key: 'backOffice.firstApproval.windowReason',
        params: { total: formatNormalised(decimalFromDb(windowTotal)) },
      } satisfies Message)
    : '';
