#!/usr/bin/env node
// `npm start`: the one command that runs the platform on a fresh machine. It installs the
// dependencies if they are missing, builds the web app and the server if they are missing or older
// than their sources, then starts the built server with the embedded database (or DATABASE_URL when set).
// Plain Node with no dependencies, because it runs before anything is installed. On a Node older than
// 22.12 it runs itself again on Node 24 first (node-runtime.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSupportedNode } from './node-runtime.mjs';

await ensureSupportedNode();

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

// What is built from sources: rebuilt when missing or older than what it is built from. A tree
// installed for production only (`npm ci --omit=dev`, no build tools) must come built.
const sharedSources = ['packages/contracts/src', 'packages/domain/src'];
const builds = [
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
for (const b of builds) {
  const sourcesChanged = Math.max(...b.sources.map((p) => newestMtime(path.join(root, p))));
  const built = path.join(root, b.built);
  if (!fs.existsSync(built) || sourcesChanged > newestMtime(built)) {
    console.log(`Building ${b.name}...`);
    run(npm, ['run', 'build', '-w', b.workspace]);
  }
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// The server stops cleanly on its first SIGINT or SIGTERM and dies on a second of the same one
// (main.ts). A Ctrl-C reaches it from the terminal and again through this process (and more than once
// here when npm or a re-run on Node 24 forwards it too), so it is asked to stop once, with SIGTERM,
// however many signals arrive here; a second Ctrl-C still ends it at once.
let stopAsked = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (!stopAsked) server.kill('SIGTERM');
    stopAsked = true;
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
