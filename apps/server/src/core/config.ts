import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { passwordProblem } from '@platform/contracts';
import { DEFAULT_FUNDING_RATE_CAP } from '@platform/domain';
import { z } from 'zod';
import { SERVER_ROOT } from './paths.ts';

/**
 * The one place that reads process.env (ARCHITECTURE.md, "One process, three doors"). Everything
 * else receives a Config. Tests build their own Config with loadConfig({...}) instead of mutating
 * the environment.
 */
/** The simulated venues that `PRICE_SOURCES=sim` stands for. */
export const SIM_VENUES = ['sim-a', 'sim-b', 'sim-c'] as const;
export const PRICE_SOURCE_IDS = [...SIM_VENUES, 'htx', 'okx', 'binance'] as const;
export type PriceSourceId = (typeof PRICE_SOURCE_IDS)[number];

/**
 * An optional URL of one of `protocols` (`redis:`), with a host unless `hostOptional` (a
 * PostgreSQL URL may name a Unix socket in its query instead). Unset or empty: undefined.
 */
/**
 * A bootstrap super admin's password (ADMIN_PASSWORD, ADMIN2_PASSWORD): held to the password policy
 * that every other password meets (packages/contracts password-policy.ts), since these accounts can
 * do the most.
 */
const bootstrapPassword = z
  .string()
  .superRefine((value, ctx) => {
    const problem = value === '' ? null : passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .optional()
  .transform((value) => value || undefined);

const urlOf = (protocols: readonly string[], opts: { hostOptional?: boolean } = {}) =>
  z
    .string()
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return protocols.includes(url.protocol) && (opts.hostOptional || url.hostname !== '');
        } catch {
          return false;
        }
      },
      `must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`,
    )
    .optional()
    .or(z.literal('').transform(() => undefined));

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Fastify's names of address ranges (proxy-addr), allowed among TRUST_PROXY's addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, or a CIDR (`10.0.0.0/8`, `fd00::/8`; IPv4 also with a netmask), or a range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (version === 4 ? 32 : 128);
  return version === 4 && net.isIPv4(prefix);
}

