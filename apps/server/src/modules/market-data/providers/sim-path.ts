/**
 * The simulator's price path: a closed-form function of time, so any second can be priced in O(1)
 * without replaying history, and the same seed gives the same number in every process whatever
 * order the questions come in. Floats are fine here: this generates a path; the provider rounds
 * its output to decimal strings.
 *
 * Two layers:
 * - Trading time θ(t), in seconds. A binary multiplicative cascade splits every block of 2^22 s
 *   (≈ 48.5 days) into halves with hashed shares, down to single seconds, so θ(t) = t on the block
 *   boundaries and θ(b) − θ(a) is the activity of [a, b). Volume is that activity times a per-pair
 *   rate, so candle volumes add up exactly across intervals. Shares of nodes of 2^12 s (≈ 68 min)
 *   and longer are market-wide: busy days are busy for every pair, as in real crypto markets.
 * - Log price L(θ): value-noise octaves with periods 4^k seconds of trading time (k = 0..12, 1 s
 *   to ≈ 194 days), amplitude ∝ √period, scaled so that daily log returns have the pair's
 *   standard deviation: Brownian-like increments from seconds to months, a price that changes
 *   every second, and a bounded sum, so no pair wanders off to an absurd price. Because the price
 *   runs on trading time, busy periods move it more (volatility clustering, big candles with big
 *   volume). Octaves of 4096 s and longer mix a market-wide component into the pair's own, which
 *   correlates pairs at hourly and longer scales but not second by second, as on real exchanges.
 *
 * Octaves reach half a year rather than the two months first sketched: with a two-month top the
 * path saturates within about two weeks and monthly moves look far too tame. To keep prices near
 * today's levels anyway, each pair is anchored near its reference price at ANCHOR_TIME.
 */

const CASCADE_LEVELS = 22;
const CASCADE_BLOCK = 2 ** CASCADE_LEVELS;
const MARKET_CASCADE_LEVEL = 12;
/** Octave k has a period of 4^k seconds of trading time, k = 0..12 (1 s to ≈ 194 days). */
const OCTAVES = 13;
/** First octave with a market-wide component: 4^6 s ≈ 68 min. */
const MARKET_OCTAVE = 6;
const DAY_SECONDS = 86_400;
/**
 * 2026-11-01 00:00 UTC, where each pair is put near its reference level. The path wanders away
 * from there like a real market (about ±25% a year for BTC, more for alts), and stays bounded.
 */
const ANCHOR_TIME = 1_793_491_200;

const POW2 = Array.from({ length: CASCADE_LEVELS + 1 }, (_, k) => 2 ** k);
const INV_POW2 = POW2.map((p) => 1 / p);
const PERIOD = Array.from({ length: OCTAVES }, (_, k) => 4 ** k);
const INV_PERIOD = new Float64Array(PERIOD.map((p) => 1 / p));
/** Octaves 3-6 (64 s to 68 min) and 7-12 (4.5 h up) are each evaluated as one cubic; see PathCursor. */
const GROUP_A_FIRST = 3;
const GROUP_B_FIRST = 7;

/**
 * Largest deviation from an even split, per cascade level. Compounded over the levels this gives
 * daily volumes within about a factor of two of each other and 1m volumes within a factor of
 * five or so, like a real market; wider spreads make most seconds dead still.
 */
const CASCADE_SPREAD = Array.from({ length: CASCADE_LEVELS + 1 }, (_, level) =>
  level >= 16 ? 0.18 : level >= 6 ? 0.22 : 0.2,
);

// ---- hashing (32-bit integer mixing; every input is split so nothing overflows) ----

/** MurmurHash3's finaliser: a bijection on 32-bit words with full avalanche. */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units, finalised. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** Derives an independent key for a numbered purpose. */
export function subKey(key: number, tag: number): number {
  return mix32((key ^ Math.imul(tag + 0x3c6ef372, 0x9e3779b1)) | 0);
}

/**
 * Hash of (key, n) for any integer n of ±2^53. Seconds since 1970 fit one 32-bit word until 2106;
 * anything else (earlier dates, larger counts) also mixes in the high word.
 */
