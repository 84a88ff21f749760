import {
  type ContractOutcomeName,
  TIMED_STAKE_CURRENCY,
  TIMED_TEXTS,
  type TimedContract,
  TRADING_TEXTS,
  tradeAmount,
} from '@platform/contracts';
import { contractSettlement, currencyPrecision, Decimal, formatChange, formatNumber } from '@platform/domain';
import { contractText, i18n } from '../../../i18n/index.ts';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { readAmountField } from '../shared/messages.ts';
import { referenceSourceName } from '../shared/referenceSource.ts';

/** What the flash and option screens show the same way: times left, durations, rates, prices. */

export interface CountdownParts {
  msLeft: number;
  /** Whole seconds left, rounded up: 0 only once the expiry has passed. */
  secondsLeft: number;
  /** mm:ss, or h:mm:ss from an hour up. */
  text: string;
  expired: boolean;
  /** Share of the contract's life gone, 0..100. */
  percentGone: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function countdownParts(openedAtIso: string, expiresAtIso: string, nowMs: number): CountdownParts {
  const expires = Date.parse(expiresAtIso);
  const opened = Date.parse(openedAtIso);
  const msLeft = Math.max(0, expires - nowMs);
  const secondsLeft = Math.ceil(msLeft / 1000);
  const hours = Math.floor(secondsLeft / 3600);
  const minutes = Math.floor((secondsLeft % 3600) / 60);
  const seconds = secondsLeft % 60;
  const text = hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
  const life = expires - opened;
  const percentGone = life > 0 ? Math.min(100, Math.max(0, ((nowMs - opened) / life) * 100)) : 100;
  return { msLeft, secondsLeft, text, expired: msLeft === 0, percentGone };
}

/** 30 → 30秒, 60 → 1分钟, 90 → 90秒, 3600 → 1小时. */
export function durationLabel(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0)
    return i18n.t('user:trade.timed.durationHours', { n: seconds / 3600 });
  if (seconds >= 60 && seconds % 60 === 0)
    return i18n.t('user:trade.timed.durationMinutes', { n: seconds / 60 });
  return i18n.t('user:trade.timed.durationSeconds', { n: seconds });
}

/** A rate as a percentage without trailing zeros: "0.15" → "15%", "0.125" → "12.5%". */
export function ratePercent(rate: string): string {
  return `${formatNumber(new Decimal(rate).times(100), 4, { minDecimals: 0 })}%`;
}

/** A reference price: up to 8 decimals, at least 2. */
export const formatPrice = (price: string) => formatNumber(price, 8, { minDecimals: 2 });

/** The price source as stored (auditors search for it) with a readable name where one is known. */
export function sourceLabel(source: string): string {
  const name = referenceSourceName(source);
  return name ? i18n.t('user:trade.timed.sourceName', { name, source }) : source;
}

export const directionLabel = (direction: TimedContract['direction']) =>
  i18n.t(`user:trade.side.${direction}`);
export const directionColor = (direction: TimedContract['direction']) =>
  direction === 'up' || direction === 'call' ? UP_COLOR : DOWN_COLOR;

export const outcomeLabel = (outcome: ContractOutcomeName) => i18n.t(`user:trade.outcome.${outcome}`);
export const OUTCOME_TAG_COLORS: Record<ContractOutcomeName, string> = {
  win: 'success',
  loss: 'error',
  draw: 'default',
  void: 'warning',
};

/** A profit with its sign, to the cent, rounded toward minus infinity: +1.50, -10.00, 0.00. */
export const signedAmount = (value: string, currency = TIMED_STAKE_CURRENCY): string =>
  formatChange(value, currency, { unit: false });

export interface StakeLimits {
  min: string;
  max: string;
  currency: string;
  /** The available balance, when known (signed in). */
  available?: string | undefined;
}

/** Why a typed stake cannot be placed, in the server's words; null when it can. */
export function stakeProblem(text: string, limits: StakeLimits): string | null {
  // As the server: never more decimals than the currency has (USDT 2), so the stake confirmed is the stake.
  const parsed = readAmountField(text, 'trade.fieldLabel.stake', {
    places: currencyPrecision(limits.currency),
  });
  if (!parsed.ok) return parsed.message;
  const stake = parsed.value;
  if (stake.lt(limits.min)) return contractText(TIMED_TEXTS.stakeTooSmall(limits.min, limits.currency));
  if (stake.gt(limits.max)) return contractText(TIMED_TEXTS.stakeTooLarge(limits.max, limits.currency));
  if (limits.available !== undefined && stake.gt(limits.available))
    return contractText(TRADING_TEXTS.insufficientBalance);
  return null;
}

/** What a win would return (stake included) and its profit; null while the stake is not a valid amount. */
export function winPreview(stakeText: string, rate: string): { returned: Decimal; profit: Decimal } | null {
  const parsed = tradeAmount.safeParse(stakeText);
  if (!parsed.success) return null;
  const { returned, profit } = contractSettlement(new Decimal(parsed.data), new Decimal(rate), 'win');
  return { returned, profit };
}
