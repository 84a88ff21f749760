import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types (the users' verifier, tools/por-verify.mjs).
import { verifyProof } from '../../../../../tools/por-verify.mjs';
import {
  balancesObject,
  canonical,
  formatUnits,
  leafHash,
  levelSizes,
  nodeFromLeaves,
  paddingLeaf,
  parseCanonical,
  parseUnits,
  pathPositions,
  STORED_FROM_LEVEL,
  type SumNode,
  SumTreeBuilder,
  type Units,
} from './merkle.ts';

/**
 * The tree without a database: for trees of many sizes (odd levels, padding, one leaf, more than
 * the 16 leaves below the stored levels), every leaf's path, its low siblings rebuilt from leaves and
 * its high ones from the stored nodes as the service does, passes tools/por-verify.mjs, and the
 * root's sums are the leaves' sums.
 */

const PAD = paddingLeaf('ff'.repeat(32));

function tree(n: number) {
  const stored = new Map<string, SumNode>();
  const builder = new SumTreeBuilder(PAD, (level, idx, node) => {
    if (level >= STORED_FROM_LEVEL) stored.set(`${level}:${idx}`, node);
  });
  const leaves: { nonce: string; units: Units; hash: string }[] = [];
  let total = 0n;
  for (let i = 0; i < n; i += 1) {
    const units: Units = new Map([['USDT', BigInt(i + 1) * 10n ** 17n + 1n]]);
    if (i % 3 === 0) units.set('BTC', BigInt(i + 7));
    total += units.get('USDT') ?? 0n;
    const nonce = i.toString(16).padStart(64, '0');
    const hash = leafHash(nonce, canonical(units));
    leaves.push({ nonce, units, hash });
    builder.addLeaf({ hash, units });
  }
  return { root: builder.finish(), stored, leaves, total };
}

function proofOf(t: ReturnType<typeof tree>, index: number) {
  const n = t.leaves.length;
  const sizes = levelSizes(n);
  const leaf = (i: number): SumNode => {
    const l = t.leaves[i];
    if (!l) throw new Error(`no leaf ${i}`);
    return { hash: l.hash, units: l.units };
  };
  const path = pathPositions(index, n).map((s) => {
    if (s.padded) return { side: s.side, hash: PAD.hash, sums: {} };
    const node =
      s.level < STORED_FROM_LEVEL
        ? nodeFromLeaves(s.level, s.sibling, sizes, PAD, leaf)
        : t.stored.get(`${s.level}:${s.sibling}`);
    if (!node) throw new Error(`no stored node ${s.level}:${s.sibling}`);
    return { side: s.side, hash: node.hash, sums: balancesObject(node.units) };
  });
  const own = t.leaves[index];
  return {
    root: t.root.hash,
    leaf: { nonce: own?.nonce, balances: balancesObject(own?.units ?? new Map()), hash: own?.hash },
    path,
  };
}

describe('the Merkle sum tree', () => {
  it('writes amounts with 18 places and reads them back', () => {
    expect(formatUnits(1n)).toBe('0.000000000000000001');
    expect(formatUnits(125_500_000_000_000_000_000n)).toBe('125.500000000000000000');
    expect(parseUnits('125.500000000000000000')).toBe(125_500_000_000_000_000_000n);
    const units: Units = new Map([
      ['USDT', 2n],
      ['BTC', 10n ** 15n],
    ]);
    expect(canonical(units)).toBe('BTC:0.001000000000000000,USDT:0.000000000000000002');
    expect(parseCanonical(canonical(units))).toEqual(new Map([...units].sort()));
  });

  for (const n of [1, 2, 3, 7, 16, 17, 33, 100, 257]) {
    it(`gives every leaf of a tree of ${n} a path that the standalone verifier accepts`, () => {
      const t = tree(n);
      expect(t.root.units.get('USDT')).toBe(t.total);
      const picks = n <= 33 ? [...Array(n).keys()] : [0, 1, 15, 16, 17, n - 2, n - 1];
      for (const i of picks) {
        const sums = verifyProof(proofOf(t, i)) as Map<string, bigint>;
        expect(sums.get('USDT')).toBe(t.total);
      }
    });
  }

  it('an empty tree is the padding leaf', () => {
    expect(tree(0).root.hash).toBe(PAD.hash);
  });
});
