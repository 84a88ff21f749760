import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { RequestAuth } from '../auth/guard.ts';

/**
 * The one emitter later modules use: to one user (all their tabs), to every admin, or to drop the
 * sockets of revoked sessions. With REDIS_URL the Redis adapter makes it reach every instance.
 */
export interface Realtime {
  toUser(userId: number, event: string, payload: unknown): void;
  toAdmins(event: string, payload: unknown): void;
  disconnectSessions(sessionIds: string[]): void;
  close(): Promise<void>;
}

export const rooms = {
  user: (id: number) => `user:${id}`,
  session: (id: string) => `session:${id}`,
  admins: 'admins',
};

export function createRealtime(opts: {
  httpServer: HttpServer;
  authenticate: (token: string | undefined) => Promise<RequestAuth>;
  redisUrl?: string;
  log: FastifyBaseLogger;
}): Realtime {
  const io = new Server(opts.httpServer, { path: '/socket.io/', serveClient: false });
  let redis: Redis[] = [];
  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    for (const client of [pub, sub])
      client.on('error', (err) => opts.log.warn({ err }, 'redis adapter error'));
    io.adapter(createAdapter(pub, sub));
    redis = [pub, sub];
  }

  // The handshake carries the bearer token; a socket without a live session never connects.
  io.use((socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    opts
      .authenticate(token)
      .then(({ sessionId, user }) => {
        socket.data.userId = user.id;
        socket.data.sessionId = sessionId;
        socket.data.isAdmin = user.role === 'admin';
        next();
      })
      .catch((err: Error) => next(new Error(err.message)));
  });

  io.on('connection', (socket) => {
    const userId = socket.data.userId as number;
    void socket.join([rooms.user(userId), rooms.session(socket.data.sessionId as string)]);
    if (socket.data.isAdmin) void socket.join(rooms.admins);

    // The client announces which user it believes it is; answered only when that is the token's user.
    socket.on('authenticate', (payload: { userId?: unknown } | undefined) => {
      if (String(payload?.userId) === String(userId)) {
        socket.emit('authenticated', { userId, isAdmin: Boolean(socket.data.isAdmin) });
      } else {
        socket.emit('authentication_error', { message: '用户身份与 token 不匹配' });
      }
    });
  });

  return {
    toUser: (userId, event, payload) => {
      io.to(rooms.user(userId)).emit(event, payload);
    },
    toAdmins: (event, payload) => {
      io.to(rooms.admins).emit(event, payload);
    },
    disconnectSessions: (sessionIds) => {
      for (const id of sessionIds) io.in(rooms.session(id)).disconnectSockets(true);
    },
    async close() {
      await io.close();
      await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
    },
  };
}