export function hashInt(key: number, n: number): number {
  if (n >= 0 && n < 4294967296) return mix32(key ^ Math.imul(n, 0xcc9e2d51));
  const high = Math.floor(n / 4294967296);
  const low = n - high * 4294967296;
  return mix32(mix32(key ^ Math.imul(low, 0xcc9e2d51)) ^ Math.imul(high, 0x1b873593) ^ 0x5bd1e995);
}

/** A hash as a uniform number in [-1, 1). */
export function unit(hash: number): number {
  return hash / 2147483648 - 1;
}

// ---- calibration ----

const smooth = (f: number) => f * f * (3 - 2 * f);

/**
 * Mean over phases of Σ coefficient² of one value-noise octave's increment over `lag` cells: times
 * the variance of a cell value, the variance of that increment.
 */
function octaveIncrementWeight(lag: number): number {
  const phases = 512;
  let total = 0;
  for (let i = 0; i < phases; i++) {
    const x = (i + 0.5) / phases;
    const y = x + lag;
    const cellY = Math.floor(y);
    const sx = smooth(x);
    const sy = smooth(y - cellY);
    const coef = new Map<number, number>();
    const add = (cell: number, w: number) => coef.set(cell, (coef.get(cell) ?? 0) + w);
    add(0, -(1 - sx));
    add(1, -sx);
    add(cellY, 1 - sy);
    add(cellY + 1, sy);
    for (const w of coef.values()) total += w * w;
  }
  return total / phases;
}

/** Variance of a uniform value on [-1, 1). */
const CELL_VARIANCE = 1 / 3;

/** Variance of a one-day increment of L when every octave's amplitude is √period. */
const DAILY_UNIT_VARIANCE = PERIOD.reduce(
  (sum, period) => sum + period * CELL_VARIANCE * octaveIncrementWeight(DAY_SECONDS / period),
  0,
);

// ---- the path ----

export interface PathSpec {
  /** The level of the path at the anchor time (give or take two daily moves), in quote currency. */
  basePrice: number;
  /** Standard deviation of daily log returns. */
  dailyVol: number;
  /** Weight of the market-wide component in octaves of an hour and longer (0..1). */
  marketCorrelation: number;
}

export class PricePath {
  readonly amplitude: Float64Array;
  readonly pairKeys: Int32Array;
  readonly marketKeys: Int32Array;
  readonly cascadeKeys: Int32Array;
  readonly marketWeight: number;
  readonly pairWeight: number;
  /** log(price) − L: puts the path at about `basePrice` at ANCHOR_TIME. */
  readonly logOffset: number;

  constructor(seed: string, symbol: string, spec: PathSpec) {
    const seedKey = hashText(seed);
    const marketKey = mix32(seedKey ^ hashText('market'));
    const pairKey = mix32(seedKey ^ hashText(`pair:${symbol}`));
    this.marketWeight = spec.marketCorrelation;
    this.pairWeight = Math.sqrt(1 - spec.marketCorrelation ** 2);
    const scale = spec.dailyVol / Math.sqrt(DAILY_UNIT_VARIANCE);
    this.amplitude = new Float64Array(OCTAVES);
    this.pairKeys = new Int32Array(OCTAVES);
    this.marketKeys = new Int32Array(OCTAVES);
    for (let k = 0; k < OCTAVES; k++) {
      this.amplitude[k] = scale * Math.sqrt(PERIOD[k]!);
      this.pairKeys[k] = subKey(pairKey, 100 + k);
      this.marketKeys[k] = subKey(marketKey, 100 + k);
    }
    this.cascadeKeys = new Int32Array(CASCADE_LEVELS + 1);
    for (let level = 1; level <= CASCADE_LEVELS; level++) {
      this.cascadeKeys[level] = subKey(level >= MARKET_CASCADE_LEVEL ? marketKey : pairKey, 200 + level);
    }
    // Each seed starts within a couple of daily moves of the reference level.
    const jitter = 2 * spec.dailyVol * unit(subKey(pairKey, 1));
    this.logOffset = Math.log(spec.basePrice) + jitter - this.cursor().at(ANCHOR_TIME);
  }

