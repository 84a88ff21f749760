/**
 * The simulator's price path: a closed-form function of time, so any second can be priced in O(1)
 * without replaying history, and the same secret gives the same number in every process whatever
 * order the questions come in. Floats are fine here: this generates a path; the provider rounds
 * its output to decimal strings.
 *
 * Two layers:
 * - Trading time θ(t), in seconds. A binary multiplicative cascade splits every block of 2^22 s
 *   (≈ 48.5 days) into halves with keyed random shares, down to single seconds, so θ(t) = t on the block
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
 *
 * Every share of the cascade, every octave's cell value and the anchor's jitter come from
 * HMAC-SHA-256 under the secret (see "keyed randomness" below): the path is unpredictable without
 * the whole secret.
 */

import { createHash } from 'node:crypto';

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
/** First octave summed directly at each resolution: 0 exactly, else the first of 64 s and 2^r s. */
const COARSE_FIRST_OCTAVE = POW2.map((_, r) => (r === 0 ? 0 : Math.max(GROUP_A_FIRST, Math.ceil(r / 2))));

/**
 * Largest deviation from an even split, per cascade level. Compounded over the levels this gives
 * daily volumes within about a factor of two of each other and 1m volumes within a factor of
 * five or so, like a real market; wider spreads make most seconds dead still.
 */
const CASCADE_SPREAD = Array.from({ length: CASCADE_LEVELS + 1 }, (_, level) =>
  level >= 16 ? 0.18 : level >= 6 ? 0.22 : 0.2,
);

// ---- keyed randomness (HMAC-SHA-256 of the secret) ----
//
// Every random number of the simulator is a word of HMAC-SHA-256(sub-key, index), and every
// sub-key is HMAC-SHA-256(secret, label), the label naming the pair and the purpose. Whoever does
// not hold the whole secret cannot compute or extrapolate a price (ARCHITECTURE.md, "Reference prices"): there is
// no shorter key anywhere to search for. One digest gives 8 words, the values of 8 consecutive
// cells (seconds, nodes), and KeyedWords keeps the last digest of each sub-key, so a walk costs
// one HMAC per 8 cells. The HMACs run on the SHA-256 below, with each key's ipad and opad blocks
// compressed once: two compressions (about a microsecond) per HMAC of a cell, where node:crypto's
// createHmac costs 3 µs a call on Node 20 and 6 to 50 µs on Node 24 (OpenSSL 3 sets up each one).
// sim.test.ts checks the two agree.

/** The simulator's secret: bytes, or a string standing for its UTF-8 bytes. */
export type SimSecret = Uint8Array | string;

/**
 * A 32-byte sub-key prepared for HMAC-SHA-256 of short messages: the SHA-256 state after the
 * key's ipad block (words 0-7) and after its opad block (words 8-15).
 */
export type PreparedKey = Int32Array;

let digests = 0;

/** How many digests of cells KeyedWords computed in this process: the cost of the path's randomness. */
export function cellDigests(): number {
  return digests;
}

/** The sub-keys of one secret, each derived once. */
export class SimKeys {
  /** The secret as an HMAC key (one longer than a block is its SHA-256, as HMAC says). */
  private readonly secret: PreparedKey;
  private readonly prepared = new Map<string, PreparedKey>();

  constructor(secret: SimSecret) {
    const bytes = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret;
    if (bytes.length === 0) throw new Error('The market simulator needs a non-empty secret');
    this.secret = prepareKey(bytes.length > 64 ? createHash('sha256').update(bytes).digest() : bytes);
  }

  /** HMAC-SHA-256(secret, label): the sub-key of one purpose. */
  derive(label: string): Buffer {
    return hmac(this.secret, Buffer.from(label, 'utf8'));
  }

  /** The sub-key of `label`, prepared for KeyedWords. */
  prepare(label: string): PreparedKey {
    let key = this.prepared.get(label);
    if (!key) {
      key = prepareKey(this.derive(label));
      this.prepared.set(label, key);
    }
    return key;
  }
}

/**
 * Words of keyed functions, one sub-key per slot: word n of a slot is the 32-bit word n mod 8 of
 * HMAC-SHA-256(sub-key, ⌊n/8⌋ as 8 bytes big-endian, two's complement), for any integer n of
 * ±2^53. The last digest of each slot is kept. The sub-key of a slot is asked for on its first use.
 */
export class KeyedWords {
  private readonly keys: (PreparedKey | undefined)[];
  private readonly bucket: Float64Array;
  private readonly words: Int32Array;

  constructor(
    slots: number,
    private readonly keyOf: (slot: number) => PreparedKey,
  ) {
    this.keys = new Array<PreparedKey | undefined>(slots).fill(undefined);
    this.bucket = new Float64Array(slots).fill(Number.NaN);
    this.words = new Int32Array(slots * 8);
  }

