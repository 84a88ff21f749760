import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installProcessGuard, isDatabaseConnectionError, isRedisError } from './process-guard.ts';

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: Record<string, unknown>, msg: string) => lines.push({ level, msg });
  return { lines, log: { warn: at('warn'), error: at('error'), fatal: at('fatal') } };
}

/** An ioredis error as ioredis makes it (its class is not exported). */
function maxRetriesError() {
  const err = new Error('Reached the max retries per request limit (which is 1).');
  err.name = 'MaxRetriesPerRequestError';
  return err;
}

describe('process guard', () => {
  it('logs and counts unhandled rejections, Redis or not, and keeps the process', () => {
    const target = new EventEmitter();
    const exits: number[] = [];
    const { lines, log } = recordingLog();
    const guard = installProcessGuard({ log, target, exit: (code) => exits.push(code) });
    target.emit('unhandledRejection', maxRetriesError());
    target.emit('unhandledRejection', new TypeError('a bug'));
    target.emit('unhandledRejection', 'not even an error');
    expect(guard.counts()).toEqual({ unhandledRejections: 3, uncaughtExceptions: 0 });
    expect(lines).toEqual([
      { level: 'error', msg: 'unhandled rejection from redis (kept serving)' },
      { level: 'error', msg: 'unhandled rejection (kept serving)' },
      { level: 'error', msg: 'unhandled rejection (kept serving)' },
    ]);
    expect(exits).toEqual([]);
    guard.uninstall();
    expect(target.listenerCount('unhandledRejection')).toBe(0);
    expect(target.listenerCount('uncaughtException')).toBe(0);
  });

  it('keeps the process on an uncaught Redis error and exits with 1 on any other', () => {
    const target = new EventEmitter();
    const exits: number[] = [];
    const { lines, log } = recordingLog();
    const guard = installProcessGuard({ log, target, exit: (code) => exits.push(code) });
    target.emit('uncaughtException', maxRetriesError());
    expect(exits).toEqual([]);
    target.emit('uncaughtException', new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(exits).toEqual([1]);
    expect(guard.counts()).toEqual({ unhandledRejections: 0, uncaughtExceptions: 2 });
    expect(lines.map((l) => l.level)).toEqual(['warn', 'fatal']);
    guard.uninstall();
  });

  it('keeps the process on a lost database connection that nobody listened for (issue 31)', () => {
    const target = new EventEmitter();
    const exits: number[] = [];
    const { lines, log } = recordingLog();
    const guard = installProcessGuard({ log, target, exit: (code) => exits.push(code) });
    const terminated = new Error('Connection terminated unexpectedly');
    terminated.stack = `Error: Connection terminated unexpectedly\n    at Connection.<anonymous> (/app/node_modules/pg/lib/client.js:136:73)`;
    // PostgreSQL's own FATAL on pg_terminate_backend, as pg-protocol parses it.
    const fatal = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
    });
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
    for (const err of [terminated, fatal, reset]) target.emit('uncaughtException', err);
    expect(exits).toEqual([]);
    expect(lines.map((l) => l.msg)).toEqual(
      Array(3).fill('uncaught database connection error (kept serving)'),
    );
    target.emit('uncaughtException', new TypeError('a bug'));
    expect(exits).toEqual([1]);
    guard.uninstall();
  });

  it('knows database connection errors by code, message or origin', () => {
    expect(isDatabaseConnectionError(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseConnectionError(new Error('Query read timeout'))).toBe(true);
    const fromDriver = new Error('something odd');
    fromDriver.stack = `Error: something odd\n    at Parser.parse (/app/node_modules/pg-protocol/dist/parser.js:39:38)`;
    expect(isDatabaseConnectionError(fromDriver)).toBe(true);
    expect(isDatabaseConnectionError(new TypeError('a bug'))).toBe(false);
    expect(isDatabaseConnectionError('Connection terminated')).toBe(false);
  });

  it('knows Redis errors by name, message or origin', () => {
    expect(isRedisError(maxRetriesError())).toBe(true);
    const reply = new Error('ERR unknown command');
    reply.name = 'ReplyError';
    expect(isRedisError(reply)).toBe(true);
    expect(isRedisError(new Error('Connection is closed.'))).toBe(true);
    expect(isRedisError(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(
      true,
    );
    const fromClient = new Error('connect ECONNREFUSED 127.0.0.1:6379');
    fromClient.stack = `Error: connect ECONNREFUSED\n    at Socket.<anonymous> (/app/node_modules/ioredis/built/Redis.js:170:41)`;
    expect(isRedisError(fromClient)).toBe(true);
    expect(isRedisError(new TypeError('a bug'))).toBe(false);
    expect(isRedisError('Connection is closed.')).toBe(false);
  });
});

/**
 * In a real Node process, where an unhandled rejection would otherwise end it: a rejected ioredis
 * command nobody awaited is logged and the process goes on; a genuine bug still exits with 1.
 */
describe('process guard in a real process', () => {
  const serverDir = path.resolve(import.meta.dirname, '../..');
  function run(body: string): Promise<{ code: number | null; stdout: string }> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'process-guard-'));
    const script = path.join(dir, 'main.mts');
    fs.writeFileSync(
      script,
      `import { createRequire } from 'node:module';
import { installProcessGuard } from ${JSON.stringify(path.join(serverDir, 'src/core/process-guard.ts'))};
const require = createRequire(${JSON.stringify(path.join(serverDir, 'package.json'))});
const { Redis } = require('ioredis');
const guard = installProcessGuard();
${body}
`,
    );
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', script], {
        cwd: serverDir,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let stdout = '';
      child.stdout.on('data', (d) => {
        stdout += d;
      });
      child.once('error', reject);
      child.once('exit', (code) => {
        fs.rmSync(dir, { recursive: true, force: true });
        resolve({ code, stdout });
      });
    });
  }

  it('survives an unawaited ioredis rejection, and exits with 1 on a bug', async () => {
    const { code, stdout } = await run(`
// Port 1: nothing listens; without an offline queue the command rejects at once, and nobody awaits it.
const redis = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, retryStrategy: () => null });
redis.on('error', () => {});
redis.get('key');
setTimeout(() => {
  console.log(JSON.stringify({ alive: true, counts: guard.counts() }));
  setTimeout(() => { throw new TypeError('a genuine bug'); }, 10);
}, 200);
`);
    const lines = stdout.trim().split('\n');
    const logged = lines.map((l) => JSON.parse(l) as { msg?: string; level?: number; alive?: boolean });
    expect(logged.find((l) => l.alive)).toEqual({
      alive: true,
      counts: { unhandledRejections: 1, uncaughtExceptions: 0 },
    });
    expect(logged.find((l) => l.msg === 'unhandled rejection from redis (kept serving)')?.level).toBe(50);
    expect(logged.find((l) => l.msg === 'uncaught exception: exiting')?.level).toBe(60);
    expect(code).toBe(1);
  });
});
