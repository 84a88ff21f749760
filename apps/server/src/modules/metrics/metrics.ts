import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The instance's Prometheus metrics (issue 37; docs/operations.md, "Metrics"). One Registry per app,
 * never prom-client's global one: tests run several apps in one process, and each instance's numbers
 * are its own. Label sets are bounded: products, results, route patterns, job names, the configured
 * sources and the pair list; never a user id or a raw URL.
 */
export type Product = 'spot' | 'flash' | 'option' | 'perpetual';

/** What the instance reads at scrape time (the database's counts, the index, the leases…). */
export interface ScrapeSources {
  /** One read of the database's counts per scrape (metrics.repository.ts). */
  counts(): Promise<{
    openContracts: Record<Product, number>;
    withdrawalsAwaitingReview: number;
    depositsAwaitingReview: number;
    reconciliation: { finishedAtSeconds: number; ok: boolean } | null;
  }>;
  /** This instance's job loops: lease name → held now. */
  leases(): ReadonlyMap<string, boolean>;
  /** node-postgres's pool (PostgreSQL only). */
  pool?: () => { inUse: number; waiting: number };
  redis(): 'up' | 'down' | 'off';
  sockets(): { connected: number; slow: number };
}

/** The index's latest components per pair of the pair list (the market-data module gives it). */
export type PriceSourceReader = () => Promise<
  { source: string; symbol: string; up: boolean; hasIndex: boolean }[]
>;

export type PlatformMetrics = ReturnType<typeof createMetrics>;

/** Counts kept this long serve scrapes that come together (two Prometheus servers): one query for both. */
const COUNTS_REUSE_MS = 1000;

