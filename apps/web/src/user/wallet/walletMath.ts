import { DEFAULT_CURRENCY, positiveAmount, type ValuedWallet, type WalletView } from '@platform/contracts';
import {
  currencyPrecision,
  Decimal,
  formatNormalised,
  insufficientBalanceText,
  largestAmountWithFee,
  percentage,
  TRADE_AMOUNT_DECIMALS,
  type WithdrawalCharge,
  withdrawalCharge,
  withdrawalFee,
} from '@platform/domain';
import { i18n } from '../../i18n/index.ts';
import { readAmountField } from '../trade/shared/messages.ts';

/**
 * The money rules the wallet screens check before they call the server (which checks them again):
 * amount format and limits, the withdrawal fee, what a withdrawal freezes. The limits and the fee
 * are the server's own (packages/domain withdrawal-fee.ts); this reads what the form holds.
 */

/** Which request the amount is for (its label: 充值金额, 提现金额). */
export type AmountPurpose = 'deposit' | 'withdraw';

export interface AmountLimits {
  min: string;
  max: string;
  currency: string;
}

/**
 * Why an amount typed in a form cannot be sent, in the language shown (in zh-CN the server's
 * words); null when it can. More decimals than the currency has (USDT 2) are refused: the amount
 * confirmed is the amount approved.
 */
export function amountProblem(
  text: string | undefined,
  purpose: AmountPurpose,
  limits: AmountLimits,
): string | null {
  const labelKey = `wallet.amountLabel.${purpose}` as const;
  const parsed = readAmountField(text, labelKey, { places: currencyPrecision(limits.currency) });
  if (!parsed.ok) return parsed.message;
  const label = i18n.t(`user:${labelKey}`);
  const { currency } = limits;
  const min = new Decimal(limits.min);
  const max = new Decimal(limits.max);
  if (parsed.value.lt(min))
    return i18n.t('user:wallet.amountBelowMin', { label, min: formatNormalised(min), currency });
  if (parsed.value.gt(max))
    return i18n.t('user:wallet.amountAboveMax', { label, max: formatNormalised(max), currency });
  return null;
}

export type WithdrawPreview = WithdrawalCharge;

/** The fee and what the request freezes (withdrawalCharge); null while the amount is not valid. */
export function withdrawPreview(text: string | undefined, feeRate: string): WithdrawPreview | null {
  const parsed = positiveAmount.safeParse(text ?? '');
  if (!parsed.success) return null;
  return withdrawalCharge(new Decimal(parsed.data), new Decimal(feeRate));
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
  places: number = TRADE_AMOUNT_DECIMALS,
): string {
  const rate = new Decimal(feeRate);
  const fee = (amount: Decimal) => withdrawalFee(amount, rate);
  return formatNormalised(largestAmountWithFee(new Decimal(available), fee, new Decimal(channelMax), places));
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
