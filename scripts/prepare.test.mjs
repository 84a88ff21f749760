// node --test scripts/prepare.test.mjs (a stage of scripts/test.mjs).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { BUILDS, missingSteps, root, runtimeEnv } from './prepare.mjs';

/** A checkout with the files prepare looks at, each written at `time` (seconds). */
function checkout(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prepare-test-'));
  for (const [file, time] of Object.entries(files)) {
    const full = path.join(dir, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, '');
    fs.utimesSync(full, time, time);
    // Directories count with their own time too: give them the oldest.
    for (let d = path.dirname(full); d !== dir; d = path.dirname(d)) fs.utimesSync(d, 1000, 1000);
  }
  return dir;
}
const names = (dir) => missingSteps(dir).map((s) => s.name);
const everySource = (time) =>
  Object.fromEntries(
    BUILDS.flatMap((b) => b.sources.map((s) => [`${s}${path.extname(s) ? '' : '/x.ts'}`, time])),
  );
const everyBuild = (time) => Object.fromEntries(BUILDS.map((b) => [b.built, time]));

test('a fresh clone gets everything: the install, then both builds', () => {
  const dir = checkout({ 'package-lock.json': 2000, ...everySource(2000) });
  assert.deepEqual(names(dir), ['dependencies', 'the web app', 'the server']);
});

test('an installed and built checkout needs nothing', () => {
  const dir = checkout({
    'package-lock.json': 2000,
    'node_modules/.package-lock.json': 3000,
    ...everySource(2000),
    ...everyBuild(3000),
  });
  assert.deepEqual(names(dir), []);
});

test('a changed lock file reinstalls; a changed source rebuilds what it goes into', () => {
  const dir = checkout({
    'package-lock.json': 4000,
    'node_modules/.package-lock.json': 3000,
    ...everySource(2000),
    ...everyBuild(3000),
    'apps/server/src/main.ts': 5000,
  });
  assert.deepEqual(names(dir), ['dependencies', 'the server']);
  const shared = checkout({
    'package-lock.json': 2000,
    'node_modules/.package-lock.json': 3000,
    ...everySource(2000),
    ...everyBuild(3000),
    'packages/domain/src/x.ts': 5000,
  });
  assert.deepEqual(names(shared), ['the web app', 'the server']);
});

test('npm start and npm run demo share the preparation instead of copies of it', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  assert.equal(pkg.scripts.start, 'node scripts/start.mjs');
  assert.equal(pkg.scripts.demo, 'node scripts/demo.mjs');
  for (const script of ['start.mjs', 'demo.mjs']) {
    const text = fs.readFileSync(path.join(root, 'scripts', script), 'utf8');
    assert.match(text, /import \{[^}]*\bprepare\b[^}]*\} from '\.\/prepare\.mjs'/);
    assert.match(text, /await ensureSupportedNode\(\);\s+prepare\(\);/);
    assert.doesNotMatch(text, /npm', \['ci'|\.package-lock\.json/);
  }
  // The demo runs the built seeder, which a production-only install has too.
  assert.match(fs.readFileSync(path.join(root, 'scripts/demo.mjs'), 'utf8'), /apps\/server\/dist\/demo\.js/);
  assert.match(
    fs.readFileSync(path.join(root, 'apps/server/build.mjs'), 'utf8'),
    /demo: 'src\/demo\/seed\.ts'/,
  );
});

test('the built programs run in production unless NODE_ENV says otherwise', () => {
  assert.equal(runtimeEnv({}).NODE_ENV, 'production');
  assert.equal(runtimeEnv({ NODE_ENV: 'development', PORT: '4000' }).NODE_ENV, 'development');
  assert.equal(runtimeEnv({ PORT: '4000' }).PORT, '4000');
});
