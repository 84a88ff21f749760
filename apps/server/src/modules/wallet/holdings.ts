import { DEFAULT_CURRENCY, type Holding } from '@platform/contracts';
import { Decimal, decimalFromDb, formatFixed, formatNormalised } from '../../core/money.ts';
import type { ReferencePriceSource } from '../../core/reference-prices.ts';
import type { Executor } from '../../db/client.ts';
import { getUserWallets } from '../ledger/ledger.service.ts';
import { listSpotFillsOf, type SpotFillRow } from '../trading/trading.reads.ts';
import { valueWallets } from './wallet-value.ts';

/**
 * The moving-average cost of one coin's spot fills: a buy moves the average towards its price, a
 * sell takes coins out at the average (the average stays). A sell of more than the bought coins
 * still held (coins that came by deposit) empties the bought part; nothing goes below zero.
 */
export function movingAverageCost(fills: readonly Pick<SpotFillRow, 'side' | 'quantity' | 'price'>[]) {
  let quantity = new Decimal(0);
  let cost = new Decimal(0);
  for (const fill of fills) {
    const q = decimalFromDb(fill.quantity);
    if (fill.side === 'buy') {
      quantity = quantity.plus(q);
      cost = cost.plus(q.times(decimalFromDb(fill.price)));
    } else if (quantity.gt(0)) {
      const out = Decimal.min(q, quantity);
      cost = cost.minus(cost.times(out).div(quantity));
      quantity = quantity.minus(out);
    }
  }
  return { quantity, average: quantity.gt(0) ? cost.div(quantity) : null };
}

/**
 * Each coin the user holds (not USDT) with its cost and unrealised P&L at the reference index price
 * (issue 33). Coins leave the bought part first (a withdrawal of more than the deposited coins
 * would otherwise invent a cost), so the bought part held is min(bought and not sold, held); the
 * rest has no buy price and is reported as unknown rather than priced at a guess.
 */
export async function holdingsOf(
  exec: Executor,
  prices: ReferencePriceSource | undefined,
  userId: number,
): Promise<Holding[]> {
  const valued = await valueWallets(prices, await getUserWallets(exec, userId));
  const held = valued.wallets
    .filter((w) => w.currency !== DEFAULT_CURRENCY)
    .map((w) => ({
      currency: w.currency,
      price: w.price_usdt === null ? null : new Decimal(w.price_usdt),
      quantity: decimalFromDb(w.balance)
        .plus(decimalFromDb(w.frozen_balance))
        .plus(decimalFromDb(w.salary_balance)),
    }))
    .filter((w) => w.quantity.gt(0));
  const fills = await listSpotFillsOf(
    exec,
    userId,
    held.map((h) => h.currency),
  );
  return held.map(({ currency, price, quantity }) => {
    const bought = movingAverageCost(fills.filter((f) => f.currency === currency));
    const known = Decimal.min(bought.quantity, quantity);
    const average = known.gt(0) ? bought.average : null;
    const pnl = average && price ? price.minus(average).times(known) : null;
    return {
      currency,
      quantity: formatFixed(quantity),
      known_quantity: formatFixed(known),
      unknown_quantity: formatFixed(quantity.minus(known)),
      avg_cost: average ? formatNormalised(average.toDecimalPlaces(8)) : null,
      price_usdt: price ? formatNormalised(price) : null,
      unrealised_pnl: pnl ? formatFixed(pnl, 8) : null,
      unrealised_pnl_percent:
        average && price ? price.minus(average).div(average).times(100).toFixed(2) : null,
    };
  });
}
