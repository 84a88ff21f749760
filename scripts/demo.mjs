#!/usr/bin/env node
// `npm run demo`: fills the platform's database with demo data (apps/server/src/demo/seed.ts), on a
// fresh clone too. Like `npm start` it first runs on Node 22.12+ (node-runtime.mjs) and installs and
// builds what is missing (prepare.mjs), then runs the built seeder with the environment the server
// gets, so that both read the same DATA_DIR or DATABASE_URL, secrets and PRICE_SOURCES.
import { spawn } from 'node:child_process';
import { ensureSupportedNode } from './node-runtime.mjs';
import { prepare, root, runtimeEnv } from './prepare.mjs';

await ensureSupportedNode();

prepare();

const seeder = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/demo.js'], {
  cwd: root,
  stdio: 'inherit',
  env: runtimeEnv(),
});
// A Ctrl-C reaches the seeder from the terminal; a signal sent to this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (seeder.exitCode === null) seeder.kill(signal);
  });
}
seeder.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
