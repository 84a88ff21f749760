import type { AdminTradingPairsData, PairSyncData, TradingPair } from '@platform/contracts';
import { notFound, upstreamFailed } from '../../core/errors.ts';
import { createKeptCopy } from '../../core/kept-copy.ts';
import type { Db } from '../../db/client.ts';
import { msg } from '../../i18n/i18n.ts';
import { marketLogText } from '../../i18n/market-logs.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { finishJob, insertJob } from './jobs.repository.ts';
import type { MarketCache } from './market-cache.ts';
import { toTicker } from './market-format.ts';
import type { MarketLogger } from './market-log.ts';
import * as repo from './pairs.repository.ts';
import { type Instrument, type MarketDataProvider, ProviderError } from './providers/provider.ts';

export { findPairBySymbol, listPairs, type PairRow, requireEnabledPair } from './pairs.repository.ts';

/**
 * Trading pairs: what users may trade (enabled ones), the admin list and toggle, and the sync that
 * refreshes the list from the pair-sync provider (OKX, or the simulator offline).
 */
/** How long an instance answers orders from its copy of a pair row (see pairRow). */
export const PAIR_ROW_CACHE_MS = 1000;

export function createPairsService(deps: {
  db: Db;
  cache: MarketCache;
  /** Built on first use: the OKX provider loads ccxt, which the other calls never need. */
  syncProvider: () => Promise<MarketDataProvider>;
  log: MarketLogger;
  /** Called after the set of pairs or their enabled flags changed (the feed re-reads its symbols). */
  onPairsChanged: () => void;
}) {
  const { db, cache, log } = deps;
  /**
   * The pair rows that orders and market subscriptions read, kept for a second: every order and
   * every subscribing socket asks for its pair, and a change (switching a pair off, a sync) reaches
   * this instance at once and the others within the second.
   */
  const rows = createKeptCopy((symbol: string) => repo.findPairBySymbol(db, symbol), PAIR_ROW_CACHE_MS);
  const pairRow = (symbol: string) => rows.get(symbol);
  const pairsChanged = () => {
    rows.clear();
    deps.onPairsChanged();
  };

  async function withLive(rows: repo.PairRow[]): Promise<TradingPair[]> {
    const live = await cache.tickers().catch(() => new Map());
    return rows.map((row) => repo.toTradingPair(row, live.get(row.symbol)));
  }

  return {
    /** First start: the simulator's majors, enabled, so that a fresh platform has markets at once. */
    async ensureDefaultPairs(instruments: Instrument[]) {
      if ((await repo.countPairs(db)) > 0) return false;
      await repo.upsertPairs(
        db,
        'sim',
        instruments.map((instrument) => ({ instrument, price: null, change: null, volume: null })),
        true,
      );
      return true;
    },

    async listForAdmin(): Promise<AdminTradingPairsData> {
      const [rows, lastSync] = await Promise.all([
        repo.listPairs(db, { enabledOnly: false }),
        repo.lastCompletedSync(db),
      ]);
      return { pairs: await withLive(rows), lastSyncTime: lastSync?.toISOString() ?? null };
    },

    async listEnabled(): Promise<TradingPair[]> {
      return withLive(await repo.listPairs(db, { enabledOnly: true }));
    },

    /** The pair if users may see and trade it; 404 otherwise (unknown and disabled look the same). */
    async requireEnabled(symbol: string): Promise<TradingPair> {
      const row = await pairRow(symbol);
      if (!row?.enabled) throw notFound(msg('marketAdmin.pairNotTradable', { symbol }));
      return repo.toTradingPair(row, await cache.ticker(symbol).catch(() => null));
    },

    /**
     * From this instance's copy of the row, like orders: a page of the web app opening on thousands
     * of sockets asks once per pair and second, not once per subscription.
     */
    async isEnabled(symbol: string): Promise<boolean> {
      return Boolean((await pairRow(symbol))?.enabled);
    },

    async symbols(opts: { enabledOnly: boolean }): Promise<string[]> {
      return (await repo.listPairs(db, opts)).map((p) => p.symbol);
    },

    async setEnabled(actor: AuditActor, id: number, enabled: boolean): Promise<TradingPair> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.lockPair(tx, id);
        if (!before) throw notFound(msg('marketAdmin.pairNotFound'));
        const after = await repo.setPairEnabled(tx, id, enabled);
        await recordAudit(tx, actor, {
          action: enabled ? 'trading_pair.enable' : 'trading_pair.disable',
          targetType: 'trading_pair',
          targetId: id,
          before: { symbol: before.symbol, enabled: before.enabled },
          after: { symbol: after.symbol, enabled: after.enabled },
        });
        return after;
      });
      pairsChanged();
      return repo.toTradingPair(row, await cache.ticker(row.symbol).catch(() => null));
    },

    /**
     * Fetches the instrument list and tickers first, outside any transaction (network inside a
     * transaction would hold PGlite's only connection), then writes everything in one transaction:
     * a failed fetch writes nothing.
     */
    async sync(actor: AuditActor): Promise<PairSyncData> {
      const job = await insertJob(
        db,
        { kind: 'pair_sync', total: 1, params: {}, requestedBy: actor.adminId },
        msg('marketAdmin.syncInProgress'),
      );
      let providerId = 'unknown';
      try {
        const provider = await deps.syncProvider();
        providerId = provider.id;
        const instruments = (await provider.instruments()).filter((i) => i.active);
        const tickers = await provider.tickers(instruments.map((i) => i.symbol));
        const bySymbol = new Map(tickers.map((t) => [t.symbol, t]));
        const items: repo.PairUpsert[] = instruments.map((instrument) => {
          const t = bySymbol.get(instrument.symbol);
          if (!t) return { instrument, price: null, change: null, volume: null };
          const ticker = toTicker(t, provider.id);
          return {
            instrument,
            price: ticker.last_price,
            change: ticker.change_24h,
            volume: ticker.volume_24h,
          };
        });
        const result = await db.transaction(async (tx) => {
          const counts = await repo.upsertPairs(tx, provider.id, items, false);
          const data: PairSyncData = {
            newPairs: counts.inserted,
            updatedPairs: counts.updated,
            provider: provider.id,
          };
          await recordAudit(tx, actor, {
            action: 'trading_pair.sync',
            targetType: 'trading_pair',
            targetId: null,
            after: data,
          });
          await finishJob(tx, job.id, { status: 'completed', result: data });
          return data;
        });
        log.write(
          'info',
          'pairs.sync',
          marketLogText('pairsSynced', { added: result.newPairs, updated: result.updatedPairs }),
          result,
        );
        pairsChanged();
        return result;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await finishJob(db, job.id, { status: 'failed', error: message });
        log.write('error', 'pairs.sync_failed', marketLogText('pairsSyncFailed', { message }), {
          provider: providerId,
        });
        // Only a failure of the source is a 502; anything else is ours and keeps its own status.
        throw err instanceof ProviderError ? upstreamFailed(err.text) : err;
      }
    },
  };
}

export type PairsService = ReturnType<typeof createPairsService>;
