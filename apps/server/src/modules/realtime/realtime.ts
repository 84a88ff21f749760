import type { Server as HttpServer } from 'node:http';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  languageOfAcceptLanguage,
} from '@platform/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import type { RequestAuth } from '../../core/caller.ts';
import type { RedisLink } from '../../core/redis.ts';
import { t } from '../../i18n/i18n.ts';

/**
 * The one emitter later modules use: to one user (all their tabs), to every admin, or to drop the
 * sockets of revoked sessions. With REDIS_URL the Redis adapter makes it reach every instance; while
 * Redis is down an emit reaches the sockets of its own instance only (the adapter delivers locally
 * first and the failed publish is dropped, core/redis.ts), and from its return on every instance again.
 */
export interface Realtime {
  /**
   * To one user's sockets. A payload made by `perLanguage` is rendered once per language, each
   * socket receiving the one of its language (the account's choice, else its handshake's).
   */
  toUser(userId: number, event: string, payload: unknown): void;
  /**
   * To every admin; `exceptUsers` leaves out those accounts' sockets (e.g. a "needs your approval"
   * notice skips the admin who proposed the thing, on every instance and in every tab). A payload
   * made by `perLanguage` is rendered once per language, each admin receiving their own.
   */
  toAdmins(event: string, payload: unknown, opts?: { exceptUsers?: readonly number[] }): void;
  /**
   * A user chose a language (PUT /api/me/language, /api/admin/me/language): their sockets, on every
   * instance, hear what is said per language in it from now on.
   */
  languageChosen(user: { id: number; role: string }, language: Language): void;
  disconnectSessions(sessionIds: string[]): void;
  /**
   * To every socket in a room. `skipSlow` leaves out the sockets that are behind (see
   * SLOW_CONSUMER_QUEUE): for updates that the next one replaces, so a slow client skips some
   * instead of building a backlog on the server.
   */
  toRoom(room: string, event: string, payload: unknown, opts?: { skipSlow?: boolean }): void;
  /** Handles a client-sent event on every authenticated socket; `ack` answers the client's callback. */
  onClientEvent(event: string, handler: ClientEventHandler): void;
  onDisconnect(handler: (socket: SocketHandle) => void): void;
  /** This instance's authenticated sockets, and those of them behind (slow consumers): for the metrics. */
  sockets(): { connected: number; slow: number };
  close(): Promise<void>;
}

/** What a feature may do with one connected socket. */
export interface SocketHandle {
  id: string;
  userId: number;
  isAdmin: boolean;
  /** The language it hears (the account's, else the handshake's; languageChosen changes it). */
  language(): Language;
  join(room: string): void;
  leave(room: string): void;
  rooms(): ReadonlySet<string>;
  emit(event: string, payload: unknown): void;
}
export type ClientEventHandler = (
  socket: SocketHandle,
  payload: unknown,
  ack: (reply: unknown) => void,
) => void;

export const rooms = {
  user: (id: number) => `user:${id}`,
  session: (id: string) => `session:${id}`,
  admins: 'admins',
  /** The admins of one language: a per-language payload's rendering in it goes there. */
  adminsIn: (language: Language) => `admins:${language}`,
  /** Every socket of one language (the admins' too). */
  language: (language: Language) => `language:${language}`,
  /** Every signed-in socket: broadcasts such as an announcement's notification. */
  everyone: 'everyone',
  /** Sockets with a backlog: replaceable updates skip them until it drains. */
  slow: 'slow-consumers',
};

/**
 * A socket is slow while more than this is waiting for it: packets in engine.io's queue, or bytes
 * handed to the websocket but not yet taken by the network. socket.io's own `volatile` flag is no
 * use here: it drops every emit but the first while a write is in flight, so a burst of updates
 * for different symbols would reach nobody.
 */
export const SLOW_CONSUMER_QUEUE = 64;
export const SLOW_CONSUMER_BYTES = 512 * 1024;
const SLOW_CHECK_MS = 250;

/**
 * A payload said in each reader's language (issue 38, docs/i18n.md): `toAdmins` renders it once per
 * language and sends each rendering to the admins of that language.
 */
export interface PerLanguage {
  readonly perLanguage: (language: Language) => unknown;
}
export const perLanguage = (render: (language: Language) => unknown): PerLanguage => ({
  perLanguage: render,
});
const isPerLanguage = (payload: unknown): payload is PerLanguage =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as PerLanguage).perLanguage === 'function';

/** What a reader of `language` receives of `payload` (a fake realtime's view of a push). */
export const payloadIn = (payload: unknown, language: Language): unknown =>
  isPerLanguage(payload) ? payload.perLanguage(language) : payload;

