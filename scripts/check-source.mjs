#!/usr/bin/env node
// `npm run lint`'s checks of the TypeScript sources in one process, over one listing, reading and
// parse of each file (scripts/source-tree.mjs): the money lint (check-money.mjs), the declared
// dependencies (check-deps.mjs), the module boundaries (check-module-boundaries.mjs), the test
// helpers (check-test-helpers.mjs) and the i18n check (check-i18n.mjs: the server's ratchet, and the
// web's catalogues and ratchet of check-web-i18n.mjs). Each script still runs alone
// (`node scripts/check-money.mjs`), and its test (`node --test scripts/<name>.test.mjs`) feeds it
// probes as before. Exit 1 when any fails, with every failing check's lines; a check's notes (a
// ratchet's count to lower, the web's total) are printed either way; `--times` prints how long each
// check took.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dependencyLintProblems } from './check-deps.mjs';
import { i18nCheck } from './check-i18n.mjs';
import { boundaryProblems } from './check-module-boundaries.mjs';
import { moneyLintProblems } from './check-money.mjs';
import { testHelperProblems } from './check-test-helpers.mjs';
import { sourceTree } from './source-tree.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs the five checks on `tree` (rooted at the checkout): `{ name, problems, notes, ms }` each, in
 * order. A check gives its problems (lines), or `{ problems, notes }`.
 */
export function sourceChecks(tree = sourceTree(root)) {
  const checks = [
    ['check-money', () => moneyLintProblems(tree)],
    ['check-deps', () => dependencyLintProblems(tree.root, tree)],
    ['check-module-boundaries', () => boundaryProblems(tree)],
    ['check-test-helpers', () => testHelperProblems(tree)],
    ['check-i18n', () => i18nCheck(tree)],
  ];
  return checks.map(([name, run]) => {
    const started = performance.now();
    const result = run();
    const { problems, notes = [] } = Array.isArray(result) ? { problems: result } : result;
    return { name, problems, notes, ms: Math.round(performance.now() - started) };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let failed = false;
  for (const { name, problems, notes, ms } of sourceChecks()) {
    if (process.argv.includes('--times')) console.log(`${name}: ${ms} ms`);
    for (const note of notes) console.log(note);
    if (problems.length > 0) {
      failed = true;
      console.error(problems.join('\n'));
    }
  }
  if (failed) process.exit(1);
  console.log('check-source: money, dependencies, module boundaries, test helpers and i18n hold');
}
