import { DEFAULT_CURRENCY } from '@platform/contracts';

/** The reference price of a pair (trading's reference-prices.ts): the latest recorded tick or a fresh one. */
export interface ReferencePriceSource {
  current(symbol: string): Promise<{ price: string }>;
}

/** How long the overview waits for a reference price before it shows the currency as 无参考价. */
export const OVERVIEW_PRICE_WAIT_MS = 3000;

/**
 * USDT per unit of each of `currencies` at its reference price (`<currency>USDT`); USDT is 1. A
 * currency the market has no price for (no pair, the source is down, no answer within
 * OVERVIEW_PRICE_WAIT_MS) is left out: it is shown as 无参考价, never valued at a guess.
 */
export async function referencePrices(
  source: ReferencePriceSource | undefined,
  currencies: readonly string[],
): Promise<Map<string, string>> {
  const prices = new Map<string, string>([[DEFAULT_CURRENCY, '1']]);
  if (!source) return prices;
  await Promise.all(
    [...new Set(currencies)]
      .filter((c) => c !== DEFAULT_CURRENCY)
      .map(async (currency) => {
        const price = await withinMs(
          source.current(`${currency}${DEFAULT_CURRENCY}`).then((p) => p.price),
          OVERVIEW_PRICE_WAIT_MS,
        );
        if (price !== null) prices.set(currency, price);
      }),
  );
  return prices;
}

/** The promise's value, or null if it fails or takes longer than `ms`. */
function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
    timer.unref?.();
  });
  return Promise.race([promise.catch(() => null), timeout]).finally(() => clearTimeout(timer));
}
