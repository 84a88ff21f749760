import { afterEach, describe, expect, it, vi } from 'vitest';
import { sleep } from '../test/fixtures.ts';
import { OwnRedis, waitFor } from '../test/redis-server.ts';
import { createRedisLink, type RedisLink } from './redis.ts';

/** The link's connections against a redis-server of the test's own, which it kills and restarts. */

type Line = { level: 'info' | 'warn'; msg: string; obj: Record<string, unknown> };
function recordingLog() {
  const lines: Line[] = [];
  return {
    lines,
    log: {
      info: (obj: Record<string, unknown>, msg: string) => lines.push({ level: 'info', msg, obj }),
      warn: (obj: Record<string, unknown>, msg: string) => lines.push({ level: 'warn', msg, obj }),
    },
  };
}

describe('redis link', () => {
  let redis: OwnRedis | undefined;
  let link: RedisLink | undefined;
  afterEach(async () => {
    await link?.close();
    await redis?.kill();
    vi.restoreAllMocks();
  });

  it('logs one line when Redis goes and one when it is back, prints nothing else, and fails commands at once meanwhile', async () => {
    redis = await OwnRedis.start();
    const { lines, log } = recordingLog();
    link = createRedisLink(redis.url, log);
    await waitFor(() => link!.state() === 'up', 5000);
    expect(lines.map((l) => l.msg)).toEqual(['redis connected']);
    const printed = vi.spyOn(console, 'error');
    const warned = vi.spyOn(console, 'warn');

    await redis.kill();
    await waitFor(() => link!.state() === 'down', 5000);
    // Reconnection attempts run every second at most: let a few fail.
    await sleep(2500);
    const started = Date.now();
    await expect(link.commands.get('k')).rejects.toThrow();
    await expect(link.publisher.publish('c', 'm')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(100);
    expect(link.commandsReady()).toBe(false);

    await redis.start();
    await waitFor(() => link!.state() === 'up', 5000);
    expect(await link.commands.set('k', 'v')).toBe('OK');
    expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual([
      'info redis connected',
      'warn redis down: serving without it',
      'warn redis back',
    ]);
    expect(lines[2]?.obj.downMs).toBeGreaterThan(2000);
    expect(printed).not.toHaveBeenCalled();
    expect(warned).not.toHaveBeenCalled();
  });

  it('starts while Redis is down, says so once, and subscribes when it comes', async () => {
    redis = await OwnRedis.start();
    await redis.kill();
    const { lines, log } = recordingLog();
    link = createRedisLink(redis.url, log);
    const received: string[] = [];
    link.subscriber.on('message', (_channel: string, message: string) => received.push(message));
    // As the socket.io adapter does: subscribe at once, never awaited.
    void link.subscriber.subscribe('news');
    await sleep(1500);
    expect(link.state()).toBe('down');
    expect(lines.map((l) => l.msg)).toEqual(['redis down: serving without it']);

    await redis.start();
    await waitFor(() => link!.state() === 'up', 5000);
    await waitFor(async () => {
      await link!.publisher.publish('news', 'hello');
      return received.includes('hello');
    }, 5000);
    expect(lines.map((l) => l.msg)).toEqual(['redis down: serving without it', 'redis back']);
  });

  it('counts a Redis that hangs as down, so that callers stop waiting for it, and up once it answers', async () => {
    redis = await OwnRedis.start();
    const { lines, log } = recordingLog();
    link = createRedisLink(redis.url, log);
    await waitFor(() => link!.state() === 'up', 5000);
    redis.pause();
    try {
      await waitFor(() => link!.state() === 'down', 5000);
      expect(link.commandsReady()).toBe(false);
    } finally {
      redis.resume();
    }
    await waitFor(() => link!.state() === 'up', 5000);
    expect(link.commandsReady()).toBe(true);
    expect(lines.map((l) => l.msg)).toEqual([
      'redis connected',
      'redis down: serving without it',
      'redis back',
    ]);
  });

  it('closes at once while Redis is down, its queued subscriptions dropped quietly', async () => {
    redis = await OwnRedis.start();
    await redis.kill();
    link = createRedisLink(redis.url, recordingLog().log);
    void link.subscriber.subscribe('news');
    void link.subscriber.punsubscribe('old*');
    await sleep(300);
    const started = Date.now();
    await link.close();
    link = undefined;
    expect(Date.now() - started).toBeLessThan(200);
  });

  it('subscribes again after Redis restarts', async () => {
    redis = await OwnRedis.start();
    link = createRedisLink(redis.url, recordingLog().log);
    const received: string[] = [];
    link.subscriber.on('message', (_channel: string, message: string) => received.push(message));
    void link.subscriber.subscribe('news');
    await waitFor(() => link!.state() === 'up', 5000);
    await redis.kill();
    await waitFor(() => link!.state() === 'down', 5000);
    await redis.start();
    await waitFor(async () => {
      if (link!.state() === 'up') await link!.publisher.publish('news', 'again');
      return received.includes('again');
    }, 5000);
  });
});
