#!/usr/bin/env node
// `npm start`: the one command that runs the platform on a fresh machine. It installs the
// dependencies if they are missing, builds the web app and the server if they are missing or older
// than their sources (prepare.mjs, shared with `npm run demo`), then starts the built server with the
// embedded database (or DATABASE_URL when set).
// Plain Node with no dependencies, because it runs before anything is installed. On a Node older than
// 22.12 it runs itself again on Node 24 first (node-runtime.mjs).
import { spawn } from 'node:child_process';
import { ensureSupportedNode } from './node-runtime.mjs';
import { prepare, root, runtimeEnv } from './prepare.mjs';

await ensureSupportedNode();

prepare();

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: runtimeEnv(),
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
