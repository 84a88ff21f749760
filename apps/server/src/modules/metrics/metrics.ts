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
  /** This instance's job steps: step name → its last success, ms since the epoch. */
  stepSuccesses(): ReadonlyMap<string, number>;
  /** node-postgres's pool (PostgreSQL only). */
  pool?: () => { inUse: number; waiting: number };
  /** Statements cancelled by statement_timeout since start (PostgreSQL only). */
  statementTimeouts?: () => number;
  redis(): 'up' | 'down' | 'off';
  sockets(): { connected: number; slow: number };
}

/** One source's last quote for one pair of the pair list, as the index last saw it. */
export interface PriceSourceReading {
  source: string;
  symbol: string;
  up: boolean;
  hasIndex: boolean;
  /** (the source's price − the index) / the index; null without either. */
  deviation: number | null;
  /** How old the source's last price is now; null without one. */
  ageSeconds: number | null;
}

/** The index's latest components per pair of the pair list (the market-data module gives it). */
export type PriceSourceReader = () => Promise<PriceSourceReading[]>;

/** The timed products, which settle (or void) at expiry. */
const TIMED_PRODUCTS = ['flash', 'option'] as const;
const PRODUCTS: readonly Product[] = ['spot', 'flash', 'option', 'perpetual'];

export type PlatformMetrics = ReturnType<typeof createMetrics>;

/** Counts kept this long serve scrapes that come together (two Prometheus servers): one query for both. */
const COUNTS_REUSE_MS = 1000;

/** `read`'s answer, reused by the calls within COUNTS_REUSE_MS; a failed read is not kept. */
function reused<T>(read: () => Promise<T> | undefined): () => Promise<T> | undefined {
  let kept: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = performance.now();
    if (!kept || now - kept.at > COUNTS_REUSE_MS) {
      const value = read();
      if (!value) return undefined;
      kept = { at: now, value };
      value.catch(() => {
        if (kept?.value === value) kept = undefined;
      });
    }
    return kept.value;
  };
}

export function createMetrics() {
  const registry = new Registry();
  // Process (CPU, memory, handles) and event-loop lag, once per registry.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let sources: ScrapeSources | undefined;
  let priceSources: PriceSourceReader | undefined;
  let idempotencyInFlight: (() => number) | undefined;
  // One database read of the counts, and one of the price sources (their four gauges share it),
  // serve the scrapes within COUNTS_REUSE_MS.
  const readCounts = reused(() => sources?.counts());
  const readPriceSources = reused(async () => (priceSources ? priceSources() : []));

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const orders = new Counter({
    name: 'platform_orders_total',
    help: 'Orders placed (ok) and refused by product; a refusal by reason (core/refusal.ts: a fixed list)',
    labelNames: ['product', 'result', 'reason'] as const,
    registers,
  });
  /** A counter of one label whose every value is shown from the start (at 0). */
  const countedBy = <L extends string>(
    { name, help }: { name: string; help: string },
    label: L,
    values: readonly string[],
  ) => {
    const counter = new Counter<L>({ name, help, labelNames: [label], registers });
    for (const value of values) counter.inc({ [label]: value } as Record<L, string>, 0);
    return counter;
  };
  const settled = countedBy(
    {
      name: 'platform_contracts_settled_total',
      help: 'Flash and option contracts settled with a price (win, loss or draw), by this instance',
    },
    'product',
    TIMED_PRODUCTS,
  );
  const voided = countedBy(
    {
      name: 'platform_contracts_voided_total',
      help: 'Flash and option contracts voided (no price within the grace period: stake back), by this instance',
    },
    'product',
    TIMED_PRODUCTS,
  );
  for (const product of PRODUCTS) orders.inc({ product, result: 'ok' }, 0);
  const settlementLag = new Histogram({
    name: 'platform_settlement_lag_seconds',
    help: 'Flash and option contracts: settlement time minus expiry',
    labelNames: ['product'] as const,
    buckets: [0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 30, 60, 300],
    registers,
  });
  // Counted where auth decides (auth.service, two-factor.service, the attempt limiters): once each.
  const loginFailures = countedBy(
    {
      name: 'platform_login_failures_total',
      help: 'Logins refused: wrong account or password (rejected) or too many attempts (limited)',
    },
    'reason',
    ['rejected', 'limited'],
  );
  const twofaFailures = countedBy(
    {
      name: 'platform_twofa_failures_total',
      help: '2FA codes refused: wrong code (rejected) or too many attempts (limited)',
    },
    'reason',
    ['rejected', 'limited'],
  );

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
  /** A gauge per (source, pair) of the index's last components; a null value leaves its series out. */
  const perSource = (
    { name, help }: { name: string; help: string },
    value: (s: PriceSourceReading) => number | null,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['source', 'symbol'] as const,
      registers,
      async collect() {
        if (!priceSources) return;
        this.reset();
        for (const s of (await readPriceSources()) ?? []) {
          const v = value(s);
          if (v !== null) this.set({ source: s.source, symbol: s.symbol }, v);
        }
      },
    });
  perSource(
    {
      name: 'platform_price_source_up',
      help: "A source's last quote for a pair is included in the index (1) or not (0), as this instance sees it",
    },
    (s) => (s.up ? 1 : 0),
  );
  perSource(
    {
      name: 'platform_price_source_deviation_ratio',
      help: "A source's last price against the pair's index: (price − index) / index, as this instance sees it",
    },
    (s) => s.deviation,
  );
  perSource(
    {
      name: 'platform_price_source_age_seconds',
      help: "How old a source's last price for a pair is, as this instance sees it",
    },
    (s) => s.ageSeconds,
  );
  new Gauge({
    name: 'platform_index_available',
    help: 'A pair of the pair list has an index price (1) or too few sources (0), as this instance sees it',
    labelNames: ['symbol'] as const,
    registers,
    async collect() {
      if (!priceSources) return;
      this.reset();
      const seen = new Map<string, boolean>();
      for (const s of (await readPriceSources()) ?? []) seen.set(s.symbol, s.hasIndex);
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
    name: 'platform_job_step_last_success_timestamp_seconds',
    help: "When each of this instance's job steps last ran to its end without an error",
    labelNames: ['step'] as const,
    registers,
    collect() {
      if (!sources) return;
      for (const [step, at] of sources.stepSuccesses()) this.set({ step }, at / 1000);
    },
  });
  new Gauge({
    name: 'platform_idempotency_keys_in_flight',
    help: 'Requests on this instance holding an Idempotency-Key they have not answered yet',
    registers,
    collect() {
      if (idempotencyInFlight) this.set(idempotencyInFlight());
    },
  });
  new Counter({
    name: 'platform_db_statement_timeouts_total',
    help: 'Statements cancelled by statement_timeout (SQLSTATE 57014) on this instance (PostgreSQL)',
    registers,
    collect() {
      const n = sources?.statementTimeouts?.();
      if (n === undefined) return;
      this.reset();
      this.inc(n);
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
    readIdempotencyFrom(inFlight: () => number) {
      idempotencyInFlight = inFlight;
    },
    httpDuration,
    orders,
    loginFailures,
    twofaFailures,
    /** The settlement's observer: each contract's outcome and settled_at − expires_at. */
    observeSettled(
      product: 'flash' | 'option',
      outcome: 'win' | 'loss' | 'draw' | 'void',
      lagSeconds: number,
    ) {
      (outcome === 'void' ? voided : settled).inc({ product });
      settlementLag.observe({ product }, Math.max(0, lagSeconds));
    },
  };
}
