import type { PorProof } from '@platform/contracts';

/**
 * The proof-of-liabilities check in the browser (docs/proof-of-liabilities.md, "A proof and how to
 * verify it"), with Web Crypto's SHA-256: the same steps as tools/por-verify.mjs. Quantities are
 * bigints of 10^-18 units, never numbers.
 */

/** Why a level failed, worded by the page in the language shown (user:markets.por.failure). */
export type PorFailure =
  | { kind: 'quantity'; part: PorPart; currency: string; text: string }
  | { kind: 'zero'; part: PorPart; currency: string }
  | { kind: 'leafHash' }
  | { kind: 'side' }
  | { kind: 'root' };

/** Whose sums a quantity failure is about: the leaf's balances or a sibling's sums. */
export type PorPart = 'balance' | 'sibling';

/** `level` counts from the leaf (0); `root` when the failure is the computed root's. */
export type PorVerification =
  | { ok: true; rootSums: string }
  | { ok: false; level: number; root: boolean; failure: PorFailure };

const QUANTITY = /^(\d+)\.(\d{18})$/;

class LevelFailure extends Error {
  constructor(
    readonly level: number,
    readonly failure: PorFailure,
    readonly root = false,
  ) {
    super(failure.kind);
  }
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function unitsOf(level: number, part: PorPart, sums: Record<string, string>): Map<string, bigint> {
  const units = new Map<string, bigint>();
  for (const [currency, text] of Object.entries(sums)) {
    const match = QUANTITY.exec(text);
    if (!match) throw new LevelFailure(level, { kind: 'quantity', part, currency, text });
    const value = BigInt(`${match[1]}${match[2]}`);
    if (value === 0n) throw new LevelFailure(level, { kind: 'zero', part, currency });
    units.set(currency, value);
  }
  return units;
}

function written(value: bigint): string {
  const digits = value.toString().padStart(19, '0');
  return `${digits.slice(0, -18)}.${digits.slice(-18)}`;
}

export function canonicalOf(units: Map<string, bigint>): string {
  return [...units.keys()]
    .sort()
    .map((c) => `${c}:${written(units.get(c) ?? 0n)}`)
    .join(',');
}

function joined(a: Map<string, bigint>, b: Map<string, bigint>): Map<string, bigint> {
  const out = new Map(a);
  for (const [c, v] of b) out.set(c, (out.get(c) ?? 0n) + v);
  return out;
}

export async function verifyPorProof(proof: PorProof): Promise<PorVerification> {
  try {
    const leafUnits = unitsOf(0, 'balance', proof.leaf.balances);
    const leafHash = await sha256(`leaf|${proof.leaf.nonce}|${canonicalOf(leafUnits)}`);
    if (leafHash !== proof.leaf.hash) throw new LevelFailure(0, { kind: 'leafHash' });
    let node = { hash: leafHash, units: leafUnits };
    for (const [i, step] of proof.path.entries()) {
      const level = i + 1;
      if (step.side !== 'left' && step.side !== 'right') throw new LevelFailure(level, { kind: 'side' });
      const sibling = { hash: step.hash, units: unitsOf(level, 'sibling', step.sums) };
      const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
      const units = joined(left.units, right.units);
      node = { hash: await sha256(`node|${left.hash}|${right.hash}|${canonicalOf(units)}`), units };
    }
    if (node.hash !== proof.root) throw new LevelFailure(proof.path.length, { kind: 'root' }, true);
    return { ok: true, rootSums: canonicalOf(node.units) };
  } catch (err) {
    if (err instanceof LevelFailure)
      return { ok: false, level: err.level, root: err.root, failure: err.failure };
    throw err;
  }
}