  /** Word n of the slot, an integer in [0, 2^32). */
  word(slot: number, n: number): number {
    const bucket = Math.floor(n * 0.125);
    if (bucket !== this.bucket[slot]) this.load(slot, bucket);
    return this.words[slot * 8 + n - bucket * 8]! >>> 0;
  }

  /** Word n of the slot as a uniform number in [-1, 1). */
  unit(slot: number, n: number): number {
    const bucket = Math.floor(n * 0.125);
    if (bucket !== this.bucket[slot]) this.load(slot, bucket);
    return this.words[slot * 8 + n - bucket * 8]! * (1 / 2147483648);
  }

  private load(slot: number, bucket: number): void {
    let key = this.keys[slot];
    if (!key) {
      key = this.keyOf(slot);
      this.keys[slot] = key;
    }
    hmacWords(key, bucket, this.words, slot * 8);
    this.bucket[slot] = bucket;
    digests++;
  }
}

const SHA256_K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const SHA256_IV = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
/** The message schedule: the block goes into words 0-15. */
const schedule = new Int32Array(64);
const innerDigest = new Int32Array(8);

/**
 * One SHA-256 compression of `schedule`'s block onto state[from..from+8], into out[at..at+8] (which
 * may be the state itself).
 */
function compress(state: Int32Array, from: number, out: Int32Array, at: number): void {
  const w = schedule;
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[from]!;
  let b = state[from + 1]!;
  let c = state[from + 2]!;
  let d = state[from + 3]!;
  let e = state[from + 4]!;
  let f = state[from + 5]!;
  let g = state[from + 6]!;
  let h = state[from + 7]!;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + (g ^ (e & (f ^ g))) + SHA256_K[i]! + w[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) | (c & (a | b)))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  out[at] = (state[from]! + a) | 0;
  out[at + 1] = (state[from + 1]! + b) | 0;
  out[at + 2] = (state[from + 2]! + c) | 0;
  out[at + 3] = (state[from + 3]! + d) | 0;
  out[at + 4] = (state[from + 4]! + e) | 0;
  out[at + 5] = (state[from + 5]! + f) | 0;
  out[at + 6] = (state[from + 6]! + g) | 0;
  out[at + 7] = (state[from + 7]! + h) | 0;
}

/** Prepares a key of at most 64 bytes (a sub-key has 32). */
export function prepareKey(key: Uint8Array): PreparedKey {
  if (key.length > 64) throw new Error('prepareKey takes keys of at most 64 bytes');
  const prepared = new Int32Array(16);
  for (const [pad, at] of [
    [0x36, 0],
    [0x5c, 8],
  ] as const) {
    for (let i = 0; i < 16; i++) {
      let word = 0;
      for (let j = 0; j < 4; j++) word = (word << 8) | ((key[i * 4 + j] ?? 0) ^ pad);
      schedule[i] = word;
    }
    compress(SHA256_IV, 0, prepared, at);
  }
  return prepared;
}

/** HMAC-SHA-256(key, message) for a message of any length. */
export function hmac(key: PreparedKey, message: Uint8Array): Buffer {
  // The inner hash goes on from the ipad state: the message, 0x80, zeros, and the bit length of
  // the ipad block and the message in the last 8 bytes of the last block.
  const padded = new Uint8Array(Math.ceil((message.length + 9) / 64) * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const bits = (64 + message.length) * 8;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bits / 4294967296));
  view.setUint32(padded.length - 4, bits >>> 0);
  const inner = key.slice(0, 8);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) schedule[i] = view.getInt32(block + i * 4);
    compress(inner, 0, inner, 0);
  }
  const digest = new Int32Array(8);
  outerHash(key, inner, digest, 0);
  const bytes = Buffer.alloc(32);
  for (let i = 0; i < 8; i++) bytes.writeInt32BE(digest[i]!, i * 4);
  return bytes;
}

/** The outer hash of HMAC: the opad state on from `inner`, the inner digest, into out[at..at+8]. */
function outerHash(key: PreparedKey, inner: Int32Array, out: Int32Array, at: number): void {
  const w = schedule;
  w.set(inner, 0);
  w[8] = 0x80000000 | 0;
  w.fill(0, 9, 15);
  w[15] = (64 + 32) * 8;
  compress(key, 8, out, at);
}

/**
 * HMAC-SHA-256(key, n as 8 bytes big-endian, two's complement) for an integer n of ±2^53, as 8
 * big-endian words (signed) into out[at..at+8].
 */
