import {
  DEFAULT_LANGUAGE,
  type Language,
  PRICE_SOURCE_ALERT_MINUTES,
  PRICE_SOURCE_EVENT,
  PRICE_SOURCE_STATUS_LABELS,
  type PriceIndex as PriceIndexData,
  type PriceSourceStatusEvent,
  type PriceSourcesOverview,
  priceSourceLabel,
} from '@platform/contracts';
import { Decimal } from '@platform/domain';
import type { Db } from '../../db/client.ts';
import { t } from '../../i18n/i18n.ts';
import { marketLogText, sourceNameIn, sourceStatusIn } from '../../i18n/market-logs.ts';
import type { Realtime } from '../realtime/realtime.ts';
import type { MarketLogger } from './market-log.ts';
import { marketTextIn } from './market-texts.ts';
import type { PairsService } from './pairs.service.ts';
import {
  type IndexSnapshot,
  type PriceIndex,
  type SourceStatusChange,
  toIndexComponents,
} from './price-index.ts';
import { exclusionOf, recordSourceEvents, sourceEventsSince } from './price-source-events.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

/**
 * The index as the outside sees it: the public `GET /api/market/index/{symbol}`, the back office's
 * 价格源 screen with its alerts, and what happens when a venue's status changes (a stored event, a
 * push to the admins, a line in the market log).
 */
export function createPriceSources(deps: {
  db: Db;
  index: PriceIndex;
  simulated: boolean;
  pairs: Pick<PairsService, 'symbols' | 'requireEnabled'>;
  realtime: Pick<Realtime, 'toAdmins'>;
  log: MarketLogger;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;

  function toData(snapshot: IndexSnapshot): PriceIndexData {
    return {
      symbol: snapshot.symbol,
      price: snapshot.price,
      at: new Date(snapshot.at).toISOString(),
      components: toIndexComponents(snapshot.components),
    };
  }

  async function current(symbols: readonly string[]): Promise<IndexSnapshot[]> {
    return deps.index.latest(symbols, deps.index.rules.maxAgeMs);
  }

  return {
    async statusChanged(changes: readonly SourceStatusChange[], at: number): Promise<void> {
      const event: PriceSourceStatusEvent = {
        changes: changes.map((c) => ({
          source: c.source,
          symbol: c.symbol,
          status: c.status,
          price: c.price,
          at: c.at === null ? null : new Date(c.at).toISOString(),
        })),
      };
      deps.realtime.toAdmins(PRICE_SOURCE_EVENT, event);
      for (const c of changes) {
        // The first round of an instance reports every source; only real changes are worth a line.
        if (c.previous === null && c.status === 'included') continue;
        deps.log.write(
          c.status === 'included' ? 'info' : 'warn',
          'index.source_status',
          marketLogText('sourceStatus', {
            symbol: c.symbol,
            source: priceSourceLabel(c.source),
            status: PRICE_SOURCE_STATUS_LABELS[c.status],
          }),
          { source: c.source, symbol: c.symbol, status: c.status, previous: c.previous },
        );
      }
      await recordSourceEvents(deps.db, changes, new Date(at));
    },

    async publicIndex(symbol: string): Promise<PriceIndexData> {
      await deps.pairs.requireEnabled(symbol);
      const [snapshot] = await current([symbol]);
      if (!snapshot) throw new Error(`no index round for ${symbol}`);
      return toData(snapshot);
    },

    /** 价格源's overview, its alerts and errors in `language`. */
    async overview(language: Language = DEFAULT_LANGUAGE): Promise<PriceSourcesOverview> {
      const checkedAt = now();
      const symbols = await deps.pairs.symbols({ enabledOnly: true });
      const snapshots = await current(symbols);
      const exclusion = exclusionOf(
        await sourceEventsSince(deps.db, new Date(checkedAt - DAY_MS)),
        new Date(checkedAt),
      );
      const rows: PriceSourcesOverview['rows'] = [];
      const alerts: PriceSourcesOverview['alerts'] = [];
      for (const snapshot of snapshots) {
        if (snapshot.price === null) {
          alerts.push({
            kind: 'no_index',
            symbol: snapshot.symbol,
            source: null,
            since: null,
            message: t(language, 'marketData.alerts.noIndex', {
              symbol: snapshot.symbol,
              min: deps.index.rules.minSources,
            }),
          });
        }
        for (const c of snapshot.components) {
          const state = deps.index.sourceState(c.source);
          const stored = exclusion.get(`${c.source} ${snapshot.symbol}`);
          const since =
            stored && stored.lastStatus === c.status
              ? stored.since
              : new Date(deps.index.statusSince(c.source, snapshot.symbol) ?? checkedAt);
          rows.push({
            source: c.source,
            symbol: snapshot.symbol,
            status: c.status,
            price: c.price,
            at: c.at === null ? null : new Date(c.at).toISOString(),
            deviation_from_index:
              c.price !== null && snapshot.price !== null
                ? new Decimal(c.price).minus(snapshot.price).div(snapshot.price).toFixed(8)
                : null,
            latency_ms: state?.latencyMs ?? null,
            last_error: state?.error
              ? {
                  message: marketTextIn(language, state.error.message),
                  at: new Date(state.error.at).toISOString(),
                }
              : null,
            excluded_minutes_24h: Math.round(((stored?.excludedMs ?? 0) / MINUTE_MS) * 10) / 10,
            status_since: since.toISOString(),
          });
          if (
            c.status !== 'included' &&
            checkedAt - since.getTime() > PRICE_SOURCE_ALERT_MINUTES * MINUTE_MS
          ) {
            alerts.push({
              kind: 'source_excluded',
              symbol: snapshot.symbol,
              source: c.source,
              since: since.toISOString(),
              message: t(language, 'marketData.alerts.sourceExcluded', {
                symbol: snapshot.symbol,
                source: sourceNameIn(language, c.source),
                minutes: PRICE_SOURCE_ALERT_MINUTES,
                status: sourceStatusIn(language, c.status),
              }),
            });
          }
        }
      }
      return {
        simulated: deps.simulated,
        sources: [...deps.index.sources],
        rules: {
          max_age_ms: deps.index.rules.maxAgeMs,
          max_deviation: deps.index.rules.maxDeviation,
          min_sources: deps.index.rules.minSources,
        },
        indexes: snapshots.map(toData),
        rows,
        alerts,
        checked_at: new Date(checkedAt).toISOString(),
      };
    },
  };
}

export type PriceSources = ReturnType<typeof createPriceSources>;
