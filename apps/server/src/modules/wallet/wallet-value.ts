import type { ValuedWallet } from '@platform/contracts';
import { Decimal, decimalFromDb, formatFixed, formatNormalised, sumDecimals } from '../../core/money.ts';
import { type ReferencePriceSource, referencePrices } from '../../core/reference-prices.ts';
import type { UserWallet } from '../ledger/ledger.service.ts';

/**
 * The user's wallets valued in USDT (issue 20: 总资产 fell by the cost of a coin bought, as if the
 * money had gone). Each currency is valued at the reference price of `<currency>USDT` that trading
 * and the back office's wallet overview use (`referencePrices`: the last recorded tick, else a fresh
 * observation; USDT is 1), everything held (available + frozen + salary) at that price. A currency
 * held without a price (no such pair, the market down, no answer in 3 s) gets value null and is
 * named in `unpriced`: the total leaves it out and says so, it is never counted as 0 silently.
 */
export async function valueWallets(
  prices: ReferencePriceSource | undefined,
  wallets: readonly UserWallet[],
): Promise<{ wallets: ValuedWallet[]; total: string; unpriced: string[] }> {
  const held = wallets.map((w) => ({
    wallet: w,
    amount: decimalFromDb(w.balance)
      .plus(decimalFromDb(w.frozen_balance))
      .plus(decimalFromDb(w.salary_balance)),
  }));
  const known = await referencePrices(
    prices,
    held.filter((h) => !h.amount.isZero()).map((h) => h.wallet.currency),
  );
  const valued = held.map(({ wallet, amount }) => {
    const price = known.get(wallet.currency);
    // Nothing held is worth 0 at any price: no lookup, and not 'unpriced'.
    const value =
      price !== undefined ? amount.times(new Decimal(price)) : amount.isZero() ? new Decimal(0) : null;
    return {
      ...wallet,
      price_usdt: price !== undefined ? formatNormalised(new Decimal(price)) : null,
      value_usdt: value === null ? null : formatFixed(value),
      value,
    };
  });
  return {
    wallets: valued.map(({ value: _value, ...wallet }) => wallet),
    total: formatFixed(sumDecimals(valued.flatMap((v) => (v.value ? [v.value] : [])))),
    unpriced: valued.filter((v) => v.value === null).map((v) => v.currency),
  };
}
