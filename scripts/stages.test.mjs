// How npm test's stages run (stages.mjs), with small Node commands as stages: side by side within the
// check lane's cores, the browser lane beside it, every stage whatever failed before, and each stage's
// output printed whole when it ends.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createStages } from './stages.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stages-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A stage command: prints `lines` lines 30 ms apart, then exits with `code`. */
const node = (name, { lines = 3, code = 0 } = {}) => [
  process.execPath,
  [
    '-e',
    `let i = 0; const t = setInterval(() => { console.log('${name} line ' + ++i); if (i === ${lines}) { clearInterval(t); process.exitCode = ${code}; } }, 30);`,
  ],
];

function runner(checkCores = 2) {
  let printed = '';
  const stages = createStages({
    cwd: dir,
    resultsDir: dir,
    checkCores,
    niceness: '0',
    print: (t) => (printed += t),
  });
  return { ...stages, printed: () => printed };
}

describe('npm test stages', () => {
  it('runs stages side by side within the check lane, and the browser lane beside it', async () => {
    const r = runner(2);
    r.stage('a', ...node('a'), { cpu: 1 });
    r.stage('b', ...node('b'), { cpu: 1 });
    r.stage('c', ...node('c'), { cpu: 2 });
    r.stage('build', ...node('build'), { lane: 'browser' });
    r.stage('e2e', ...node('e2e'), { lane: 'browser', needs: ['build'] });
    await r.runPlan();
    const [a, b, c, build, e2e] = r.plan;
    assert.match(r.printed(), /started: b \(beside: a\)\n/);
    assert.match(r.printed(), /started: build \(beside: a; b\)\n/);
    assert.ok(b.started < a.ended && a.started < b.ended, 'a and b side by side');
    assert.ok(c.started >= Math.max(a.ended, b.ended), 'c waits for the cores a and b hold');
    assert.ok(build.started < a.ended, 'the browser lane runs beside the check lane');
    assert.ok(e2e.started >= build.ended, 'e2e waits for the build');
    assert.ok(r.plan.every((s) => s.ok));
  });

  it('prints each stage whole, never interleaved with another', async () => {
    const r = runner(4);
    r.stage('x', ...node('x', { lines: 5 }));
    r.stage('y', ...node('y', { lines: 5 }));
    await r.runPlan();
    for (const name of ['x', 'y']) {
      const whole = Array.from({ length: 5 }, (_, i) => `${name} line ${i + 1}`).join('\n');
      assert.ok(r.printed().includes(`===\n${whole}\n=== ok: ${name}`), r.printed());
    }
  });

  it('runs every stage when one fails, and counts a failed stage without a report as one failure', async () => {
    const r = runner(1);
    r.stage('broken', ...node('broken', { code: 1 }), { countsFrom: () => undefined });
    r.stage('after it', ...node('after'), {
      needs: ['broken'],
      countsFrom: () => ({ passed: 2, failed: 0, skipped: 1 }),
    });
    await r.runPlan();
    assert.deepEqual(
      r.plan.map((s) => [s.name, s.ok]),
      [
        ['broken', false],
        ['after it', true],
      ],
    );
    assert.deepEqual(r.totals, { passed: 2, failed: 1, skipped: 1 });
    assert.match(r.printed(), /=== FAILED: broken\n/);
    assert.match(r.printed(), /=== ok: after it: 2 passed, 0 failed, 1 skipped\n/);
  });

  it('refuses a stage that needs one not planned before it', () => {
    const r = runner();
    assert.throws(() => r.stage('e2e', ...node('e2e'), { needs: ['build'] }), /e2e needs build/);
  });

  it('measures the CPU time of each stage and its children, to set against the wall time', async () => {
    const r = runner();
    // A stage whose child process burns about 0.4 s of CPU: the children's time counts too.
    // It spins until it has had 0.4 s of CPU (not of wall time: on a loaded machine it gets less).
    const burn =
      'const start = process.cpuUsage(); for (;;) { const u = process.cpuUsage(start); if (u.user + u.system >= 400000) break; }';
    r.stage('burns', process.execPath, [
      '-e',
      `require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(burn)}])`,
    ]);
    r.stage('idles', ...node('idles'));
    await r.runPlan();
    const [burns, idles] = r.plan;
    assert.ok(burns.cpuSeconds >= 0.3, `burns used ${burns.cpuSeconds} s of CPU`);
    assert.ok(idles.cpuSeconds < burns.cpuSeconds, `idles used ${idles.cpuSeconds} s`);
    assert.match(r.printed(), /=== burns \(\d+s, [\d.]+ s CPU, /);
  });

  it('stops the whole stage, with what runs under it, when the run is stopped', async () => {
    const r = runner();
    const pidFile = path.join(dir, 'sleeper.pid');
    // The stage's process starts a child that would sleep for a minute and records its pid.
    const sleeper = `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' }); require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(c.pid)); setTimeout(() => {}, 60000);`;
    r.stage('sleeps', process.execPath, ['-e', sleeper]);
    const run = r.runPlan();
    while (!fs.existsSync(pidFile)) await new Promise((resolve) => setTimeout(resolve, 20));
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    r.stopAll();
    await run;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const state = fs.existsSync(`/proc/${pid}/stat`)
      ? fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2]
      : 'gone';
    assert.ok(state === 'gone' || state === 'Z', `the stage's child is ${state}`);
  });
});
