import { Decimal, formatNormalised, MONEY_SCALE, roundToScale, tryParseDecimal } from './money.ts';

/**
 * The wallet overview's risk monitoring (spec 000 §2, wallet overview). Amounts are decimal strings
 * in and out; counts are integers. Percentages are decimal strings with one decimal ('62.5').
 */

/** Places of the percentages shown on the risk block. */
export const RISK_PERCENT_DECIMALS = 1;

function amount(value: string, field: string): Decimal {
  const parsed = tryParseDecimal(value);
  if (!parsed) throw new Error(`risk: ${field} is not a decimal string: ${String(value)}`);
  return parsed;
}

function count(value: number, field: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`risk: ${field} is not a count: ${value}`);
  return value;
}

/** part / whole × 100 with one decimal, half up; '0.0' when whole is zero. */
function percentOf(part: Decimal, whole: Decimal): string {
  if (whole.isZero()) return new Decimal(0).toFixed(RISK_PERCENT_DECIMALS);
  return part.div(whole).times(100).toFixed(RISK_PERCENT_DECIMALS, Decimal.ROUND_HALF_UP);
}

/** deposits / (deposits + withdrawals) in percent, one decimal; '0.0' when nothing flowed. */
export function depositShare(deposits: string, withdrawals: string): string {
  const d = amount(deposits, 'deposits');
  return percentOf(d, d.plus(amount(withdrawals, 'withdrawals')));
}

/** total assets / total users (divisor 1 when there are no users), at most 18 decimals. */
export function averageAssetsPerUser(totalAssets: string, totalUsers: number): string {
  const divisor = count(totalUsers, 'totalUsers') || 1;
  return formatNormalised(roundToScale(amount(totalAssets, 'totalAssets').div(divisor), MONEY_SCALE));
}

/** Requests waiting for an operator: pending deposits + pending withdrawals. */
export function pendingOrders(pendingDeposits: number, pendingWithdrawals: number): number {
  return count(pendingDeposits, 'pendingDeposits') + count(pendingWithdrawals, 'pendingWithdrawals');
}

/** deposited users / total users in percent, one decimal; '0.0' when there are no users. */
export function depositConversionRate(depositedUsers: number, totalUsers: number): string {
  return percentOf(
    new Decimal(count(depositedUsers, 'depositedUsers')),
    new Decimal(count(totalUsers, 'totalUsers')),
  );
}

/** deposits − withdrawals (negative when more left than came in). */
export function netInflow(deposits: string, withdrawals: string): string {
  return formatNormalised(amount(deposits, 'deposits').minus(amount(withdrawals, 'withdrawals')));
}

export interface RiskInput {
  totalAssets: string;
  /** The period's deposits and withdrawals (the wallet overview uses today's). */
  totalDeposits: string;
  totalWithdrawals: string;
  pendingDeposits: number;
  pendingWithdrawals: number;
  totalUsers: number;
  depositedUsers: number;
}

export interface RiskMetrics {
  depositShare: string;
  averageAssetsPerUser: string;
  pendingOrders: number;
  depositConversionRate: string;
  netInflow: string;
}

/** Every metric of the risk block at once. */
export function riskMetrics(input: RiskInput): RiskMetrics {
  return {
    depositShare: depositShare(input.totalDeposits, input.totalWithdrawals),
    averageAssetsPerUser: averageAssetsPerUser(input.totalAssets, input.totalUsers),
    pendingOrders: pendingOrders(input.pendingDeposits, input.pendingWithdrawals),
    depositConversionRate: depositConversionRate(input.depositedUsers, input.totalUsers),
    netInflow: netInflow(input.totalDeposits, input.totalWithdrawals),
  };
}