/**
 * TRUST_PROXY in Fastify's trustProxy forms: false (unset, `false`, `0`: the socket's address is
 * the client), a hop count (`1`: the address the one proxy appended to X-Forwarded-For), or the
 * proxies' addresses / CIDRs, comma-separated (the client is the address just before the last
 * trusted one). `true` trusts the leftmost X-Forwarded-For, which the client chooses: refused in
 * production (loadConfig).
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((raw, ctx): boolean | number | string[] => {
    const value = raw.trim().toLowerCase();
    if (['', 'false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return true;
    if (/^\d+$/.test(value)) {
      if (Number(value) <= 100) return Number(value);
    } else {
      const entries = value.split(',').map((s) => s.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({
      code: 'custom',
      message: "false, a number of proxies (e.g. 1), or the proxies' addresses / CIDRs, comma-separated",
    });
    return z.NEVER;
  });

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: urlOf(['postgres:', 'postgresql:'], { hostOptional: true }),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // PostgreSQL only (db/client.ts PostgresLimits); 0 turns one off.
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  // SIGTERM/SIGINT: in-flight requests and job steps get this long to finish (main.ts).
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // An instance whose clock is further than this from the database's records and settles nothing (db/db-clock.ts).
  MAX_CLOCK_SKEW_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /** The largest manual balance adjustment, credit or debit, in USDT value (issue 32). */
  ADJUSTMENT_MAX_AMOUNT: z
    .string()
    .default('10000')
    .refine((v) => /^\d{1,20}(\.\d{1,8})?$/.test(v) && /[1-9]/.test(v), '大于 0 的数，最多 8 位小数'),
  REDIS_URL: urlOf(['redis:', 'rediss:']),
  ADMIN_EMAIL: z
    .string()
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: bootstrapPassword,
  /** The second bootstrap super admin (issue 32): both count as approvers of pending changes at once. */
  ADMIN2_EMAIL: z
    .string()
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN2_PASSWORD: bootstrapPassword,
  /**
   * The highest payout rate of a timed product (profit on the stake of a win): 0.95 means a win pays
   * at most 95 %, so a call and a put of the same stake always lose together (docs/pending-changes.md).
   */
  MAX_PAYOUT_RATE: z.coerce.number().gt(0).max(0.99).default(0.95),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 7),
  /**
   * Admins must turn on 2FA (TOTP) before the back office serves them: until then their session
   * reaches only /api/auth/me, /api/auth/2fa/* and logout. `false` is for the demo only.
   */
  ADMIN_2FA_REQUIRED: boolish.default(true),
  /** An admin session ends after this many minutes without a request… */
  ADMIN_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** …and this many hours after login in any case (user sessions keep SESSION_TTL_HOURS). */
  ADMIN_SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /**
   * How long an instance may answer for a session it looked up, without the database (0: always
   * ask). Only while it hears every change (modules/auth/session-changes.ts); the age bounds what
   * a change that no trigger announces could cost, and what a cached answer holds in memory.
   */
  SESSION_CACHE_MAX_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(30_000),
  /** Wrong 2FA codes allowed per account (and per client IP) in TWOFA_ATTEMPT_WINDOW_MINUTES before a 429. */
  TWOFA_MAX_FAILED_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  TWOFA_ATTEMPT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Wrong passwords per account (from any address) in 15 minutes before its logins are a 429 until the window ends. */
  LOGIN_MAX_FAILED_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  REGISTER_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Public market-data reads (no token) per client IP per minute. */
  MARKET_READ_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  /** GET /metrics on the main port for `Authorization: Bearer <token>` only (docs/operations.md). */
  METRICS_TOKEN: z
    .string()
    .min(16)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** GET /metrics on its own listener at this port (and METRICS_HOST); unset: none. */
  METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** The OpenAPI document and its UI at /api/docs; production may switch them off. */
  API_DOCS: boolish.default(true),
  /** The public origin of the web app (e.g. https://exchange.example.com) used in invite links; unset, they are paths (never the request's Host). */
  PUBLIC_URL: urlOf(['https:', 'http:']),
  /** HMAC secret of signed document URLs; generated once into DATA_DIR when unset (one instance only). */
  UPLOAD_SIGNING_SECRET: z
    .string()
    .min(16)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The audit chain's key (modules/audit/audit.key.ts), its UTF-8 bytes; never stored in the
   * database. Unset: generated once into DATA_DIR (audit-chain-key); required in production with
   * DATABASE_URL (loadConfig). Several instances on one database must share one value.
   */
  AUDIT_CHAIN_KEY: z
    .string()
    .min(32)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Where the signed checkpoints of the audit chain's head are appended (default DATA_DIR/audit-checkpoints). */
  AUDIT_CHECKPOINT_DIR: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The venues whose median is the reference price (ARCHITECTURE.md, "Reference prices"): a comma
   * list of sim, htx, okx and binance. `sim` stands for three simulated venues (sim-a, sim-b,
   * sim-c: one path, independent per-venue noise), so the index logic runs offline.
   */
  PRICE_SOURCES: z
    .string()
    .default('sim')
    .transform((v, ctx) => {
      const ids = v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)
        .flatMap((s) => (s === 'sim' ? [...SIM_VENUES] : [s]));
      const unknown = ids.filter((id) => !(PRICE_SOURCE_IDS as readonly string[]).includes(id));
      if (ids.length === 0 || unknown.length > 0 || new Set(ids).size !== ids.length) {
        ctx.addIssue({
          code: 'custom',
          message: `一个或多个不重复的 ${['sim', ...PRICE_SOURCE_IDS].join('、')}${unknown.length ? `（未知：${unknown.join('、')}）` : ''}`,
        });
        return z.NEVER;
      }
      return ids as PriceSourceId[];
    }),
  /** A source whose last price is older than this is left out of the index (stale). */
  INDEX_SOURCE_MAX_AGE_MS: z.coerce.number().int().min(200).max(60_000).default(3000),
  /** A source further than this fraction from the median of the fresh sources is left out (outlier). */
  INDEX_MAX_DEVIATION: z
    .string()
    .default('0.02')
    .refine((v) => /^0?\.\d{1,6}$/.test(v) && Number(v) > 0 && Number(v) < 0.5, '0 到 0.5 之间的小数'),
  /** Fewest included sources for an index (default 2, or 1 when only one source is configured). */
  INDEX_MIN_SOURCES: z.coerce
    .number()
    .int()
    .min(1)
    .max(10)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Largest funding rate of a perpetual, either way, per funding instant (issue 34): the median of
   * the venues' rates is clamped to ±this fraction (market-data/funding-rates.ts).
   */
  FUNDING_RATE_CAP: z
    .string()
    .trim()
    .transform((v) => v || DEFAULT_FUNDING_RATE_CAP)
    .refine(
      (v) => /^0?\.\d{1,8}$/.test(v) && Number(v) > 0 && Number(v) < 1,
      '大于 0、小于 1 的小数（最多 8 位小数），如 0.0075',
    )
    .default(DEFAULT_FUNDING_RATE_CAP),
  /** Source of the pair list behind the 同步OKX数据 button: the simulator's instruments or OKX. */
  PAIR_SYNC_PROVIDER: z.enum(['sim', 'okx']).default('sim'),
  /**
   * Secret key of the simulator's path: the same secret gives the same prices at the same instants.
   * Unset, a random 256-bit secret is generated once into DATA_DIR (market-sim-secret); several
   * instances on one simulated market must share one value.
   */
  MARKET_SIM_SEED: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** How often the feed takes fresh tickers (the simulator ticks at this rate; exchanges are polled). */
  MARKET_TICK_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** Base URLs replacing the exchanges' own (a proxy, or the fake exchange in tests). */
  HTX_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OKX_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BINANCE_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MARKET_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Start the live feed with the server (tests start it themselves). */
  MARKET_DATA_AUTOSTART: boolish.default(true),
  /** Run the trading jobs (price recorder, settlement, limit triggers, liquidation) with the server; tests drive them. */
  TRADING_JOBS_AUTOSTART: boolish.default(true),
  /** How often the reconciliation job runs the ledger verifier (one instance, under its lease). */
  RECONCILIATION_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** The UTC time of day of the daily proof-of-liabilities snapshot (docs/proof-of-liabilities.md). */
  POR_SNAPSHOT_TIME_UTC: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM（UTC）')
    .default('00:00'),
  /**
   * Minutes between perpetual funding instants (issue 34, docs/perpetual-funding.md): the instants
   * are the multiples of it since 00:00 UTC, so it must divide a day (480: 00:00, 08:00, 16:00).
   */
  FUNDING_INTERVAL_MINUTES: z.coerce
    .number({ error: '整数分钟数' })
    .int('整数分钟数')
    .min(1, '至少 1 分钟')
    .max(1440, '至多 1440 分钟')
    .refine((v) => 1440 % v === 0, '必须能整除 1440（一天的分钟数），如 1、60、240、480')
    .default(480),
  /**
   * The SMTP server mail goes through (docs/mail.md): smtp://user:pass@host:587 (STARTTLS when the
   * server offers it) or smtps://…:465. Unset: no mail is sent, and a super admin issues reset links.
   */
  SMTP_URL: urlOf(['smtp:', 'smtps:']),
  /** The sender of every mail (`平台 <no-reply@example.com>`); default no-reply@ PUBLIC_URL's host. */
  MAIL_FROM: z.string().trim().min(3).max(254).optional(),
  /** Forgot-password requests per IP and hour (each account also gets at most one mail a minute). */
  PASSWORD_FORGOT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
});

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes a function trusting the nearest `n`
 * hops (the socket's peer and the next n - 1 addresses from the right of X-Forwarded-For): Fastify
 * 5 ignores a plain number, since a hop count cannot check that the peer is the proxy, so a hop
 * count is only for a server that nothing but its proxies can reach (README).
 */
export function trustProxyOption(
  value: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/** Every environment variable the server reads; README.md's configuration table lists each (config-docs.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(configSchema.shape);

export type Config = z.infer<typeof configSchema> & {
  databaseEngine: 'pglite' | 'postgres';
  webDistDir: string;
  /** INDEX_MIN_SOURCES, or its default: 2, and 1 when only one source is configured. */
  indexMinSources: number;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const c = parsed.data;
  if (c.INDEX_MIN_SOURCES !== undefined && c.INDEX_MIN_SOURCES > c.PRICE_SOURCES.length) {
    throw new Error(
      `Invalid configuration:\n  INDEX_MIN_SOURCES: ${c.INDEX_MIN_SOURCES} is more than the ${c.PRICE_SOURCES.length} PRICE_SOURCES`,
    );
  }
  if (c.NODE_ENV === 'production' && c.TRUST_PROXY === true) {
    throw new Error(
      'Invalid configuration:\n  TRUST_PROXY: true is refused in production: it takes the leftmost ' +
        'X-Forwarded-For address, which the client chooses (rate limits, attempt limits and audit rows ' +
        'would carry a forged address). Give the number of proxies in front of the server (e.g. 1) or ' +
        'their addresses / CIDRs, comma-separated.',
    );
  }
  if (c.SMTP_URL && !c.PUBLIC_URL) {
    throw new Error(
      'Invalid configuration:\n  SMTP_URL: needs PUBLIC_URL, the origin the links in the mails point to ' +
        '(e.g. https://exchange.example.com)',
    );
  }
  if (c.NODE_ENV === 'production' && c.DATABASE_URL && !c.AUDIT_CHAIN_KEY) {
    throw new Error(
      'Invalid configuration:\n  AUDIT_CHAIN_KEY: required in production with DATABASE_URL (a secret of 32 or more characters, ' +
        'e.g. `openssl rand -hex 32`, the same on every instance and kept out of the database: it seals the audit log)',
    );
  }
  return {
    ...c,
    databaseEngine: c.DATABASE_URL ? 'postgres' : 'pglite',
    indexMinSources: c.INDEX_MIN_SOURCES ?? Math.min(2, c.PRICE_SOURCES.length),
    webDistDir: path.resolve(c.WEB_DIST_DIR ?? path.join(SERVER_ROOT, '../web/dist')),
  };
}

/**
 * The embedded database writes DATA_DIR: make sure it can before anything opens it (main.ts), and
 * say why not, naming DATA_DIR. The directory is created (0700) when missing. Node reports a
 * directory that cannot be created on a read-only file system as ENOENT; the nearest existing
 * parent is tried instead, so the message gives the real cause (EROFS, EACCES, ENOTDIR).
 */
export function assertWritableDataDir(config: Pick<Config, 'DATA_DIR' | 'databaseEngine'>): void {
  if (config.databaseEngine !== 'pglite') return;
  const dir = path.resolve(config.DATA_DIR);
  const refuse = (where: string, err: unknown): never => {
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown';
    const why =
      code === 'ENOTDIR' || code === 'EEXIST'
        ? `${where} is not a directory (ENOTDIR)`
        : `${where} is not writable: ${ERRNO_WORDS[code] ?? (err as Error).message} (${code})`;
    throw new Error(`Invalid configuration:\n  DATA_DIR: ${why}`);
  };
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') refuse(code === 'EEXIST' ? dir : nearestExisting(dir), err);
    const parent = nearestExisting(dir);
    probeWrite(parent, (cause) => refuse(parent, cause));
    refuse(parent, err);
  }
  if (!fs.statSync(dir).isDirectory()) refuse(dir, Object.assign(new Error(), { code: 'ENOTDIR' }));
  probeWrite(dir, (cause) => refuse(dir, cause));
}

const ERRNO_WORDS: Record<string, string> = {
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
};

function nearestExisting(dir: string): string {
  let at = path.dirname(dir);
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

/** Creates and removes a file in `dir`: the one sure test of writing there (access() trusts modes). */
function probeWrite(dir: string, fail: (err: unknown) => void): void {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    fs.writeFileSync(probe, '', { mode: 0o600 });
    fs.rmSync(probe, { force: true });
  } catch (err) {
    fail(err);
  }
}
