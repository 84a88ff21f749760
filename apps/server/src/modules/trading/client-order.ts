import { TRADING_TEXTS } from '@platform/contracts';
import { conflict } from '../../core/errors.ts';
import { Decimal, isDecimalString } from '../../core/money.ts';

/**
 * What an order asks for, term by term (symbol, side, type, amount, price, …): as a placement's body
 * says it, and as the first order placed with the same client_order_id recorded it. Each engine
 * names every term of its body except client_order_id itself.
 */
export type OrderTerms = Record<string, string | number | null | undefined>;

/**
 * A client_order_id makes a retried placement return the first order, but only a retry of the same
 * order: any term that differs is 409 (the id is taken by another order), nothing placed. Amounts
 * and prices compare by value ("10" is the stored "10.000000000000000000").
 */
export function assertSameOrder(first: OrderTerms, asked: OrderTerms): void {
  const differing = Object.keys(asked).filter((term) => !sameTerm(first[term], asked[term]));
  if (differing.length > 0) {
    throw conflict(TRADING_TEXTS.clientOrderIdReused, { field: 'client_order_id', differing });
  }
}

function sameTerm(a: OrderTerms[string], b: OrderTerms[string]): boolean {
  if (a === undefined || a === null || b === undefined || b === null) {
    return (a ?? null) === (b ?? null);
  }
  if (isDecimalString(String(a)) && isDecimalString(String(b))) {
    return new Decimal(String(a)).eq(new Decimal(String(b)));
  }
  return String(a) === String(b);
}