export function createMetrics() {
  const registry = new Registry();
  // Process (CPU, memory, handles) and event-loop lag, once per registry.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let sources: ScrapeSources | undefined;
  let priceSources: PriceSourceReader | undefined;
  let counts: { at: number; value: ReturnType<ScrapeSources['counts']> } | undefined;
  const readCounts = () => {
    if (!sources) return undefined;
    const now = performance.now();
    if (!counts || now - counts.at > COUNTS_REUSE_MS) {
      counts = { at: now, value: sources.counts() };
      // A failed read is not kept: the next scrape asks again.
      counts.value.catch(() => {
        counts = undefined;
      });
    }
    return counts.value;
  };

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const orders = new Counter({
    name: 'platform_orders_total',
    help: 'Orders placed (ok) and refused (a 4xx answer) by product',
    labelNames: ['product', 'result'] as const,
    registers,
  });
  const settlementLag = new Histogram({
    name: 'platform_settlement_lag_seconds',
    help: 'Flash and option contracts: settlement time minus expiry',
    labelNames: ['product'] as const,
    buckets: [0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 30, 60, 300],
    registers,
  });
  const loginFailures = new Counter({
    name: 'platform_login_failures_total',
    help: 'Logins refused: wrong credentials (rejected) or too many attempts (limited)',
    labelNames: ['reason'] as const,
    registers,
  });
  const twofaFailures = new Counter({
    name: 'platform_twofa_failures_total',
    help: '2FA code checks refused: wrong code (rejected) or too many attempts (limited)',
    labelNames: ['reason'] as const,
    registers,
  });

  new Gauge({
    name: 'platform_open_contracts',
    help: 'Open contracts by product: timed contracts (flash, option) and perpetual positions',
    labelNames: ['product'] as const,
    registers,
    async collect() {
      const read = await readCounts();
      if (!read) return;
      for (const [product, n] of Object.entries(read.openContracts)) this.set({ product }, n);
    },
  });
  new Gauge({
    name: 'platform_withdrawals_awaiting_review',
    help: 'Withdrawals pending or under review',
    registers,
    async collect() {
      const read = await readCounts();
      if (read) this.set(read.withdrawalsAwaitingReview);
    },
  });
  new Gauge({
    name: 'platform_deposits_awaiting_review',
    help: 'Deposits pending review',
    registers,
    async collect() {
      const read = await readCounts();
      if (read) this.set(read.depositsAwaitingReview);
    },
  });
  new Gauge({
    name: 'platform_reconciliation_last_run_timestamp_seconds',
    help: 'When the last reconciliation run finished (0: none yet)',
    registers,
    async collect() {
      const read = await readCounts();
      if (read) this.set(read.reconciliation?.finishedAtSeconds ?? 0);
    },
  });
  new Gauge({
    name: 'platform_reconciliation_ok',
    help: 'Whether the last reconciliation run found the ledger consistent (1) or not (0; 1 before any run)',
    registers,
    async collect() {
      const read = await readCounts();
      if (read) this.set(read.reconciliation && !read.reconciliation.ok ? 0 : 1);
    },
  });
  new Gauge({
    name: 'platform_price_source_up',
    help: "A source's last quote for a pair is included in the index (1) or not (0), as this instance sees it",
    labelNames: ['source', 'symbol'] as const,
    registers,
    async collect() {
      if (!priceSources) return;
      this.reset();
      for (const s of await priceSources()) this.set({ source: s.source, symbol: s.symbol }, s.up ? 1 : 0);
    },
  });
  new Gauge({
    name: 'platform_index_available',
    help: 'A pair of the pair list has an index price (1) or too few sources (0), as this instance sees it',
    labelNames: ['symbol'] as const,
    registers,
    async collect() {
      if (!priceSources) return;
      this.reset();
      const seen = new Map<string, boolean>();
      for (const s of await priceSources()) seen.set(s.symbol, s.hasIndex);
      for (const [symbol, has] of seen) this.set({ symbol }, has ? 1 : 0);
    },
  });
  new Gauge({
    name: 'platform_job_lease_held',
    help: "Whether this instance's job loop holds the job's lease",
    labelNames: ['job'] as const,
    registers,
    collect() {
      if (!sources) return;
      for (const [job, held] of sources.leases()) this.set({ job }, held ? 1 : 0);
    },
  });
  new Gauge({
    name: 'platform_db_pool_in_use',
    help: 'Database connections checked out of the pool (PostgreSQL)',
    registers,
    collect() {
      const pool = sources?.pool?.();
      if (pool) this.set(pool.inUse);
    },
  });
  new Gauge({
    name: 'platform_db_pool_waiting',
    help: 'Queries waiting for a pool connection (PostgreSQL)',
    registers,
    collect() {
      const pool = sources?.pool?.();
      if (pool) this.set(pool.waiting);
    },
  });
  new Gauge({
    name: 'platform_redis_up',
    help: 'Redis reachable (1), down (0); absent without REDIS_URL',
    registers,
    collect() {
      const state = sources?.redis();
      if (state === 'up' || state === 'down') this.set(state === 'up' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'platform_socket_connections',
    help: 'Authenticated socket.io connections on this instance',
    registers,
    collect() {
      if (sources) this.set(sources.sockets().connected);
    },
  });
  new Gauge({
    name: 'platform_socket_slow_consumers',
    help: 'Sockets on this instance whose send buffer is behind (they skip replaceable updates)',
    registers,
    collect() {
      if (sources) this.set(sources.sockets().slow);
    },
  });

  return {
    registry,
    /** Given once the app is wired (the scrape-time readers need the modules). */
    readFrom(s: ScrapeSources) {
      sources = s;
    },
    readPriceSourcesFrom(reader: PriceSourceReader) {
      priceSources = reader;
    },
    httpDuration,
    orders,
    loginFailures,
    twofaFailures,
    /** The settlement's observer: each settled contract's settled_at − expires_at. */
    observeSettlementLag(product: 'flash' | 'option', lagSeconds: number) {
      settlementLag.observe({ product }, Math.max(0, lagSeconds));
    },
  };
}
