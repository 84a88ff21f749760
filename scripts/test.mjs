#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and integration tests on PGlite, the same integration tests on
// PostgreSQL when TEST_DATABASE_URL is set, then the browser tests. Every stage runs even when an
// earlier one fails, and the last line sums up the counts of all of them. On a Node older than 22.12
// it runs itself again on Node 24 first, and so does every stage (node-runtime.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { ensureSupportedNode } from './node-runtime.mjs';

await ensureSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.vitest-results');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const stages = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

function stage(name, cmd, args, { env = {}, countsFrom } = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = status === 0;
  let counts = '';
  let failures = [];
  if (countsFrom) {
    const c = countsFrom();
    if (c) {
      totals.passed += c.passed;
      totals.failed += c.failed;
      totals.skipped += c.skipped;
      counts = `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;
      if (c.flaky) counts += ` (${c.flaky} flaky: passed only when run again)`;
      failures = c.failures ?? [];
    } else if (!ok) {
      totals.failed += 1;
    }
  }
  stages.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000), counts, failures });
  return ok;
}

// The names of failed (and flaky) tests are printed under the summary, each with the first line of its
// error: CI's log may keep only its tail, and a test that fails only under CI's load must say why there.
const firstLine = (message) => {
  const line = stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .find((l) => l.trim());
  return line ? `\n          ${line.trim().slice(0, 300)}` : '';
};
const vitestCounts = (file) => () => {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    const failures = [];
    for (const suite of r.testResults ?? []) {
      const where = path.relative(root, suite.name);
      const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests)
        failures.push(`${where} > ${t.fullName}${firstLine(t.failureMessages?.[0])}`);
      if (suite.status === 'failed' && failedTests.length === 0)
        failures.push(`${where} (the file itself failed)${firstLine(suite.message)}`);
    }
    return {
      passed: r.numPassedTests,
      failed: r.numFailedTests + (r.numFailedTestSuites ?? 0),
      skipped: r.numPendingTests + r.numTodoTests,
      failures,
    };
  } catch {
    return undefined;
  }
};

/** The counts of a node:test TAP report (its closing `# pass N` lines) and the tests that failed. */
const tapCounts = (file, where) => () => {
  try {
    const tap = fs.readFileSync(file, 'utf8');
    const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap)?.[1] ?? Number.NaN);
    const failures = [...tap.matchAll(/^\s*not ok \d+ - (.*)$/gm)].map((m) => `${where} > ${m[1]}`);
    const counts = {
      passed: count('pass'),
      failed: count('fail') + count('cancelled'),
      skipped: count('skipped') + count('todo'),
    };
    return Object.values(counts).every(Number.isFinite) ? { ...counts, failures } : undefined;
  } catch {
    return undefined;
  }
};

/** Every spec of a Playwright JSON report, with the file it is in. */
function* playwrightSpecs(suite) {
  for (const spec of suite.specs ?? []) yield spec;
  for (const child of suite.suites ?? []) yield* playwrightSpecs(child);
}

const playwrightCounts = (file) => () => {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    const s = report.stats;
    const failures = [];
    for (const top of report.suites ?? []) {
      for (const spec of playwrightSpecs(top)) {
        for (const t of spec.tests ?? []) {
          if (t.status === 'unexpected' || t.status === 'flaky')
            failures.push(
              `e2e/${spec.file}:${spec.line} > ${spec.title}${t.status === 'flaky' ? ' (flaky)' : ''}${firstLine(
                t.results?.find((r) => r.error)?.error?.message,
              )}`,
            );
        }
      }
    }
    return {
      passed: s.expected + s.flaky,
      failed: s.unexpected,
      skipped: s.skipped,
      flaky: s.flaky,
      failures,
    };
  } catch {
    return undefined;
  }
};

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const browserTests = fs.existsSync(chromium);

stage('typecheck', npm, ['run', '--silent', 'typecheck']);
stage('lint', npm, ['run', '--silent', 'lint']);

// The tests of these scripts themselves (node:test: they run before anything is installed).
const scriptTests = fs.readdirSync(path.join(root, 'scripts')).filter((f) => f.endsWith('.test.mjs'));
const scriptsTap = path.join(resultsDir, 'scripts.tap');
stage(
  'scripts (node:test)',
  process.execPath,
  [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${scriptsTap}`,
    ...scriptTests.map((f) => path.join('scripts', f)),
  ],
  { countsFrom: tapCounts(scriptsTap, 'scripts') },
);

const pgliteJson = path.join(resultsDir, 'pglite.json');
stage(
  'unit and integration tests (PGlite)',
  npx,
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteJson}`],
  { env: { TEST_DB_ENGINE: 'pglite' }, countsFrom: vitestCounts(pgliteJson) },
);

/** The server's tests on PostgreSQL, when a server is given. */
function postgresStage() {
  const pgJson = path.join(resultsDir, 'postgres.json');
  // SERVER_TESTS_NODE, when set, is the Node.js that runs the server's tests here instead of this one.
  // CI sets it to Node.js 24 LTS, which npm test itself runs on there too (node-runtime.mjs).
  const serverNode = process.env.SERVER_TESTS_NODE;
  const [vitestCmd, vitestArgs] = serverNode
    ? [serverNode, [path.join(root, 'node_modules', 'vitest', 'vitest.mjs')]]
    : [npx, ['vitest']];
  const nodeVersion = spawnSync(serverNode ?? process.execPath, ['--version'], {
    encoding: 'utf8',
  }).stdout.trim();
  return stage(
    `integration tests (PostgreSQL, Node.js ${nodeVersion})`,
    vitestCmd,
    [
      ...vitestArgs,
      'run',
      '--project',
      'server',
      '--project',
      'server-mocked',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${pgJson}`,
    ],
    { env: { TEST_DB_ENGINE: 'postgres' }, countsFrom: vitestCounts(pgJson) },
  );
}

/**
 * The browser tests in their two projects (e2e/playwright.config.ts): the specs that touch only
 * their own rows, two at a time, then the platform-wide ones alone, each run with a fresh server.
 * Two runs rather than the project dependency, so that a failure in the first cannot skip the second.
 */
function browserStages() {
  for (const [project, title] of [
    ['own-rows', 'two at a time'],
    ['platform-wide', 'one at a time'],
  ]) {
    const json = path.join(resultsDir, `e2e-${project}.json`);
    stage(
      `browser tests, ${title} (Playwright, Chromium)`,
      npx,
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project', project, '--no-deps'],
      {
        env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: json },
        countsFrom: playwrightCounts(json),
      },
    );
  }
}

const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres) console.log('\nTEST_DATABASE_URL is not set: the integration tests run on PGlite only.');
if (!browserTests) {
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`\n!!! Chromium not found at ${chromium} and REQUIRE_E2E=1: the browser tests cannot run.`);
    stages.push({ name: 'browser tests', ok: false, seconds: 0, counts: 'Chromium missing' });
    totals.failed += 1;
  } else {
    console.warn(
      `\n!!! BROWSER TESTS SKIPPED: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`,
    );
  }
}
if (postgres) postgresStage();
if (browserTests) {
  stage('build (web and server)', npm, ['run', '--silent', 'build']);
  browserStages();
}

console.log('\n=== summary ===');
for (const s of stages) {
  console.log(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.name} (${s.seconds}s)${s.counts ? `: ${s.counts}` : ''}`);
  for (const failure of s.failures ?? []) console.log(`        ${failure}`);
}
const allOk = stages.every((s) => s.ok);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(allOk ? 0 : 1);