export function hmacWords(key: PreparedKey, n: number, out: Int32Array, at: number): void {
  const w = schedule;
  const high = Math.floor(n / 4294967296);
  w[0] = high | 0;
  w[1] = (n - high * 4294967296) | 0;
  w[2] = 0x80000000 | 0;
  w.fill(0, 3, 15);
  w[15] = (64 + 8) * 8;
  compress(key, 0, innerDigest, 0);
  outerHash(key, innerDigest, out, at);
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

/** Slots of a path's KeyedWords: the pair's octaves, the market-wide octaves, the cascade levels. */
const MARKET_SLOT = OCTAVES;
const CASCADE_SLOT = 2 * OCTAVES;
const PATH_SLOTS = CASCADE_SLOT + CASCADE_LEVELS + 1;

export class PricePath {
  readonly amplitude: Float64Array;
  /** The prepared sub-keys, by slot (see MARKET_SLOT, CASCADE_SLOT): every cursor shares them. */
  readonly keys: (PreparedKey | undefined)[];
  readonly marketWeight: number;
  readonly pairWeight: number;
  /** log(price) − L: puts the path at about `basePrice` at ANCHOR_TIME. */
  readonly logOffset: number;

  /**
   * The path of `symbol` under the secret of `keys`. Sub-keys of octaves from MARKET_OCTAVE and
   * of cascade levels from MARKET_CASCADE_LEVEL are market-wide: the same for every pair.
   */
  constructor(keys: SimKeys, symbol: string, spec: PathSpec) {
    this.marketWeight = spec.marketCorrelation;
    this.pairWeight = Math.sqrt(1 - spec.marketCorrelation ** 2);
    const scale = spec.dailyVol / Math.sqrt(DAILY_UNIT_VARIANCE);
    this.amplitude = new Float64Array(OCTAVES);
    this.keys = new Array<PreparedKey | undefined>(PATH_SLOTS).fill(undefined);
    for (let k = 0; k < OCTAVES; k++) {
      this.amplitude[k] = scale * Math.sqrt(PERIOD[k]!);
      this.keys[k] = keys.prepare(`pair:${symbol}:octave:${k}`);
      if (k >= MARKET_OCTAVE) this.keys[MARKET_SLOT + k] = keys.prepare(`market:octave:${k}`);
    }
    for (let level = 1; level <= CASCADE_LEVELS; level++) {
      this.keys[CASCADE_SLOT + level] = keys.prepare(
        level >= MARKET_CASCADE_LEVEL ? `market:cascade:${level}` : `pair:${symbol}:cascade:${level}`,
      );
    }
    // Each secret starts within a couple of daily moves of the reference level.
    const jitter = 2 * spec.dailyVol * (keys.derive(`pair:${symbol}:anchor`).readInt32BE(0) / 2147483648);
    this.logOffset = Math.log(spec.basePrice) + jitter - this.cursor().at(ANCHOR_TIME);
  }

  /** The price of a log value returned by PathCursor.at. */
  price(log: number): number {
    return Math.exp(log + this.logOffset);
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
 * 64 s cell) and 7-12 (per 16384 s cell). Coarse evaluation (resolution r > 0, for the interior
 * samples of long candles) leaves out the octaves shorter than 64 s or than the cascade's 2^r s,
 * and sums the rest of 3-6 directly: per sample, it is cheaper to interpolate them than to rebuild
 * a cubic whose cell is already past. Octaves much shorter than the sampling step only add an
 * independent wiggle of a few basis points to each sample, and each of their cells costs a digest
 * (see KeyedWords), so the coarse view leaves them out as it leaves out the finer cascade.
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
  /** The path's random words; this cursor's own, so that its last digests follow its walk. */
  private readonly words: KeyedWords;

  constructor(private readonly path: PricePath) {
    this.words = new KeyedWords(PATH_SLOTS, (slot) => {
      const key = path.keys[slot];
      if (!key) throw new Error(`No sub-key in slot ${slot} of the path`);
      return key;
    });
  }

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
    const words = this.words;
    for (let l = level; l > resolution; l--) {
      const index = node[l]!;
      const left = length[l]! * (0.5 + CASCADE_SPREAD[l]! * words.unit(CASCADE_SLOT + l, index));
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
   * octaves shorter than 64 s or than 2^r s are left out.
   */
  at(t: number, resolution = 0): number {
    const theta = this.thetaAt(t, resolution);
    // One flat loop and no helper returning a number: this runs a million times per long
    // request, and a call that is not inlined boxes its result.
    const amplitude = this.path.amplitude;
    const value0 = this.value0;
    const value1 = this.value1;
    const coef = this.groupCoef;
    const first = COARSE_FIRST_OCTAVE[resolution]!;
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
    this.value0[k] = c === this.cell[k]! + 1 ? this.value1[k]! : this.cellValue(k, c);
    this.value1[k] = this.cellValue(k, c + 1);
    this.cell[k] = c;
  }

  /** Value of octave k at cell c: the pair's own, mixed with the market's from MARKET_OCTAVE on. */
  private cellValue(k: number, cell: number): number {
    const own = this.words.unit(k, cell);
    if (k < MARKET_OCTAVE) return own;
    const path = this.path;
    return path.marketWeight * this.words.unit(MARKET_SLOT + k, cell) + path.pairWeight * own;
  }
}
