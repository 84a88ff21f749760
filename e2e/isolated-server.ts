import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { e2eServerEnv, sleep } from './support.ts';

/**
 * A second server of the real build, on its own port and its own embedded database, for a spec
 * that needs data the shared server cannot hold: anything in the past. The spec seeds it over the
 * API like any other, stops it, moves rows in time with SQL (runSqlOnDataDir: PGlite is one
 * process, so only while the server is stopped), and starts it again on the same data.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

export interface IsolatedServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A fresh data directory for `name`, emptied now. */
export function freshDataDir(name: string): string {
  const dir = path.join(os.tmpdir(), `platform-e2e-${name}`);
  fs.rmSync(dir, { recursive: true, force: true });
  return dir;
}

/**
 * Starts the server on `port` with `dataDir` (kept as it is) and waits for /api/health; `env` adds
 * to or overrides the e2e environment (e.g. ADMIN_2FA_REQUIRED).
 */
export async function startIsolatedServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<IsolatedServer> {
  const url = `http://127.0.0.1:${port}`;
  const healthy = () =>
    fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
  // A server left running by an aborted run would answer the health check below and the spec
  // would test its old code and data: refuse instead.
  if (await healthy()) {
    throw new Error(`port ${port} already answers /api/health: stop the server left there by an earlier run`);
  }
  // The build the shared server runs (`npm run build`): a third less CPU per start than through tsx.
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...e2eServerEnv(port, dataDir),
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (await healthy()) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the isolated server on ${port} did not start: ${stderr.slice(-2000)}`);
    }
    await sleep(250);
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs SQL statements (in one transaction) on the embedded database of a stopped server. */
export async function runSqlOnDataDir(dataDir: string, statements: readonly string[]): Promise<void> {
  const file = path.join(dataDir, 'e2e-statements.json');
  fs.writeFileSync(file, JSON.stringify(statements));
  try {
    await run(process.execPath, ['--import', 'tsx', 'e2e/run-sql.ts', dataDir, file], { cwd: REPO_ROOT });
  } finally {
    fs.rmSync(file, { force: true });
  }
}
