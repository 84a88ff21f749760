#!/usr/bin/env node
// Builds the server to JavaScript (issue 21): production runs plain `node`, without tsx (a dev
// dependency) compiling TypeScript at every start. One ES module per entry point in dist/, the
// server's own code and the workspace packages (@platform/contracts, @platform/domain, which ship
// TypeScript sources) bundled in, every other package left to node_modules as installed by
// `npm ci --omit=dev`. Source maps, so stack traces name the TypeScript lines (`--enable-source-maps`).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = import.meta.dirname;
const outdir = path.join(serverDir, 'dist');

/** What production runs: the server, and the operators' command-line tools. */
const entryPoints = {
  main: 'src/main.ts',
  'ledger-verify': 'src/modules/reconciliation/verify-cli.ts',
  'audit-verify': 'src/modules/audit/verify-cli.ts',
  'db-migrate': 'src/db/migrate-cli.ts',
  demo: 'src/demo/seed.ts',
  // The users' proof-of-liabilities verifier: dependency-free, so the bundle is the script itself.
  'por-verify': '../../tools/por-verify.mjs',
};

/** Packages stay external, except the workspace's own, whose TypeScript plain node cannot load. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@platform/') || path.isAbsolute(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Shared modules in chunks of their own, so the tools and the server are not four copies.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalPackages],
  logLevel: 'warning',
});
console.log(`server built to ${path.relative(process.cwd(), outdir) || outdir}`);
