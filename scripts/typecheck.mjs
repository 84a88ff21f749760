#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the repository, two at a time. tsc is one
// thread, so one after another left a core idle for over a minute of every CI run; the largest
// projects start first so that the two lanes end together. The server and the benchmarks are one
// program (tsconfig.server-and-bench.json, the same options as both of theirs): the benchmarks import
// 369 of the server's files, which two programs checked twice (41 s + 32 s of CPU apart, 40 s
// together, on 8 December). apps/server and bench keep their own tsconfig for editors and `tsc -p`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const projects = [
  'apps/web',
  'tsconfig.server-and-bench.json',
  'e2e',
  'packages/contracts',
  'packages/domain',
];
const lanes = Number(process.env.TYPECHECK_LANES ?? 2);

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => {
      if (code !== 0) console.error(`typecheck failed: ${project}`);
      resolve(code === 0);
    });
  });
}

const waiting = [...projects];
let ok = true;
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let project = waiting.shift(); project; project = waiting.shift()) ok = (await check(project)) && ok;
  }),
);
process.exit(ok ? 0 : 1);
