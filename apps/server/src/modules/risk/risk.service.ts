import {
  REALTIME_EVENTS,
  RISK_STRESS_MOVES,
  type RiskAlert,
  type RiskAlertKind,
  type RiskExposureData,
  type RiskExposurePair,
  type RiskThreshold,
  type RiskThresholdBody,
} from '@platform/contracts';
import {
  Decimal,
  exposureString,
  formatNormalised,
  perpetualHouseResult,
  positionHouseResult,
  timedHouseResult,
  timedWorstCasePayout,
} from '@platform/domain';
import type { Db } from '../../db/client.ts';
import { msg } from '../../i18n/i18n.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { type Fence, type JobStep, noFence } from '../jobs/job-loop.ts';
import { adminNoticeOf } from '../realtime/admin-notices.ts';
import type { Realtime } from '../realtime/realtime.ts';
import {
  EXPOSURE_LARGEST_LIMIT,
  type TradingExposure,
  type TradingExposureSnapshot,
} from '../trading/exposure/exposure.service.ts';
import * as repo from './risk.repository.ts';

/** How often the leased step compares the exposure with the thresholds. */
export const RISK_ALERTS_EVERY_MS = 5000;
/** A reply older than this recomputes in the background; older than the limit, before replying. */
export const RISK_FRESH_MS = 5000;
export const RISK_STALE_LIMIT_MS = 60_000;

const ZERO = { quantity: '0', entryValue: '0', margin: '0' };
const NO_TIMED = { stake: '0', profit: '0' };

/** One pair's figures before they become strings, with what the alerts compare. */
interface PairFigures {
  pair: RiskExposurePair;
  /** The house's result at each stress move (RISK_STRESS_MOVES' order). */
  stress: Decimal[];
  netNotional: Decimal;
  worstCaseLoss: Decimal;
}

/** Extra sums the exposure shows that other parts of trading own (funding, the insurance fund). */
export interface RiskExtraSources {
  /** Per symbol, the funding users paid the house and the house paid users in the window (≥ 0 each). */
  funding(since: Date): Promise<Map<string, { received: string; paid: string }>>;
  /** The insurance fund's balance; absent where there is none. */
  insuranceFund?: () => Promise<string>;
}

/** The funding window of the exposure's funding columns. */
export const RISK_FUNDING_WINDOW_MS = 24 * 3600_000;

function pairFigures(
  symbol: string,
  mark: string,
  snapshot: TradingExposureSnapshot,
  funding: { received: string; paid: string } | undefined,
): PairFigures {
  const side = (s: 'long' | 'short') => snapshot.perpetual.find((p) => p.symbol === symbol && p.side === s);
  const long = side('long');
  const short = side('short');
  const timed = (d: 'up' | 'down') =>
    snapshot.timed.find((t) => t.symbol === symbol && t.direction === d) ?? NO_TIMED;
  const up = timed('up');
  const down = timed('down');
  // crossed[0] is at the mark, crossed[1 + i] at the mark moved by RISK_STRESS_MOVES[i].
  const houseAt = (k: number, price: string) =>
    (long ? perpetualHouseResult('long', long, long.crossed[k] ?? ZERO, price) : new Decimal(0)).plus(
      short ? perpetualHouseResult('short', short, short.crossed[k] ?? ZERO, price) : new Decimal(0),
    );
  const longNotional = new Decimal(long?.quantity ?? '0').times(mark);
  const shortNotional = new Decimal(short?.quantity ?? '0').times(mark);
  const stress = RISK_STRESS_MOVES.map((move, i) => {
    const price = new Decimal(mark).times(new Decimal(1).plus(move)).toFixed();
    return houseAt(i + 1, price).plus(timedHouseResult(up, down, move));
  });
  const worst = Decimal.min(...stress);
  return {
    pair: {
      symbol,
      perpetual_long_notional: exposureString(longNotional),
      perpetual_short_notional: exposureString(shortNotional),
      perpetual_unrealised_pnl: exposureString(houseAt(0, mark)),
      timed_open_stake_up: exposureString(new Decimal(up.stake)),
      timed_open_stake_down: exposureString(new Decimal(down.stake)),
      timed_worst_case_payout: exposureString(timedWorstCasePayout(up, down)),
      funding_received: exposureString(new Decimal(funding?.received ?? '0')),
      funding_paid: exposureString(new Decimal(funding?.paid ?? '0')),
    },
    stress,
    netNotional: longNotional.minus(shortNotional).abs(),
    worstCaseLoss: worst.isNegative() ? worst.neg() : new Decimal(0),
  };
}

const sumOf = (pairs: PairFigures[], field: keyof Omit<RiskExposurePair, 'symbol'>) =>
  exposureString(pairs.reduce((s, p) => s.plus(p.pair[field]), new Decimal(0)));

