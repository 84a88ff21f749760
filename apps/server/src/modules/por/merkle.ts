import { createHash, randomBytes } from 'node:crypto';
import { LEDGER_SCALE } from '../ledger/liabilities.ts';

/**
 * The Merkle sum tree of proof of liabilities (docs/proof-of-liabilities.md, which states the
 * algorithm exactly; tools/por-verify.mjs is its independent verifier). Amounts are bigints of
 * 10^-18 units; a "units map" maps a currency to its units, zero entries left out.
 */

export type Units = Map<string, bigint>;

export interface SumNode {
  hash: string;
  units: Units;
}

/** `125500000000000000000n` → `125.500000000000000000`. */
export function formatUnits(units: bigint): string {
  if (units < 0n) throw new Error(`proof of liabilities: negative amount ${units}`);
  const digits = units.toString().padStart(LEDGER_SCALE + 1, '0');
  return `${digits.slice(0, -LEDGER_SCALE)}.${digits.slice(-LEDGER_SCALE)}`;
}

/** `125.500000000000000000` → `125500000000000000000n` (exactly 18 places, as the tree writes them). */
export function parseUnits(text: string): bigint {
  const match = /^(\d+)\.(\d{18})$/.exec(text);
  if (!match) throw new Error(`proof of liabilities: not an amount with 18 places: ${text}`);
  return BigInt(`${match[1]}${match[2]}`);
}

const sortedCurrencies = (units: Units) => [...units.keys()].sort();

/** `BTC:0.001000000000000000,USDT:125.500000000000000000`: currencies in ascending order, zeros left out. */
export function canonical(units: Units): string {
  return sortedCurrencies(units)
    .filter((c) => units.get(c) !== 0n)
    .map((c) => `${c}:${formatUnits(units.get(c) ?? 0n)}`)
    .join(',');
}

/** The API's balance object: currency → 18-place string, currencies in ascending order. */
export function balancesObject(units: Units): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of sortedCurrencies(units)) {
    const u = units.get(c) ?? 0n;
    if (u !== 0n) out[c] = formatUnits(u);
  }
  return out;
}

/** The canonical text back into units (the stored form of leaves and nodes). */
export function parseCanonical(text: string): Units {
  const units: Units = new Map();
  if (text === '') return units;
  for (const pair of text.split(',')) {
    const colon = pair.indexOf(':');
    units.set(pair.slice(0, colon), parseUnits(pair.slice(colon + 1)));
  }
  return units;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export const newNonce = () => randomBytes(32).toString('hex');

export function leafHash(nonce: string, canonicalBalances: string): string {
  return sha256(`leaf|${nonce}|${canonicalBalances}`);
}

export function addUnits(a: Units, b: Units): Units {
  const sum: Units = new Map(a);
  for (const [c, u] of b) sum.set(c, (sum.get(c) ?? 0n) + u);
  return sum;
}

export function parentOf(left: SumNode, right: SumNode): SumNode {
  const units = addUnits(left.units, right.units);
  return { hash: sha256(`node|${left.hash}|${right.hash}|${canonical(units)}`), units };
}

/** The zero-balance leaf that an odd node at any level is paired with (its nonce is published). */
export const paddingLeaf = (nonce: string): SumNode => ({ hash: leafHash(nonce, ''), units: new Map() });

/** How many nodes each level holds for `leafCount` leaves: level 0 the leaves, the last the root. */
export function levelSizes(leafCount: number): number[] {
  const sizes = [leafCount];
  for (let n = leafCount; n > 1; ) {
    n = Math.ceil(n / 2);
    sizes.push(n);
  }
  return sizes;
}

/**
 * Builds the tree while the leaves stream in, holding one pending node per level: each inner node
 * is handed to `onNode(level, index, node)` as soon as both its children exist, in index order per
 * level. `finish` pairs each level's odd last node with the padding leaf and returns the root.
 */
export class SumTreeBuilder {
  private readonly pending: (SumNode | undefined)[] = [];
  private readonly counts: number[] = [];

  constructor(
    private readonly padding: SumNode,
    private readonly onNode: (level: number, index: number, node: SumNode) => void,
  ) {}

  get leafCount(): number {
    return this.counts[0] ?? 0;
  }

  addLeaf(leaf: SumNode): void {
    this.add(0, leaf);
  }

  private add(level: number, node: SumNode): void {
    const index = this.counts[level] ?? 0;
    this.counts[level] = index + 1;
    if (level > 0) this.onNode(level, index, node);
    const left = this.pending[level];
    if (left === undefined) {
      this.pending[level] = node;
      return;
    }
    this.pending[level] = undefined;
    this.add(level + 1, parentOf(left, node));
  }

  finish(): SumNode {
    if (this.leafCount === 0) return this.padding;
    for (let level = 0; ; level += 1) {
      const lone = this.pending[level];
      if (this.counts[level] === 1 && lone) return lone;
      if (lone) {
        this.pending[level] = undefined;
        this.add(level + 1, parentOf(lone, this.padding));
      }
    }
  }
}

/**
 * Inner nodes are stored from this level up (one row per 16 leaves and above); the levels below
 * are rebuilt for a proof from the at most 16 leaves under its level-4 ancestor. That saves 15 of
 * every 16 node rows of a snapshot (a million users: 0.94M rows) at the cost of reading 16 leaves
 * per proof.
 */
export const STORED_FROM_LEVEL = 4;
export const LEAVES_PER_BLOCK = 2 ** STORED_FROM_LEVEL;

/** A node of the levels below STORED_FROM_LEVEL, rebuilt from `leaf(index)` with the padding rule. */
export function nodeFromLeaves(
  level: number,
  index: number,
  sizes: readonly number[],
  padding: SumNode,
  leaf: (index: number) => SumNode,
): SumNode {
  if (level === 0) return leaf(index);
  const left = nodeFromLeaves(level - 1, 2 * index, sizes, padding, leaf);
  const rightIndex = 2 * index + 1;
  const right =
    rightIndex < (sizes[level - 1] ?? 0)
      ? nodeFromLeaves(level - 1, rightIndex, sizes, padding, leaf)
      : padding;
  return parentOf(left, right);
}

/** One step of a proof: the sibling's level, index and side, or the padding leaf. */
export interface PathPosition {
  level: number;
  sibling: number;
  side: 'left' | 'right';
  padded: boolean;
}

/** Where the siblings of leaf `index` stand, from the leaf's own level up to the root's children. */
export function pathPositions(index: number, leafCount: number): PathPosition[] {
  return levelSizes(leafCount)
    .slice(0, -1)
    .map((size, level) => {
      const position = Math.floor(index / 2 ** level);
      const sibling = position % 2 === 0 ? position + 1 : position - 1;
      return { level, sibling, side: sibling < position ? 'left' : 'right', padded: sibling >= size };
    });
}
