#!/usr/bin/env node
// Proof-of-liabilities verifier (issue 36): checks that one user's leaf is included in a published
// Merkle sum tree. No dependencies beyond node:crypto, so anyone can read it and run it:
//
//   node tools/por-verify.mjs proof.json
//
// proof.json is the reply of GET /api/por/proof (the envelope or its `data`), or the file the user
// app's 下载证明 saves. Exit 0: the proof is valid; exit 1: the first level that does not add up is
// named. The algorithm is written down in docs/proof-of-liabilities.md.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const AMOUNT = /^(\d+)\.(\d{18})$/;
const HASH = /^[0-9a-f]{64}$/;
const CURRENCY = /^[A-Z0-9]{2,12}$/;

class LevelError extends Error {}
const fail = (level, why) => {
  throw new LevelError(`level ${level}: ${why}`);
};

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** currency → 18-place decimal string, into currency → bigint of 10^-18 units (zeros refused). */
function unitsOf(level, what, balances) {
  if (balances === null || typeof balances !== 'object' || Array.isArray(balances))
    fail(level, `${what} is not an object of currency → amount`);
  const units = new Map();
  for (const [currency, amount] of Object.entries(balances)) {
    if (!CURRENCY.test(currency)) fail(level, `${what}: bad currency ${JSON.stringify(currency)}`);
    const match = typeof amount === 'string' ? AMOUNT.exec(amount) : null;
    if (!match)
      fail(
        level,
        `${what}: ${currency} ${JSON.stringify(amount)} is not a non-negative amount with 18 places`,
      );
    const value = BigInt(match[1] + match[2]);
    if (value === 0n) fail(level, `${what}: ${currency} is zero (zero amounts are left out)`);
    units.set(currency, value);
  }
  return units;
}

function format(value) {
  const digits = value.toString().padStart(19, '0');
  return `${digits.slice(0, -18)}.${digits.slice(-18)}`;
}

/** BTC:0.001000000000000000,USDT:125.500000000000000000 (currencies ascending). */
function canonical(units) {
  return [...units.keys()]
    .sort()
    .map((c) => `${c}:${format(units.get(c))}`)
    .join(',');
}

function add(a, b) {
  const sum = new Map(a);
  for (const [c, v] of b) sum.set(c, (sum.get(c) ?? 0n) + v);
  return sum;
}

/** Verifies one proof; returns the root's sums, or throws naming the level. */
export function verifyProof(proof) {
  if (!proof || typeof proof !== 'object') fail(0, 'the proof is not an object');
  const { root, leaf, path } = proof;
  if (typeof root !== 'string' || !HASH.test(root)) fail('root', 'root is not a 64-digit hex hash');
  if (!leaf || typeof leaf !== 'object') fail(0, 'the leaf is missing');
  if (typeof leaf.nonce !== 'string' || leaf.nonce === '') fail(0, 'the leaf has no nonce');
  const leafUnits = unitsOf(0, 'leaf balances', leaf.balances);
  const leafHash = sha256(`leaf|${leaf.nonce}|${canonical(leafUnits)}`);
  if (leafHash !== leaf.hash) fail(0, `the leaf hashes to ${leafHash}, the proof says ${leaf.hash}`);
  if (!Array.isArray(path)) fail(1, 'the path is not a list');

  let node = { hash: leafHash, units: leafUnits };
  path.forEach((step, i) => {
    const level = i + 1;
    if (!step || typeof step !== 'object') fail(level, 'the sibling is missing');
    if (step.side !== 'left' && step.side !== 'right')
      fail(level, `side ${JSON.stringify(step.side)} is neither left nor right`);
    if (typeof step.hash !== 'string' || !HASH.test(step.hash))
      fail(level, 'the sibling hash is not a 64-digit hex hash');
    const sibling = { hash: step.hash, units: unitsOf(level, 'sibling sums', step.sums) };
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    const units = add(left.units, right.units);
    node = { hash: sha256(`node|${left.hash}|${right.hash}|${canonical(units)}`), units };
  });
  if (node.hash !== root)
    fail(
      `${path.length} (root)`,
      `the path computes ${node.hash}, the published root is ${root}; a leaf or sibling at or below this level was changed`,
    );
  return node.units;
}

function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node tools/por-verify.mjs proof.json');
    process.exit(2);
  }
  let proof;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    proof = parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed;
  } catch (err) {
    console.error(`cannot read ${file}: ${err.message}`);
    process.exit(1);
  }
  try {
    const totals = verifyProof(proof);
    console.log(`valid: the leaf is included in root ${proof.root} (snapshot ${proof.snapshot_id ?? '?'})`);
    console.log(`root sums: ${canonical(totals) || '(none)'}`);
    process.exit(0);
  } catch (err) {
    if (!(err instanceof LevelError)) throw err;
    console.error(`invalid: ${err.message}`);
    process.exit(1);
  }
}

if (
  import.meta.url === `file://${process.argv[1]}` ||
  process.argv[1]?.endsWith('por-verify.mjs') ||
  process.argv[1]?.endsWith('por-verify.js')
)
  main();
