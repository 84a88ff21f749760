#!/usr/bin/env node
// `npm test`: typecheck, lint, the scripts' tests, the unit and web tests, the server's tests split
// between PGlite and PostgreSQL (scripts/test-engines.mjs; all on PGlite when TEST_DATABASE_URL is not
// set), the build and the browser tests. Independent stages run side by side as the machine's cores
// allow (the plan below); each stage's output goes to a file and is printed whole when the stage ends.
// Every stage runs even when another fails, and the last line sums up the counts of all of them. On a
// Node older than 22.12 it runs itself again on Node 24 first (node-runtime.mjs); SERVER_TESTS_NODE,
// when set, is the Node.js of the server's tests (CI: Node 22). docs/testing.md describes the layout.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { ensureSupportedNode } from './node-runtime.mjs';
import { clock, createStages, slug } from './stages.mjs';
import { enginePartition } from './test-engines.mjs';

await ensureSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.vitest-results');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const CHECK_CORES = Number(process.env.TEST_CHECK_CORES) || Math.max(2, os.availableParallelism());
const { stage, runPlan, stopAll, plan, totals, startedAt } = createStages({
  cwd: root,
  resultsDir,
  checkCores: CHECK_CORES,
  niceness: process.env.TEST_CHECK_NICENESS ?? '10',
});
// A stopped run stops its stages too (Ctrl-C, or CI's timeout).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });

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
    let flaky = 0;
    for (const suite of r.testResults ?? []) {
      const where = path.relative(root, suite.name);
      const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests)
        failures.push(`${where} > ${t.fullName}${firstLine(t.failureMessages?.[0])}`);
      // A test retried in CI that passed keeps its first try's error: flaky, named like Playwright's.
      const flakyTests = (suite.assertionResults ?? []).filter(
        (t) => t.status === 'passed' && t.failureMessages?.length,
      );
      flaky += flakyTests.length;
      for (const t of flakyTests)
        failures.push(`${where} > ${t.fullName} (flaky)${firstLine(t.failureMessages[0])}`);
      if (suite.status === 'failed' && failedTests.length === 0)
        failures.push(`${where} (the file itself failed)${firstLine(suite.message)}`);
    }
    return {
      passed: r.numPassedTests,
      failed: r.numFailedTests + (r.numFailedTestSuites ?? 0),
      skipped: r.numPendingTests + r.numTodoTests,
      flaky,
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
const postgres = Boolean(process.env.TEST_DATABASE_URL);

/** A Vitest run of some projects (and files) into its own JSON report, on `node` when given. */
function vitestStage(name, { projects, files = [], env = {}, node, cpu, needs = [] }) {
  const json = path.join(resultsDir, `${slug(name)}.json`);
  const [cmd, pre] = node
    ? [node, [path.join(root, 'node_modules', 'vitest', 'vitest.mjs')]]
    : [npx, ['vitest']];
  // Everything the stage starts (workers, servers the tests spawn) runs on that Node too.
  const nodeEnv = node ? { PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` } : {};
  stage(
    name,
    cmd,
    [
      ...pre,
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
      ...files,
    ],
    { env: { ...nodeEnv, ...env }, countsFrom: vitestCounts(json), cpu, needs },
  );
}

// SERVER_TESTS_NODE, when set, is the Node.js that runs the server's tests instead of this one (CI: the
// registry's Node 22, the oldest the project supports, while everything else runs on Node 24).
const serverNode = process.env.SERVER_TESTS_NODE;
const serverNodeVersion = spawnSync(serverNode ?? process.execPath, ['--version'], {
  encoding: 'utf8',
}).stdout.trim();
const SERVER_PROJECTS = ['server', 'server-mocked'];

// The plan (docs/testing.md, "CI layout"). The browser lane: the build, then the browser tests, the
// specs that touch only their own rows two at a time, then the platform-wide ones alone, each run on a
// fresh server; two runs rather than the project dependency, so that a failure in the first cannot
// skip the second. The check lane beside it, at a lower priority: the typecheck, the lint and the
// scripts' tests, the server's tests on PGlite and the unit and web tests; the server's tests on
// PostgreSQL once the browser lane has ended (see there).
let lastBrowserStage;
if (browserTests) {
  stage('build (web and server)', npm, ['run', '--silent', 'build'], { lane: 'browser' });
  let after = 'build (web and server)';
  for (const [project, title] of [
    ['own-rows', 'two at a time'],
    ['platform-wide', 'one at a time'],
  ]) {
    const json = path.join(resultsDir, `e2e-${project}.json`);
    const name = `browser tests ${project}, ${title} (Playwright, Chromium)`;
    stage(
      name,
      npx,
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project', project, '--no-deps'],
      {
        env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: json },
        countsFrom: playwrightCounts(json),
        needs: [after],
        lane: 'browser',
      },
    );
    after = name;
  }
  lastBrowserStage = after;
}

stage('typecheck', npm, ['run', '--silent', 'typecheck'], { cpu: 2 });
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

if (postgres) {
  // Each server test file runs on one engine (scripts/test-engines.mjs): PostgreSQL for those that test
  // locks, timeouts, notifications, races and several instances, PGlite for the rest.
  const { pglite, postgres: onPostgres } = enginePartition(root);
  vitestStage(`server tests on PGlite (Node.js ${serverNodeVersion})`, {
    projects: SERVER_PROJECTS,
    files: pglite,
    env: { TEST_DB_ENGINE: 'pglite' },
    node: serverNode,
    cpu: 2,
  });
  // After the browser lane, not beside it: the check lane's niceness does not reach the PostgreSQL
  // server, whose backends do most of this stage's work at the normal priority. Beside the browser
  // tests they starved both (CI, 7 December: admin pages took 20 s to render and 15 s waits ran
  // out; timing tests of this stage failed), while PGlite runs inside the stage's niced workers.
  vitestStage(`server tests on PostgreSQL (Node.js ${serverNodeVersion})`, {
    projects: SERVER_PROJECTS,
    files: onPostgres,
    env: { TEST_DB_ENGINE: 'postgres' },
    node: serverNode,
    cpu: 2,
    needs: lastBrowserStage ? [lastBrowserStage] : [],
  });
} else {
  console.log('\nTEST_DATABASE_URL is not set: every server test runs on PGlite.');
  vitestStage(`server tests on PGlite (Node.js ${serverNodeVersion})`, {
    projects: SERVER_PROJECTS,
    env: { TEST_DB_ENGINE: 'pglite' },
    node: serverNode,
    cpu: 2,
  });
}
vitestStage(`unit and web tests (Node.js ${process.version})`, {
  projects: ['packages', 'web', 'web-mocked'],
  cpu: 2,
});

const failedToStart = [];
if (!browserTests) {
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`\n!!! Chromium not found at ${chromium} and REQUIRE_E2E=1: the browser tests cannot run.`);
    failedToStart.push({ name: 'browser tests', ok: false, seconds: 0, counts: 'Chromium missing' });
    totals.failed += 1;
  } else {
    console.warn(
      `\n!!! BROWSER TESTS SKIPPED: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`,
    );
  }
}

console.log(
  `\nThe check lane keeps ${CHECK_CORES} cores busy at a lower priority, beside the browser lane; each stage prints its output whole when it ends.`,
);
await runPlan();

console.log('\n=== summary ===');
for (const s of [...plan, ...failedToStart]) {
  const when = s.started
    ? `, +${clock(s.started - startedAt)} to +${clock(s.started - startedAt + s.seconds * 1000)}`
    : '';
  console.log(
    `${s.ok ? 'ok  ' : 'FAIL'}  ${s.name} (${s.seconds ?? 0}s${s.cpuSeconds === undefined ? '' : `, ${Math.round(s.cpuSeconds)} s CPU`}${when})${s.counts ? `: ${s.counts}` : ''}`,
  );
  for (const failure of s.failures ?? []) console.log(`        ${failure}`);
}
const allOk = [...plan, ...failedToStart].every((s) => s.ok);
console.log(`wall time: ${clock(Date.now() - startedAt)} (min:s)`);
// The floor that running side by side can reach: all the stages' CPU time spread over every core.
const cpuSeconds = plan.reduce((sum, s) => sum + (s.cpuSeconds ?? 0), 0);
if (cpuSeconds > 0)
  console.log(
    `CPU time: ${Math.round(cpuSeconds)} s in all stages; on ${os.availableParallelism()} cores no layout runs them in less than ${clock((cpuSeconds * 1000) / os.availableParallelism())} (min:s)`,
  );
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(allOk ? 0 : 1);
