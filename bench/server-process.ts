/**
 * The real server as a child process for benchmarks (`node --import tsx apps/server/src/main.ts`), so
 * that its CPU is measured apart from the load generator's, plus a small JSON client for its calls.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import {
  callServer,
  type ServerProcess,
  startServer as startServerProcess,
} from '../apps/server/src/test/server-process.ts';

export { percentile } from '../apps/server/src/test/percentile.ts';
export { REPO_ROOT, type ServerProcess, stopServer } from '../apps/server/src/test/server-process.ts';

/** Waits `ms` (the benchmarks' one copy; check-test-helpers refuses another). */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The server with the benchmarks' settings; BENCH_SERVER_NODE_ARGS adds node flags to the server
 * only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. Its log lines go to stderr.
 */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return startServerProcess(env, { echo: true, nodeArgs });
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
  const reply = await callServer<T>(origin, method, url, {
    body,
    ...(token ? { token } : {}),
    timeoutMs: 600_000,
  });
  if (reply.status >= 400 || !reply.success)
    throw new Error(`${method} ${url}: HTTP ${reply.status} ${reply.message}`);
  return reply.data as T;
}