function toThreshold(row: repo.ThresholdRow): RiskThreshold {
  return {
    symbol: row.symbol,
    net_notional: row.netNotional === null ? null : formatNormalised(new Decimal(row.netNotional)),
    worst_case_loss: row.worstCaseLoss === null ? null : formatNormalised(new Decimal(row.worstCaseLoss)),
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedBy,
  };
}

function toAlert(row: repo.AlertRow): RiskAlert {
  return {
    symbol: row.symbol,
    kind: row.kind === 'worst_case_loss' ? 'worst_case_loss' : 'net_notional',
    threshold: formatNormalised(new Decimal(row.threshold)),
    value: formatNormalised(new Decimal(row.value)),
    since: row.since.toISOString(),
  };
}

/**
 * 风险敞口 (issue 34, docs/risk-exposure.md): the house's exposure per pair and in total from the
 * trading module's aggregates, the alert thresholds per pair, and the leased step that raises an alert
 * (and notifies the admins) once per crossing.
 */
export function createRiskService(deps: {
  db: Db;
  exposure: TradingExposure;
  extra: RiskExtraSources;
  realtime: Pick<Realtime, 'toAdmins'>;
  now: () => number;
}) {
  const { db } = deps;

  async function compute(): Promise<{ data: Omit<RiskExposureData, 'alerts'>; figures: PairFigures[] }> {
    const now = deps.now();
    const [snapshot, funding, insurance] = await Promise.all([
      deps.exposure.snapshot(RISK_STRESS_MOVES),
      deps.extra.funding(new Date(now - RISK_FUNDING_WINDOW_MS)),
      deps.extra.insuranceFund ? deps.extra.insuranceFund() : Promise.resolve(null),
    ]);
    const marks = new Map(snapshot.marks.map((m) => [m.symbol, m.price]));
    // A pair with funding in the window but nothing open has only its funding (no mark needed).
    const symbols = [...new Set([...marks.keys(), ...funding.keys()])].sort();
    const figures = symbols.map((s) => pairFigures(s, marks.get(s) ?? '0', snapshot, funding.get(s)));
    const long = sumOf(figures, 'perpetual_long_notional');
    const short = sumOf(figures, 'perpetual_short_notional');
    const positions = snapshot.largestPositions
      .map((p) => {
        const mark = marks.get(p.symbol) ?? '0';
        return {
          id: p.id,
          user: { id: p.userId, email: p.email },
          symbol: p.symbol,
          side: p.side,
          quantity: formatNormalised(new Decimal(p.quantity)),
          margin: formatNormalised(new Decimal(p.margin)),
          leverage: p.leverage,
          entry_price: formatNormalised(new Decimal(p.entryPrice)),
          notionalValue: new Decimal(p.quantity).times(mark),
          house_pnl: exposureString(positionHouseResult(p.side, p.quantity, p.entryPrice, p.margin, mark)),
        };
      })
      .sort((a, b) => b.notionalValue.comparedTo(a.notionalValue) || b.id - a.id)
      .slice(0, EXPOSURE_LARGEST_LIMIT)
      .map(({ notionalValue, ...rest }) => ({ ...rest, notional: exposureString(notionalValue) }));
    const data: Omit<RiskExposureData, 'alerts'> = {
      pairs: figures.map((f) => f.pair),
      totals: {
        perpetual_long_notional: long,
        perpetual_short_notional: short,
        perpetual_net_notional: exposureString(new Decimal(long).minus(short)),
        perpetual_unrealised_pnl: sumOf(figures, 'perpetual_unrealised_pnl'),
        timed_open_stake_up: sumOf(figures, 'timed_open_stake_up'),
        timed_open_stake_down: sumOf(figures, 'timed_open_stake_down'),
        timed_worst_case_payout: sumOf(figures, 'timed_worst_case_payout'),
        funding_received: sumOf(figures, 'funding_received'),
        funding_paid: sumOf(figures, 'funding_paid'),
        open_positions: snapshot.perpetual.reduce((n, p) => n + p.positions, 0),
        open_contracts: snapshot.timed.reduce((n, t) => n + t.contracts, 0),
      },
      insurance_fund: insurance === null ? null : exposureString(new Decimal(insurance)),
      stress: RISK_STRESS_MOVES.map((move, i) => ({
        move,
        house_result: exposureString(figures.reduce((s, f) => s.plus(f.stress[i] ?? 0), new Decimal(0))),
      })),
      largest_positions: positions,
      largest_users: snapshot.largestUsers.map((u) => {
        const perp = new Decimal(u.perpetualNotional);
        const timed = new Decimal(u.timedPayout);
        return {
          user: { id: u.userId, email: u.email },
          perpetual_notional: exposureString(perp),
          timed_payout: exposureString(timed),
          exposure: exposureString(perp.plus(timed)),
        };
      }),
      marks: snapshot.marks.map((m) => ({ symbol: m.symbol, price: m.price, at: m.at.toISOString() })),
      unpriced: snapshot.unpriced,
      computed_at: new Date(now).toISOString(),
    };
    return { data, figures };
  }

  // The instance's last computation: a reply serves it and recomputes in the background once it is
  // older than RISK_FRESH_MS (stale-while-revalidate), one computation at a time.
  type Computed = { data: Omit<RiskExposureData, 'alerts'>; figures: PairFigures[]; at: number };
  let last: Computed | null = null;
  let running: Promise<Computed> | null = null;
  function refresh(): Promise<Computed> {
    running ??= compute()
      .then((result) => {
        const computed: Computed = { ...result, at: deps.now() };
        last = computed;
        return computed;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  async function exposure(opts: { fresh?: boolean } = {}): Promise<RiskExposureData> {
    const age = last ? deps.now() - last.at : Number.POSITIVE_INFINITY;
    let current = last;
    if (opts.fresh || !current || age > RISK_STALE_LIMIT_MS) current = await refresh();
    else if (age > RISK_FRESH_MS) void refresh().catch(() => {});
    const alerts = await repo.listAlerts(db);
    return { ...current.data, alerts: alerts.map(toAlert) };
  }

  async function thresholds(): Promise<RiskThreshold[]> {
    return (await repo.listThresholds(db)).map(toThreshold);
  }

  /** Saves (or, both null, removes) a pair's thresholds, audited `risk_threshold.save`. */
  async function saveThreshold(actor: AuditActor, body: RiskThresholdBody): Promise<RiskThreshold[]> {
    await db.transaction(async (tx) => {
      const before = await repo.thresholdFor(tx, body.symbol);
      if (body.net_notional === null && body.worst_case_loss === null) {
        await repo.deleteThreshold(tx, body.symbol);
      } else {
        await repo.upsertThreshold(tx, {
          symbol: body.symbol,
          netNotional: body.net_notional,
          worstCaseLoss: body.worst_case_loss,
          updatedBy: actor.adminId,
        });
      }
      await recordAudit(tx, actor, {
        action: 'risk_threshold.save',
        targetType: 'risk_threshold',
        targetId: body.symbol,
        before: before ? toThreshold(before) : null,
        after: body,
      });
    });
    return thresholds();
  }

  /**
   * Compares each pair's net notional and worst-case loss with its thresholds: a crossing first seen
   * raises the alert and notifies the admins (once: the alert row's insert decides); a value back
   * under (or a threshold removed) clears it. Returns the alerts raised by this call.
   */
  async function checkAlerts(fence: Fence = noFence): Promise<RiskAlert[]> {
    const limits = await repo.listThresholds(db);
    if (limits.length === 0) {
      const stale = await repo.listAlerts(db);
      if (stale.length > 0) {
        await db.transaction(async (tx) => {
          await fence(tx);
          await repo.clearAlertsExcept(tx, []);
        });
      }
      return [];
    }
    const { figures } = await refresh();
    const bySymbol = new Map(figures.map((f) => [f.pair.symbol, f]));
    const over: { symbol: string; kind: RiskAlertKind; threshold: string; value: string }[] = [];
    for (const limit of limits) {
      const f = bySymbol.get(limit.symbol);
      const values: [RiskAlertKind, string | null, Decimal][] = [
        ['net_notional', limit.netNotional, f?.netNotional ?? new Decimal(0)],
        ['worst_case_loss', limit.worstCaseLoss, f?.worstCaseLoss ?? new Decimal(0)],
      ];
      for (const [kind, threshold, value] of values) {
        if (threshold !== null && value.greaterThanOrEqualTo(threshold)) {
          over.push({ symbol: limit.symbol, kind, threshold, value: exposureString(value) });
        }
      }
    }
    const since = new Date(deps.now());
    const raised = await db.transaction(async (tx) => {
      await fence(tx);
      await repo.clearAlertsExcept(tx, over);
      const fresh: RiskAlert[] = [];
      for (const o of over) {
        if (await repo.raiseAlert(tx, { ...o, since })) {
          fresh.push({
            ...o,
            threshold: formatNormalised(new Decimal(o.threshold)),
            since: since.toISOString(),
          });
        }
      }
      return fresh;
    });
    for (const alert of raised) {
      const notice = adminNoticeOf(
        msg('backOffice.risk.alertTitle'),
        msg('backOffice.risk.alert', {
          symbol: alert.symbol,
          kind: msg(`backOffice.risk.kinds.${alert.kind}`),
          value: alert.value,
          threshold: alert.threshold,
        }),
        { type: 'risk', sound: true, id: 0 },
      );
      deps.realtime.toAdmins(REALTIME_EVENTS.adminNotification, notice);
    }
    return raised;
  }

  const jobStep: JobStep = {
    name: 'risk-alerts',
    everyMs: RISK_ALERTS_EVERY_MS,
    run: async (_now, fence) => {
      await checkAlerts(fence);
    },
  };

  return {
    exposure,
    thresholds,
    saveThreshold,
    checkAlerts,
    jobStep,
    alerts: async () => (await repo.listAlerts(db)).map(toAlert),
  };
}
export type RiskService = ReturnType<typeof createRiskService>;
