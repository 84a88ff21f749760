/**
 * The real server as a child process for benchmarks (`node --import tsx apps/server/src/main.ts`), so
 * that its CPU is measured apart from the load generator's, plus a small JSON client for its calls.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
}

/**
 * Starts the server with production settings, the sim market and generous rate limits; `env` adds
 * or overrides (DATA_DIR or DATABASE_URL, ADMIN_EMAIL, ...). Resolves once it listens.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  // BENCH_SERVER_NODE_ARGS adds node flags to the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      LOG_LEVEL: 'warn',
      REGISTER_RATE_LIMIT_PER_HOUR: '1000000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      MARKET_READ_RATE_LIMIT_PER_MINUTE: '1000000',
      MARKET_DATA_PROVIDER: 'sim',
      PAIR_SYNC_PROVIDER: 'sim',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error('the server did not start within 120 s')), 120_000);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      buffered += chunk;
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        const banner = /running at http:\/\/localhost:(\d+)/.exec(line);
        if (banner) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${banner[1]}`);
        } else if (line.startsWith('{')) {
          console.error(`[server] ${line}`);
        }
        newline = buffered.indexOf('\n');
      }
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => process.stderr.write(`[server] ${chunk}`));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening`));
    });
  });
  return { child, origin };
}

/** SIGTERM (the server's graceful shutdown), SIGKILL after 30 s. */
export async function stopServer(server: ServerProcess) {
  const exited = new Promise<void>((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
  });
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process, in seconds. */
export function processCpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces; field 3 comes first.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[14 - 3]) + Number(fields[15 - 3])) / CLOCK_TICKS_PER_SECOND;
}

export function processRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : Number.NaN;
}

/** One call; throws unless the HTTP status is ok and the envelope says success. */
export async function api<T>(
  origin: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(origin + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await res.json()) as { success: boolean; message: string; data?: T };
  if (!res.ok || !reply.success) throw new Error(`${method} ${url}: HTTP ${res.status} ${reply.message}`);
  return reply.data as T;
}