  /** The price of a log value returned by PathCursor.at. */
  price(log: number): number {
    return Math.exp(log + this.logOffset);
  }

  /** Value of octave k at cell c. */
  cellValue(k: number, cell: number): number {
    const own = unit(hashInt(this.pairKeys[k]!, cell));
    if (k < MARKET_OCTAVE) return own;
    return this.marketWeight * unit(hashInt(this.marketKeys[k]!, cell)) + this.pairWeight * own;
  }

  cursor(): PathCursor {
    return new PathCursor(this);
  }
}

/**
 * Evaluates a path at whole seconds. It remembers the cascade nodes, octave cells and polynomial
 * pieces of what it last computed, so walking forward through nearby seconds redoes only what
 * changed. The numbers are bit-for-bit those of a fresh cursor: every cached item is a pure
 * function of its index (node, cell), and the arithmetic runs in the same order either way.
 *
 * Octaves of 64 s and longer are summed as cubic polynomials in θ: the periods are powers of 4,
 * so their cells nest, and inside one cell of the shortest octave of a group the whole group is
 * a single cubic. Exact evaluation sums octaves 0-2 directly plus the cubics of octaves 3-6 (per
 * 64 s cell) and 7-12 (per 16384 s cell). Coarse evaluation (resolution > 0, for the interior
 * samples of long candles) leaves out octaves 0-2 and sums 3-6 directly: per sample, it is
 * cheaper to interpolate them than to rebuild a cubic whose cell is already past.
 */
export class PathCursor {
  /** Trading time at the start of the second last evaluated. */
  theta = 0;

  private lastSecond = -1;
  private lastResolution = 0;
  private readonly node = new Float64Array(CASCADE_LEVELS + 1).fill(Number.NaN);
  private readonly nodeStart = new Float64Array(CASCADE_LEVELS + 1);
  private readonly nodeLength = new Float64Array(CASCADE_LEVELS + 1);
  private readonly cell = new Float64Array(OCTAVES).fill(Number.NaN);
  private readonly value0 = new Float64Array(OCTAVES);
  private readonly value1 = new Float64Array(OCTAVES);
  /** Base cell and coefficients (c0..c3) of each group's cubic. */
  private readonly groupCell = new Float64Array(2).fill(Number.NaN);
  private readonly groupCoef = new Float64Array(8);

  constructor(private readonly path: PricePath) {}

  /**
   * Trading time at the start of second `t` (epoch seconds, an integer). With `resolution` r > 0
   * the cascade stops at nodes of 2^r seconds and interpolates linearly inside them.
   */
  thetaAt(t: number, resolution = 0): number {
    const node = this.node;
    const start = this.nodeStart;
    const length = this.nodeLength;
    // Resume from the lowest level whose cached node still holds t. The nodes at and above the
    // last resolution are the last second's chain, so for seconds of 1970-2038 the first level
    // they share is one bit count away; otherwise look level by level.
    const last = this.lastSecond;
    let level: number;
    if (t >= 0 && t < 2147483648 && last >= 0 && last < 2147483648) {
      level = Math.max(32 - Math.clz32(t ^ last), this.lastResolution, resolution);
    } else {
      level = resolution;
      while (level < CASCADE_LEVELS && node[level] !== Math.floor(t * INV_POW2[level]!)) level++;
    }
    if (level >= CASCADE_LEVELS) {
      level = CASCADE_LEVELS;
      const top = Math.floor(t / CASCADE_BLOCK);
      if (node[CASCADE_LEVELS] !== top) {
        node[CASCADE_LEVELS] = top;
        start[CASCADE_LEVELS] = top * CASCADE_BLOCK;
        length[CASCADE_LEVELS] = CASCADE_BLOCK;
      }
    }
    const keys = this.path.cascadeKeys;
    for (let l = level; l > resolution; l--) {
      const index = node[l]!;
      const left = length[l]! * (0.5 + CASCADE_SPREAD[l]! * unit(hashInt(keys[l]!, index)));
      const child = Math.floor(t * INV_POW2[l - 1]!);
      if (child === index * 2) {
        start[l - 1] = start[l]!;
        length[l - 1] = left;
      } else {
        start[l - 1] = start[l]! + left;
        length[l - 1] = length[l]! - left;
      }
      node[l - 1] = child;
    }
    this.lastSecond = t;
    this.lastResolution = resolution;
    const within = t - node[resolution]! * POW2[resolution]!;
    this.theta =
      within === 0
        ? start[resolution]!
        : start[resolution]! + length[resolution]! * within * INV_POW2[resolution]!;
    return this.theta;
  }