/**
 * The language a socket hears, as a request's (i18n.ts, requestLanguage): the account's own choice;
 * else the one the client shows, sent in the handshake (`auth.language`); else its Accept-Language;
 * else zh-CN.
 */
export function socketLanguage(
  account: Language | null,
  handshake: { auth?: Record<string, unknown>; headers: Record<string, string | string[] | undefined> },
): Language {
  if (account) return account;
  const shown = handshake.auth?.language;
  if (isLanguage(shown)) return shown;
  const header = handshake.headers['accept-language'];
  return languageOfAcceptLanguage(typeof header === 'string' ? header : undefined);
}

/** The rooms of a socket of `language`: every socket's language room, an admin's admins room of it. */
const languageRooms = (language: Language, isAdmin: boolean) =>
  isAdmin ? [rooms.language(language), rooms.adminsIn(language)] : [rooms.language(language)];

export function createRealtime(opts: {
  httpServer: HttpServer;
  authenticate: (token: string | undefined) => Promise<RequestAuth>;
  /** The app's Redis connections (their owner closes them); without it, one instance only. */
  redis?: Pick<RedisLink, 'publisher' | 'subscriber'>;
  log: FastifyBaseLogger;
}): Realtime {
  const io = new Server(opts.httpServer, { path: '/socket.io/', serveClient: false });
  if (opts.redis) io.adapter(createAdapter(opts.redis.publisher, opts.redis.subscriber));
  oneBufferFrames(io.of('/').adapter);

  // The handshake carries the bearer token; a socket without a live session never connects.
  io.use((socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    opts
      .authenticate(token)
      .then(({ sessionId, user }) => {
        socket.data.userId = user.id;
        socket.data.sessionId = sessionId;
        socket.data.isAdmin = user.role === 'admin';
        socket.data.language = socketLanguage(user.language, socket.handshake);
        next();
      })
      .catch((err: Error) => next(new Error(err.message)));
  });

  const clientHandlers = new Map<string, ClientEventHandler>();
  const disconnectHandlers: ((socket: SocketHandle) => void)[] = [];

  io.on('connection', (socket) => {
    const userId = socket.data.userId as number;
    const handle: SocketHandle = {
      id: socket.id,
      userId,
      isAdmin: Boolean(socket.data.isAdmin),
      language: () => LANGUAGES.find((l) => socket.rooms.has(rooms.language(l))) ?? DEFAULT_LANGUAGE,
      join: (room) => void socket.join(room),
      leave: (room) => void socket.leave(room),
      rooms: () => socket.rooms,
      emit: (event, payload) => void socket.emit(event, payload),
    };
    for (const [event, handler] of clientHandlers) {
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const reply = typeof ack === 'function' ? (ack as (r: unknown) => void) : () => {};
        try {
          handler(handle, payload, reply);
        } catch (err) {
          opts.log.warn({ err, event }, 'socket event handler failed');
          reply({ success: false, message: t(handle.language(), 'http.internal') });
        }
      });
    }
    socket.on('disconnect', () => {
      for (const handler of disconnectHandlers) handler(handle);
    });
    void socket.join([rooms.user(userId), rooms.session(socket.data.sessionId as string), rooms.everyone]);
    if (socket.data.isAdmin) void socket.join(rooms.admins);
    void socket.join(languageRooms(socket.data.language as Language, Boolean(socket.data.isAdmin)));

    // The client announces which user it believes it is; answered only when that is the token's user.
    socket.on('authenticate', (payload: { userId?: unknown } | undefined) => {
      if (String(payload?.userId) === String(userId)) {
        socket.emit('authenticated', { userId, isAdmin: Boolean(socket.data.isAdmin) });
      } else {
        socket.emit('authentication_error', { message: t(handle.language(), 'socket.identityMismatch') });
      }
    });
  });

  // Each instance sorts its own sockets in or out of the slow room; the adapter carries `except` across instances.
  const slowCheck = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) {
      const { queued, bytes } = backlogOf(socket.conn);
      const slow = socket.rooms.has(rooms.slow);
      if (!slow && (queued > SLOW_CONSUMER_QUEUE || bytes > SLOW_CONSUMER_BYTES))
        void socket.join(rooms.slow);
      else if (slow && queued === 0 && bytes < SLOW_CONSUMER_BYTES / 4) void socket.leave(rooms.slow);
    }
  }, SLOW_CHECK_MS);
  slowCheck.unref();

  return {
    toUser: (userId, event, payload) => {
      if (!isPerLanguage(payload)) {
        io.to(rooms.user(userId)).emit(event, payload);
        return;
      }
      // Rendered in every language, though the user's sockets may hear only one: which languages
      // they hear is known only across the instances (fetchSockets, a Redis round trip per push),
      // which costs more than a second rendering of a short text; an empty room emits nothing.
      for (const language of LANGUAGES) {
        const others = LANGUAGES.filter((l) => l !== language).map(rooms.language);
        io.to(rooms.user(userId)).except(others).emit(event, payload.perLanguage(language));
      }
    },
    toAdmins: (event, payload, emitOpts) => {
      const except = (emitOpts?.exceptUsers ?? []).map(rooms.user);
      const to = (room: string) => (except.length ? io.to(room).except(except) : io.to(room));
      if (!isPerLanguage(payload)) {
        to(rooms.admins).emit(event, payload);
        return;
      }
      for (const language of LANGUAGES)
        to(rooms.adminsIn(language)).emit(event, payload.perLanguage(language));
    },
    languageChosen: (user, language) => {
      const others = LANGUAGES.filter((l) => l !== language).flatMap((l) => languageRooms(l, true));
      const joined = languageRooms(language, user.role === 'admin');
      // As disconnectSessions: this instance's sockets at once, the others' through the adapter.
      for (const target of [io.local.in(rooms.user(user.id)), io.in(rooms.user(user.id))]) {
        target.socketsLeave(others);
        target.socketsJoin(joined);
      }
    },
    disconnectSessions: (sessionIds) => {
      for (const id of sessionIds) {
        // The Redis adapter disconnects even its own sockets only when its request comes back
        // through Redis: this instance's go at once, whether Redis is there or not.
        io.local.in(rooms.session(id)).disconnectSockets(true);
        io.in(rooms.session(id)).disconnectSockets(true);
      }
    },
    toRoom: (room, event, payload, emitOpts) => {
      const target = emitOpts?.skipSlow ? io.to(room).except(rooms.slow) : io.to(room);
      target.emit(event, payload);
    },
    onClientEvent: (event, handler) => {
      clientHandlers.set(event, handler);
    },
    onDisconnect: (handler) => {
      disconnectHandlers.push(handler);
    },
    sockets: () => ({
      connected: io.of('/').sockets.size,
      slow: io.of('/').adapter.rooms.get(rooms.slow)?.size ?? 0,
    }),
    async close() {
      clearInterval(slowCheck);
      await io.close();
    },
  };
}

