#!/usr/bin/env node
// `npm start`: the one command that runs the platform on a fresh machine. It installs the
// dependencies if they are missing, builds the web app if it is missing or older than its sources,
// then starts the server with the embedded database (or DATABASE_URL when set).
// Plain Node with no dependencies, because it runs before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(target) {
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

const installedMarker = path.join(root, 'node_modules', '.package-lock.json');
if (
  !fs.existsSync(installedMarker) ||
  newestMtime(path.join(root, 'package-lock.json')) > newestMtime(installedMarker)
) {
  console.log('Installing dependencies (npm ci)...');
  run(npm, ['ci', '--no-audit', '--no-fund']);
}

const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  'packages/domain/src',
];
const sourcesChanged = Math.max(...webSources.map((p) => newestMtime(path.join(root, p))));
if (!fs.existsSync(builtIndex) || sourcesChanged > newestMtime(builtIndex)) {
  console.log('Building the web app...');
  run(npm, ['run', 'build']);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
