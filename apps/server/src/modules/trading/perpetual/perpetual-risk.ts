import {
  DEFAULT_PERPETUAL_RISK,
  type PairRiskTerms,
  PERPETUAL_MARGIN_CURRENCY,
  PERPETUAL_RISK_SETTING_KEY,
  PERPETUAL_RISK_TEXTS,
  type PerpetualRiskConfig,
  pairRiskTerms,
  perpetualRiskConfig,
} from '@platform/contracts';
import { AppError, badRequest, businessRule } from '../../../core/errors.ts';
import { Decimal, formatNormalised } from '../../../core/money.ts';
import type { Db, Executor, Tx } from '../../../db/client.ts';
import { type Message, msg } from '../../../i18n/i18n.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import type { ChangesService } from '../../changes/changes.service.ts';
import { readSetting, readSettingForUpdate, writeSetting } from '../../jobs/settings.ts';
import { listPairs } from '../../market-data/pairs.service.ts';
import {
  lockPairSide,
  openNotional,
  openNotionalBySide,
  userOpenNotional,
} from './perpetual-risk.repository.ts';

/**
 * Leverage tiers and open-interest caps of the perpetuals (issue 34, docs/perpetual-risk.md).
 *
 * - Tiers (Binance's leverage brackets): a position of notional N (margin × leverage, USDT) falls in
 *   the first tier whose `max_notional` is at least N; its leverage must be at most that tier's, and
 *   it keeps that tier's maintenance rate (or the product's `maintenance_margin_rate`, whichever is
 *   higher) for life. Checked when a market order opens, when a limit order is placed and again when
 *   it triggers. Adding margin only lowers a position's effective leverage and never its notional,
 *   so no margin change can move a position beyond its tier (there is no margin withdrawal).
 * - Caps: a user's open notional on a pair (both sides) and the open notional of each side of a pair
 *   (Σ quantity × entry of open positions). Checked in the opening transaction under the user's
 *   opening lock and the pair side's lock, so parallel opens cannot together pass a cap. Waiting
 *   limit orders do not reserve room: they are checked at placement and again when they trigger (a
 *   trigger beyond a cap cancels the order with the reason and unfreezes its funds).
 */

/** The stored parameters, or the defaults; a stored value that fails the schema is refused loudly. */
export async function readPerpetualRisk(exec: Executor): Promise<PerpetualRiskConfig> {
  const stored = await readSetting<unknown>(exec, PERPETUAL_RISK_SETTING_KEY, null);
  if (stored === null) return DEFAULT_PERPETUAL_RISK;
  const parsed = perpetualRiskConfig.safeParse(stored);
  if (!parsed.success) throw new AppError(500, PERPETUAL_RISK_TEXTS.configInvalid);
  return parsed.data;
}

export { maintenanceRateFor, tierOf, tierProblem } from '@platform/domain';
export { pairRiskTerms };

/**
 * In the opening transaction, after the user's opening lock: takes the pair side's lock and refuses
 * (422 with the room left) an opening of `notional` that would pass the user's or the side's cap.
 */
export async function assertOpenInterestRoom(
  tx: Tx,
  terms: PairRiskTerms,
  open: { userId: number; symbol: string; side: 'long' | 'short'; notional: Decimal },
): Promise<void> {
  const problem = await openInterestProblem(tx, terms, open);
  if (problem) throw businessRule(problem.message, { field: 'margin' });
}

export async function openInterestProblem(
  tx: Tx,
  terms: PairRiskTerms,
  open: { userId: number; symbol: string; side: 'long' | 'short'; notional: Decimal },
): Promise<{ message: Message } | null> {
  await lockPairSide(tx, open.symbol, open.side);
  const used = await openNotional(tx, open.symbol, open.side, open.userId);
  const room = (cap: string, usedValue: string) =>
    formatNormalised(
      Decimal.max(new Decimal(cap).minus(usedValue), 0).toDecimalPlaces(8, Decimal.ROUND_DOWN),
    );
  if (new Decimal(used.user).plus(open.notional).gt(terms.user_cap)) {
    return {
      message: msg('userFacing.perpetual.userCap', {
        cap: terms.user_cap,
        room: room(terms.user_cap, used.user),
      }),
    };
  }
  if (new Decimal(used.side).plus(open.notional).gt(terms.side_cap)) {
    return {
      message: msg('userFacing.perpetual.sideCap', {
        side: msg(open.side === 'long' ? 'userFacing.perpetual.long' : 'userFacing.perpetual.short'),
        cap: terms.side_cap,
        room: room(terms.side_cap, used.side),
      }),
    };
  }
  return null;
}

