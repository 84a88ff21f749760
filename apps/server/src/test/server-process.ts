/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`): for tests that
 * kill it, stop it or run two of them, and for benchmarks that measure its CPU apart from the load.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { TEST_AUDIT_CHAIN_KEY } from './audit-key.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  /** Every line the server wrote to stdout and stderr so far (JSON log lines among them). */
  output: string[];
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Starts the server with production settings, the sim market and generous rate limits; `env` adds
 * or overrides (DATA_DIR or DATABASE_URL, ADMIN_EMAIL, ...). Resolves once it listens. `echo`
 * copies the server's JSON log lines and stderr to this process's stderr (benchmarks).
 */
export async function startServer(
  env: Record<string, string>,
  opts: { echo?: boolean; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
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
        PRICE_SOURCES: 'sim',
        PAIR_SYNC_PROVIDER: 'sim',
        // Production with DATABASE_URL refuses to start without one (issue 32); every instance shares it.
        AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 120 s')), 120_000);
    const collect = (stream: NodeJS.ReadableStream | null, isStderr: boolean) => {
      let buffered = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        buffered += chunk;
        let newline = buffered.indexOf('\n');
        while (newline >= 0) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          output.push(line);
          const banner = /running at http:\/\/localhost:(\d+)/.exec(line);
          if (banner) {
            clearTimeout(timer);
            resolve(`http://127.0.0.1:${banner[1]}`);
          } else if (opts.echo && (isStderr || line.startsWith('{'))) {
            process.stderr.write(`[server] ${line}\n`);
          }
          newline = buffered.indexOf('\n');
        }
      });
    };
    collect(child.stdout, false);
    collect(child.stderr, true);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening:\n${output.slice(-20).join('\n')}`));
    });
  });
  return { child, origin, output, exited };
}

/** SIGTERM (the server's graceful shutdown), SIGKILL after 30 s; resolves with the exit code. */
export async function stopServer(server: ServerProcess): Promise<number | string> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 30_000);
  const code = await server.exited;
  clearTimeout(timer);
  return code;
}

/** The server's JSON log lines that parse, for assertions on what it logged. */
export function logRecords(server: ServerProcess): Record<string, unknown>[] {
  return server.output.flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

export interface ProcessReply<T> {
  status: number;
  success: boolean;
  message: string;
  data?: T;
}

/** One JSON call to a server process, with its HTTP status and envelope (a refusal is not thrown). */
export async function callServer<T>(
  origin: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<ProcessReply<T>> {
  const { token, body } = opts;
  const res = await fetch(origin + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const json = (await res.json()) as Omit<ProcessReply<T>, 'status'>;
  return { status: res.status, ...json };
}
