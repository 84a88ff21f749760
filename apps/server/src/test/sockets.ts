import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';

/**
 * Real socket.io clients of a test app (which then listens on a free port): `open` connects as a
 * token's user, `close` disconnects every socket it opened. `app` is read on the first `open`, so
 * a describe block can set this up before its beforeAll built the app.
 */
export function testSockets(appOf: () => FastifyInstance) {
  const sockets: Socket[] = [];
  let origin: string | undefined;
  return {
    /** `language`: what the handshake says (the web sends the device's language), as a browser would. */
    async open(token: string, language?: string): Promise<Socket> {
      if (!origin) {
        const app = appOf();
        if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
        origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      }
      const socket = connect(origin, {
        auth: language ? { token, language } : { token },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    },
    close() {
      for (const socket of sockets.splice(0)) socket.disconnect();
    },
  };
}

/** The next `event` on `socket`, or a rejection after `ms`. */
export function nextEvent<T>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Every `event` the socket receives from now on, in order. */
export function collectEvents<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}
