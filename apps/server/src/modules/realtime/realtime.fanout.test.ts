import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtime, type Realtime } from './realtime.ts';

/**
 * A room broadcast reaches each websocket with one plain write of one buffer (the frame socket.io
 * encoded once for all), not a corked writev of header and payload per socket (issue 19).
 */

const httpServer = createServer();
let realtime: Realtime;
const clients: Socket[] = [];

beforeAll(async () => {
  realtime = createRealtime({
    httpServer,
    authenticate: async (token) => ({
      sessionId: `s-${token}`,
      user: { id: Number(token), role: 'user' } as never,
    }),
    log: pino({ level: 'silent' }),
  });
  realtime.onClientEvent('join', (socket, _payload, ack) => {
    socket.join('room');
    ack(true);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  for (let i = 1; i <= 3; i++) {
    const client = connect(origin, {
      auth: { token: String(i) },
      transports: ['websocket'],
      reconnection: false,
    });
    clients.push(client);
    await client.timeout(5000).emitWithAck('join', null);
  }
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await realtime.close();
  httpServer.close();
});

describe('room broadcast', () => {
  it('one write of one buffer per socket, every socket gets the payload', async () => {
    const received = clients.map(
      (c) =>
        new Promise<unknown>((resolve) => c.once('market:ticker', (payload: unknown) => resolve(payload))),
    );
    const proto = net.Socket.prototype as unknown as {
      _writev: (...args: unknown[]) => unknown;
      _write: (...args: unknown[]) => unknown;
    };
    const { _writev, _write } = proto;
    let writevs = 0;
    let writes = 0;
    proto._writev = function (this: unknown, ...args: unknown[]) {
      writevs++;
      return _writev.apply(this, args);
    };
    proto._write = function (this: unknown, ...args: unknown[]) {
      writes++;
      return _write.apply(this, args);
    };
    try {
      realtime.toRoom('room', 'market:ticker', { symbol: 'BTCUSDT', last: '1' }, { skipSlow: true });
    } finally {
      proto._writev = _writev;
      proto._write = _write;
    }
    expect(await Promise.all(received)).toEqual(clients.map(() => ({ symbol: 'BTCUSDT', last: '1' })));
    expect({ writevs, writes }).toEqual({ writevs: 0, writes: 3 });
  });
});
