import { Decimal, formatNormalised } from './money.ts';
import { tradeFee } from './trading-math.ts';

/**
 * The money rules of a withdrawal request (ARCHITECTURE.md, "The ledger (money)"), as the server
 * applies them and the form previews them: the channel's limits, the fee and what the request
 * freezes.
 */

/** What a cash-in or cash-out is called in its messages. */
export type ChannelPurpose = '充值' | '提现';

export interface ChannelLimits {
  min: Decimal | string;
  max: Decimal | string;
  currency: string;
}

/** Why `amount` is outside a channel's limits, in the server's words; null when it is within them. */
export function channelLimitProblem(
  amount: Decimal,
  purpose: ChannelPurpose,
  limits: ChannelLimits,
): string | null {
  const min = new Decimal(limits.min);
  const max = new Decimal(limits.max);
  if (amount.lt(min)) return `${purpose}金额不能低于 ${formatNormalised(min)} ${limits.currency}`;
  if (amount.gt(max)) return `${purpose}金额不能高于 ${formatNormalised(max)} ${limits.currency}`;
  return null;
}

/** The fee of a withdrawal: amount × the channel's rate, rounded up to 8 places (never charged short). */
export const withdrawalFee = (amount: Decimal, feeRate: Decimal): Decimal => tradeFee(amount, feeRate);

export interface WithdrawalCharge {
  amount: Decimal;
  fee: Decimal;
  /** amount + fee: what the request freezes. */
  total: Decimal;
}

/** What withdrawing `amount` through a channel at `feeRate` charges and freezes. */
export function withdrawalCharge(amount: Decimal, feeRate: Decimal): WithdrawalCharge {
  const fee = withdrawalFee(amount, feeRate);
  return { amount, fee, total: amount.plus(fee) };
}

/**
 * The largest amount, in steps of 10^-places, whose amount + `feeOf(amount)` fits in `available`, at
 * most `cap` (rounded down to the step); 0 when nothing fits. `feeOf` must not fall as the amount
 * grows (every fee rule here rounds a rate's product up), which is what lets a bisection find it.
 */
export function largestAmountWithFee(
  available: Decimal,
  feeOf: (amount: Decimal) => Decimal,
  cap: Decimal,
  places: number,
): Decimal {
  const step = new Decimal(10).pow(-places);
  const fits = (units: Decimal) => {
    const amount = units.times(step);
    return amount.plus(feeOf(amount)).lte(available);
  };
  let low = new Decimal(0);
  let high = Decimal.min(available, cap).div(step).floor();
  if (!high.gt(0)) return new Decimal(0);
  while (low.lt(high)) {
    const middle = low.plus(high).div(2).ceil();
    if (fits(middle)) low = middle;
    else high = middle.minus(1);
  }
  return low.times(step);
}