/** A Realtime that delivers nothing: for scripts that run services without a socket server. */
export const silentRealtime: Realtime = {
  toUser() {},
  toAdmins() {},
  languageChosen() {},
  disconnectSessions() {},
  toRoom() {},
  onClientEvent() {},
  onDisconnect() {},
  sockets: () => ({ connected: 0, slow: 0 }),
  async close() {},
};

/**
 * A broadcast is encoded once for all the sockets it reaches, and for websockets framed once too
 * (socket.io-adapter's `_encode` sets `wsPreEncodedFrame`, which engine.io hands to ws). ws frames a
 * short message as two buffers, header and payload, and writes them with cork and uncork: one
 * `writev` of two buffers per socket, the fan-out's largest cost (issue 19). Joined into one buffer
 * here, once per broadcast, each socket's share is a plain `write`. Wraps the adapter instance's
 * `_encode` (the base class's broadcast calls it, with or without the Redis adapter); if a version
 * has no such method, nothing changes.
 */
export function oneBufferFrames(adapter: unknown) {
  const target = adapter as { _encode?: (packet: unknown, packetOpts: PacketOpts) => unknown };
  const encode = target._encode;
  if (typeof encode !== 'function') return;
  target._encode = function (this: unknown, packet, packetOpts) {
    const encoded = encode.call(this, packet, packetOpts);
    const frame = packetOpts.wsPreEncodedFrame;
    if (Array.isArray(frame) && frame.length === 2) packetOpts.wsPreEncodedFrame = [Buffer.concat(frame)];
    return encoded;
  };
}
interface PacketOpts {
  wsPreEncodedFrame?: Buffer[];
}

/**
 * What waits for one connection: engine.io's packet queue (typed private, stable since 3.x) and,
 * on the websocket transport, the bytes the ws socket has not yet written out.
 */
function backlogOf(conn: unknown): { queued: number; bytes: number } {
  const c = conn as { writeBuffer?: unknown[]; transport?: { socket?: { bufferedAmount?: number } } };
  return { queued: c.writeBuffer?.length ?? 0, bytes: c.transport?.socket?.bufferedAmount ?? 0 };
}
