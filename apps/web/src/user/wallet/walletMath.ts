import { DEFAULT_CURRENCY, positiveAmount, type ValuedWallet, type WalletView } from '@platform/contracts';
import {
  currencyPrecision,
  Decimal,
  formatNormalised,
  insufficientBalanceText,
  parseAmountField,
  percentage,
} from '@platform/domain';

/**
 * The money rules the wallet screens check before they call the server (which checks them again):
 * amount format and limits, the withdrawal fee, what a withdrawal freezes.
 */

/** The server charges fees to 8 decimals, rounded up (withdrawals.service.ts); the preview does the same. */
export const FEE_DECIMALS = 8;

export type AmountPurpose = '充值' | '提现';

export interface AmountLimits {
  min: string;
  max: string;
  currency: string;
}

/**
 * Why an amount typed in a form cannot be sent, in the server's words; null when it can. More
 * decimals than the currency has (USDT 2) are refused: the amount confirmed is the amount approved.
 */
export function amountProblem(
  text: string | undefined,
  purpose: AmountPurpose,
  limits: AmountLimits,
): string | null {
  const parsed = parseAmountField(text, {
    label: `${purpose}金额`,
    places: currencyPrecision(limits.currency),
  });
  if (!parsed.ok) return parsed.message;
  const amount = parsed.value;
  const min = new Decimal(limits.min);
  const max = new Decimal(limits.max);
  if (amount.lt(min)) return `${purpose}金额不能低于 ${formatNormalised(min)} ${limits.currency}`;
  if (amount.gt(max)) return `${purpose}金额不能高于 ${formatNormalised(max)} ${limits.currency}`;
  return null;
}

export interface WithdrawPreview {
  amount: Decimal;
  fee: Decimal;
  /** amount + fee: what the request freezes. */
  total: Decimal;
}

/** fee = amount × fee_rate (rounded up to 8 decimals), total = amount + fee; null while the amount is not valid. */
export function withdrawPreview(text: string | undefined, feeRate: string): WithdrawPreview | null {
  const parsed = positiveAmount.safeParse(text ?? '');
  if (!parsed.success) return null;
  const amount = new Decimal(parsed.data);
  const fee = amount.times(new Decimal(feeRate)).toDecimalPlaces(FEE_DECIMALS, Decimal.ROUND_UP);
  return { amount, fee, total: amount.plus(fee) };
}

/** The balance check of a withdrawal: amount + fee must fit in the available balance. */
export function balanceProblem(preview: WithdrawPreview, available: string, currency: string): string | null {
  if (preview.total.lte(new Decimal(available))) return null;
  return insufficientBalanceText(preview.total, preview.fee, available, currency);
}

/**
 * The largest amount whose amount + fee fits in `available`, capped at the channel's maximum, in
 * steps of 10^-places (the currency's precision for a withdrawal; 0.00000001 by default); '0' when
 * nothing fits.
 */
export function maxWithdrawable(
  available: string,
  feeRate: string,
  channelMax: string,
  places: number = FEE_DECIMALS,
): string {
  const balance = new Decimal(available);
  const step = new Decimal(10).pow(-places);
  let amount = balance
    .div(new Decimal(1).plus(new Decimal(feeRate)))
    .toDecimalPlaces(places, Decimal.ROUND_DOWN);
  const fits = (a: Decimal) =>
    a.plus(a.times(new Decimal(feeRate)).toDecimalPlaces(FEE_DECIMALS, Decimal.ROUND_UP)).lte(balance);
  // The rounded-up fee can push the first guess a few units over.
  while (amount.gt(0) && !fits(amount)) amount = amount.minus(step);
  const cap = new Decimal(channelMax).toDecimalPlaces(places, Decimal.ROUND_DOWN);
  if (amount.gt(cap)) amount = cap;
  return amount.gt(0) ? formatNormalised(amount) : '0';
}

/** The fee rate (a fraction) as a percentage text: '0.015' is '1.5%'. */
export const feeRatePercent = (feeRate: string) => `${formatNormalised(new Decimal(feeRate).times(100))}%`;

/** Everything the user holds in one currency: available + frozen + salary. */
export const walletTotal = (wallet: WalletView) =>
  new Decimal(wallet.balance).plus(wallet.frozen_balance).plus(wallet.salary_balance);

/** The wallet of `currency`, zeros when the user has none yet. */
export function walletOf(wallets: readonly WalletView[] | undefined, currency: string): WalletView {
  return (
    wallets?.find((w) => w.currency === currency) ?? {
      currency,
      balance: '0',
      frozen_balance: '0',
      salary_balance: '0',
    }
  );
}

export interface AssetRow {
  wallet: ValuedWallet;
  /** available + frozen + salary */
  held: Decimal;
  /** Percent of the valued total, one decimal; null without a price. */
  share: string | null;
}

/**
 * The assets the wallet lists: USDT always, any other currency while some is held; largest value
 * first, those without a reference price last (shown as 无参考价, outside the total and the shares).
 */
export function assetRows(wallets: readonly ValuedWallet[], totalValue: string): AssetRow[] {
  const rows: AssetRow[] = wallets
    .map((wallet) => ({ wallet, held: walletTotal(wallet) }))
    .filter((row) => row.wallet.currency === DEFAULT_CURRENCY || !row.held.isZero())
    .map((row) => ({
      ...row,
      share: row.wallet.value_usdt === null ? null : percentage(row.wallet.value_usdt, totalValue, 1),
    }));
  if (!rows.some((row) => row.wallet.currency === DEFAULT_CURRENCY)) {
    const usdt = { ...walletOf(wallets, DEFAULT_CURRENCY), price_usdt: '1', value_usdt: '0' };
    rows.push({ wallet: usdt, held: new Decimal(0), share: percentage('0', totalValue, 1) });
  }
  const value = (row: AssetRow) =>
    row.wallet.value_usdt === null ? null : new Decimal(row.wallet.value_usdt);
  return rows.sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) return va === null ? (vb === null ? 0 : 1) : -1;
    return vb.comparedTo(va) || (a.wallet.currency < b.wallet.currency ? -1 : 1);
  });
}