  /**
   * Evaluates second `t`: sets theta and returns L, the log price before the pair's offset (see
   * PricePath.price); extremes and averages can be taken on L. Resolution 0 is the path itself;
   * r > 0 is a coarse view for samples 2^r seconds or more apart: the cascade stops at 2^r s and
   * octaves shorter than 64 s are left out.
   */
  at(t: number, resolution = 0): number {
    const theta = this.thetaAt(t, resolution);
    // One flat loop and no helper returning a number: this runs a million times per long
    // request, and a call that is not inlined boxes its result.
    const amplitude = this.path.amplitude;
    const value0 = this.value0;
    const value1 = this.value1;
    const coef = this.groupCoef;
    const first = resolution === 0 ? 0 : GROUP_A_FIRST;
    const end = resolution === 0 ? GROUP_A_FIRST : GROUP_B_FIRST;
    let sum = 0;
    for (let k = first; k < end; k++) {
      const x = theta * INV_PERIOD[k]!;
      const c = Math.floor(x);
      if (c !== this.cell[k]) this.fillCell(k, c);
      const f = x - c;
      const v0 = value0[k]!;
      sum += amplitude[k]! * (v0 + (value1[k]! - v0) * f * f * (3 - 2 * f));
    }
    for (let g = resolution === 0 ? 0 : 1; g < 2; g++) {
      const firstOfGroup = g === 0 ? GROUP_A_FIRST : GROUP_B_FIRST;
      const base = Math.floor(theta * INV_PERIOD[firstOfGroup]!);
      if (base !== this.groupCell[g]) this.fillGroup(g, base);
      const u = theta - base * PERIOD[firstOfGroup]!;
      const o = g * 4;
      sum += coef[o]! + u * (coef[o + 1]! + u * (coef[o + 2]! + u * coef[o + 3]!));
    }
    return sum;
  }

  /**
   * The cubic of group g (0: octaves 3-6, 1: octaves 7-12) on the cell `base` of its shortest
   * octave: with u = θ − base·period and f = α + β·u, s(f) = 3f² − 2f³ expanded in powers of u.
   */
  private fillGroup(g: number, base: number): void {
    const first = g === 0 ? GROUP_A_FIRST : GROUP_B_FIRST;
    const end = g === 0 ? GROUP_B_FIRST : OCTAVES;
    const amplitude = this.path.amplitude;
    const origin = base * PERIOD[first]!;
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let c3 = 0;
    for (let k = first; k < end; k++) {
      const c = Math.floor(base * INV_PERIOD[k - first]!);
      if (c !== this.cell[k]) this.fillCell(k, c);
      const beta = INV_PERIOD[k]!;
      const alpha = (origin - c * PERIOD[k]!) * beta;
      const v0 = this.value0[k]!;
      const a = amplitude[k]!;
      const d = a * (this.value1[k]! - v0);
      c0 += a * v0 + d * alpha * alpha * (3 - 2 * alpha);
      c1 += d * 6 * alpha * beta * (1 - alpha);
      c2 += d * 3 * beta * beta * (1 - 2 * alpha);
      c3 -= d * 2 * beta * beta * beta;
    }
    const o = g * 4;
    const coef = this.groupCoef;
    coef[o] = c0;
    coef[o + 1] = c1;
    coef[o + 2] = c2;
    coef[o + 3] = c3;
    this.groupCell[g] = base;
  }

  /** Loads the values at the ends of cell c of octave k. */
  private fillCell(k: number, c: number): void {
    const path = this.path;
    this.value0[k] = c === this.cell[k]! + 1 ? this.value1[k]! : path.cellValue(k, c);
    this.value1[k] = path.cellValue(k, c + 1);
    this.cell[k] = c;
  }
}
