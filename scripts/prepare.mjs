// What `npm start` and `npm run demo` do before they run anything (scripts/start.mjs, scripts/demo.mjs):
// install the dependencies if they are missing or older than package-lock.json, and build the web
// app and the server if they are missing or older than their sources. Plain Node with no
// dependencies, because it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The environment the built programs run in: production unless NODE_ENV says otherwise. */
export const runtimeEnv = (env = process.env) => ({ NODE_ENV: 'production', ...env });

/** The newest modification time under `target` (0 when it is missing), leaving out installs and builds. */
export function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

// What is built from sources: rebuilt when missing or older than what it is built from. A tree
// installed for production only (`npm ci --omit=dev`, no build tools) must come built.
const sharedSources = ['packages/contracts/src', 'packages/domain/src'];
export const BUILDS = [
  {
    name: 'the web app',
    built: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', ...sharedSources],
    workspace: 'apps/web',
  },
  {
    name: 'the server',
    built: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', ...sharedSources],
    workspace: 'apps/server',
  },
];

/** What the checkout under `dir` lacks: `install` and the builds that are missing or stale, in order. */
export function missingSteps(dir = root) {
  const steps = [];
  const installedMarker = path.join(dir, 'node_modules', '.package-lock.json');
  if (
    !fs.existsSync(installedMarker) ||
    newestMtime(path.join(dir, 'package-lock.json')) > newestMtime(installedMarker)
  ) {
    steps.push({ name: 'dependencies', command: ['ci', '--no-audit', '--no-fund'] });
  }
  for (const b of BUILDS) {
    const sourcesChanged = Math.max(...b.sources.map((p) => newestMtime(path.join(dir, p))));
    const built = path.join(dir, b.built);
    if (!fs.existsSync(built) || sourcesChanged > newestMtime(built)) {
      steps.push({ name: b.name, command: ['run', 'build', '-w', b.workspace] });
    }
  }
  return steps;
}

/** Installs and builds what is missing; exits as npm did when a step fails. */
export function prepare(dir = root) {
  for (const step of missingSteps(dir)) {
    console.log(
      step.name === 'dependencies' ? 'Installing dependencies (npm ci)...' : `Building ${step.name}...`,
    );
    const result = spawnSync(npm, step.command, { cwd: dir, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
