// The stages of `npm test` (scripts/test.mjs) and how they run side by side. Plain Node with no
// dependencies. Stages are in two lanes. The browser lane (the build, then the browser tests) runs at
// the normal priority: its tests wait for real time and for a browser to render, and time out when they
// are starved. Every other stage is in the check lane, at a lower priority (nice(1)): those only need
// throughput, and take the cores whenever the browser lane waits. A stage names the stages it waits for
// (`needs`: ended, passed or not) and, in the check lane, the cores it keeps busy (`cpu`); it starts when
// what it needs has ended and its cores are free among the check lane's `checkCores`, the earlier in the
// plan first (a stage that fits starts before an earlier one that does not; one too big for the lane
// starts when the lane is idle). Each stage's output goes to a file, printed whole when the stage ends,
// so that stages side by side never interleave their lines.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const slug = (name) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Milliseconds as m:ss. */
export const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** User + system seconds from GNU time's `%U %S` line (its last line), or undefined. */
function cpuSecondsOf(file) {
  if (!file || !fs.existsSync(file)) return undefined;
  const last = fs.readFileSync(file, 'utf8').trim().split('\n').pop() ?? '';
  const m = /^([\d.]+) ([\d.]+)$/.exec(last);
  return m ? Number(m[1]) + Number(m[2]) : undefined;
}

/**
 * A plan of stages. `niceness` '0' runs the check lane at the normal priority too; `print` receives
 * everything the runner prints (stdout by default).
 */
export function createStages({
  cwd,
  resultsDir,
  checkCores = 2,
  niceness = '10',
  print = (text) => process.stdout.write(text),
}) {
  const plan = [];
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const running = new Map();
  const startedAt = Date.now();
  const nice = process.platform !== 'win32' && String(niceness) !== '0' && fs.existsSync('/usr/bin/nice');
  // GNU time reports the CPU time of a stage with every process it waited for (Vitest's workers, the
  // browsers): set against the wall time, it says how far running side by side can still take a plan.
  const timed = process.platform === 'linux' && fs.existsSync('/usr/bin/time');

  function stage(name, cmd, args, { env = {}, countsFrom, needs = [], cpu = 1, lane = 'check' } = {}) {
    if (plan.some((s) => s.name === name)) throw new Error(`two stages named ${name}`);
    for (const need of needs)
      if (!plan.some((s) => s.name === need))
        throw new Error(`${name} needs ${need}, which is not planned before it`);
    const log = path.join(resultsDir, `${slug(name)}.log`);
    const cpuFile = timed ? `${log}.cpu` : undefined;
    let [c, a] = cpuFile
      ? ['/usr/bin/time', ['-q', '-f', '%U %S', '-o', cpuFile, cmd, ...args]]
      : [cmd, args];
    if (lane === 'check' && nice) [c, a] = ['/usr/bin/nice', ['-n', String(niceness), c, ...a]];
    plan.push({
      name,
      cmd: c,
      args: a,
      env,
      countsFrom,
      needs,
      cpu: lane === 'check' ? cpu : 0,
      lane,
      log,
      cpuFile,
    });
  }

  /** Runs one stage with its output into its log file; resolves when it has ended. */
  function runStage(s) {
    return new Promise((resolve) => {
      s.started = Date.now();
      const out = fs.openSync(s.log, 'w');
      const others = [...running.keys()].map((o) => o.name);
      const beside = others.length ? ` (beside: ${others.join('; ')})` : '';
      print(`\n--- +${clock(s.started - startedAt)} started: ${s.name}${beside}\n`);
      const child = spawn(s.cmd, s.args, {
        cwd,
        stdio: ['ignore', out, out],
        env: { ...process.env, ...s.env },
        // Its own process group, so that stopping the stage reaches what runs under nice and time.
        detached: process.platform !== 'win32',
      });
      running.set(s, child);
      const done = (status) => {
        if (!running.has(s)) return;
        running.delete(s);
        fs.closeSync(out);
        s.ok = status === 0;
        s.ended = Date.now();
        s.seconds = Math.round((s.ended - s.started) / 1000);
        finish(s);
        resolve();
      };
      child.on('error', (err) => {
        fs.appendFileSync(s.log, `\n${err.message}\n`);
        done(1);
      });
      child.on('close', (code) => done(code));
    });
  }

  /** Counts a finished stage in and prints its output whole. */
  function finish(s) {
    s.counts = '';
    s.failures = [];
    const c = s.countsFrom?.();
    if (c) {
      totals.passed += c.passed;
      totals.failed += c.failed;
      totals.skipped += c.skipped;
      s.counts = `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;
      if (c.flaky) s.counts += ` (${c.flaky} flaky: passed only when run again)`;
      s.failures = c.failures ?? [];
    } else if (!s.ok && s.countsFrom) {
      totals.failed += 1;
    }
    s.cpuSeconds = cpuSecondsOf(s.cpuFile);
    const cpuText = s.cpuSeconds === undefined ? '' : `${s.cpuSeconds.toFixed(1)} s CPU, `;
    const span = `+${clock(s.started - startedAt)} to +${clock(Date.now() - startedAt)}`;
    print(`\n=== ${s.name} (${s.seconds}s, ${cpuText}${span}) ===\n`);
    print(fs.readFileSync(s.log, 'utf8'));
    print(`=== ${s.ok ? 'ok' : 'FAILED'}: ${s.name}${s.counts ? `: ${s.counts}` : ''}\n`);
  }

  /** Runs the plan: every stage once, side by side as `needs` and the check lane's cores allow. */
  async function runPlan() {
    const waiting = [...plan];
    const ended = new Set();
    const inFlight = new Set();
    while (waiting.length || inFlight.size) {
      let free = checkCores - [...running.keys()].reduce((sum, s) => sum + s.cpu, 0);
      for (const s of [...waiting]) {
        if (!s.needs.every((n) => ended.has(n))) continue;
        if (s.cpu > free && free < checkCores) continue;
        waiting.splice(waiting.indexOf(s), 1);
        free -= s.cpu;
        const p = runStage(s).then(() => {
          ended.add(s.name);
          inFlight.delete(p);
        });
        inFlight.add(p);
      }
      if (inFlight.size === 0) break;
      await Promise.race(inFlight);
    }
  }

  /** Stops the stages still running (a stopped `npm test`). */
  const stopAll = () => {
    for (const child of running.values()) {
      try {
        if (process.platform === 'win32') child.kill('SIGTERM');
        else process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };

  return { stage, runPlan, stopAll, plan, totals, clock, slug, startedAt };
}