/** Every USDT pair's tiers and caps in force with its open notional per side (the back office's 风控参数). */
export async function riskUsage(exec: Executor, config: PerpetualRiskConfig, symbols: readonly string[]) {
  const sums = await openNotionalBySide(exec);
  const sum = (symbol: string, side: string) =>
    formatNormalised(new Decimal(sums.find((r) => r.symbol === symbol && r.side === side)?.v ?? '0'));
  const all = [...new Set([...symbols, ...sums.map((r) => r.symbol)])].sort();
  return all.map((symbol) => {
    const terms = pairRiskTerms(config, symbol);
    return {
      symbol,
      tiers: terms.tiers,
      own: config.pairs.some((p) => p.symbol === symbol),
      user_cap: terms.user_cap,
      side_cap: terms.side_cap,
      long_notional: sum(symbol, 'long'),
      short_notional: sum(symbol, 'short'),
    };
  });
}

/** What the order form shows for a pair: its tiers, the user's cap and the user's open notional on it. */
export async function pairRiskForUser(exec: Executor, symbol: string, userId: number) {
  const terms = pairRiskTerms(await readPerpetualRisk(exec), symbol);
  return {
    symbol,
    tiers: terms.tiers,
    user_cap: terms.user_cap,
    user_open_notional: formatNormalised(new Decimal(await userOpenNotional(exec, symbol, userId))),
  };
}

/** The kind of change (changes.service.ts) that sets the parameters: proposed, approved by another admin. */
export const PERPETUAL_RISK_KIND = 'perpetual.risk';

/** Registers PERPETUAL_RISK_KIND: the stored value is compared and written, audited perpetual_risk.update. */
export function registerPerpetualRiskChanges(changes: ChangesService) {
  changes.registerKind<PerpetualRiskConfig>({
    kind: PERPETUAL_RISK_KIND,
    requiredLevel: 'admin',
    targetType: 'setting',
    validate: (payload) => {
      const parsed = perpetualRiskConfig.safeParse(payload);
      if (!parsed.success)
        throw badRequest(parsed.error.issues[0]?.message ?? msg('userFacing.perpetual.riskFormat'));
      return parsed.data;
    },
    // The stored value, or the defaults a fresh platform runs on (locked when stored).
    readCurrent: (exec) => readSettingForUpdate(exec, PERPETUAL_RISK_SETTING_KEY, DEFAULT_PERPETUAL_RISK),
    apply: async (tx, config, { actor, change }) => {
      await writeSetting(tx, PERPETUAL_RISK_SETTING_KEY, config, actor.adminId);
      await recordAudit(tx, actor, {
        action: 'perpetual_risk.update',
        targetType: 'setting',
        targetId: PERPETUAL_RISK_SETTING_KEY,
        before: change.before,
        after: config,
      });
    },
  });
}

/** The back office's 风控参数: the parameters, each USDT pair's usage and the open proposals `adminId` sees. */
export async function perpetualRiskAdminView(db: Db, changes: ChangesService, adminId: number) {
  const config = await readPerpetualRisk(db);
  const pairs = (await listPairs(db, { enabledOnly: true })).filter(
    (p) => p.quoteCurrency === PERPETUAL_MARGIN_CURRENCY,
  );
  return {
    config,
    usage: await riskUsage(
      db,
      config,
      pairs.map((p) => p.symbol),
    ),
    pending: await changes.openOfKind(PERPETUAL_RISK_KIND, adminId),
  };
}
