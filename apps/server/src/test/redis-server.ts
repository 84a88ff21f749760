import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';

/**
 * A redis-server of a test's own (so that the test may kill it): on a free port, without
 * persistence, started again on the same port after a kill.
 */
export class OwnRedis {
  private proc: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    const proc = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.proc = proc;
    let exited = false;
    proc.once('exit', () => {
      exited = true;
    });
    await waitFor(async () => {
      if (exited) throw new Error(`redis-server on port ${this.port} exited at start`);
      return ping(this.port);
    }, 10_000);
  }

  /** SIGSTOP / SIGCONT: a Redis that hangs, its connections open and nothing answered. */
  pause() {
    this.proc?.kill('SIGSTOP');
  }
  resume() {
    this.proc?.kill('SIGCONT');
  }

  /** SIGKILL: Redis goes away as in a crash, without closing anything politely. */
  async kill() {
    const proc = this.proc;
    this.proc = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = once(proc, 'exit');
    proc.kill('SIGKILL');
    await exited;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** Polls `check` every `stepMs` until it holds; throws after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, stepMs = 50) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
