import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { installChineseValidationMessages, validationMessageIn } from '@platform/contracts';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { createActivity } from './core/activity.ts';
import { type Config, trustProxyOption } from './core/config.ts';
import type { AppContext } from './core/context.ts';
import { AppError } from './core/errors.ts';
import { router, translateSuccessMessages } from './core/http.ts';
import { openApiOptions } from './core/openapi.ts';
import { redisWithMemoryFallback } from './core/rate-limit-store.ts';
import { createRedisLink } from './core/redis.ts';
import { refuseNullBytes } from './core/request-hygiene.ts';
import { REQUEST_ID_HEADER, requestIdGenerator, returnRequestIds } from './core/request-id.ts';
import type { Database } from './db/client.ts';
import { createDbClock } from './db/db-clock.ts';
import { isDatabaseUnavailable, isUnstorableCharacter, loggableError } from './db/errors.ts';
import { type MessageKey, msg, render, requestLanguage, t } from './i18n/i18n.ts';
import { registerModules } from './modules/index.ts';
import { registerMetrics } from './modules/metrics/metrics.module.ts';
import { readScrapeCounts } from './modules/metrics/metrics.repository.ts';
import { createMetrics } from './modules/metrics/metrics.ts';
import { createRealtime, type Realtime } from './modules/realtime/realtime.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The wired context, for the process entry point and for tests. */
    platform: AppContext;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** The instance's own clock (tests give one a wrong clock); Date.now otherwise. */
  localNow?: () => number;
}

export async function buildApp({ config, database, localNow }: BuildAppOptions): Promise<FastifyInstance> {
  // Before any route is built: every contract's messages are Chinese (zod's own texts are English).
  installChineseValidationMessages();
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization'],
      // Every logged error, the jobs' too: a failed query without the users' data it carried.
      serializers: { err: loggableError },
    },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Logged as reqId, returned in X-Request-Id and in every 5xx body (core/request-id.ts).
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    // Fastify's 10 s default was outlasted by plugin start-up on a loaded 2-core machine; a slow
    // start is better than a server that refuses to start.
    pluginTimeout: 60_000,
    // A path the router refuses before any route runs (a parameter over 100 characters, a broken
    // percent-encoding) is a 400 in the envelope like every other bad input, not Fastify's own
    // 414 or 400 in English.
    frameworkErrors: (_error, request, reply) => {
      // The router's reply type knows no route's schema; the envelope is the one every route sends.
      // No hook runs for it: the id's header is set here.
      void (reply as FastifyReply)
        .status(400)
        .header(REQUEST_ID_HEADER, request.id)
        .send({ success: false, message: t(requestLanguage(request), 'http.pathInvalid') });
    },
    // Fastify's own 503 for a request that comes while the app closes is an English body: the
    // onRequest hook below answers it in the envelope.
    return503OnClosing: false,
  });
  returnRequestIds(app);
  // A request that reaches the instance once its close has begun (on a keep-alive connection, as
  // a client's next call): 503 in the envelope, and the connection closed, so the client's retry
  // goes to another instance.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    return reply
      .status(503)
      .header('Connection', 'close')
      .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ success: false, message: t(requestLanguage(request), 'http.shuttingDown') });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.setErrorHandler(errorHandler);
  translateSuccessMessages(app);
  refuseNullBytes(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // antd writes its styles at run time; the Swagger UI needs inline styles too.
        'style-src': ["'self'", "'unsafe-inline'"],
        // https: for carousel slides that an admin points at an image host (home content).
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        // The platform may be served over plain HTTP on a LAN address: do not rewrite its requests to https.
        'upgrade-insecure-requests': null,
      },
    },
  });

  // Redis is a helper: while it is down every instance serves on its own (core/redis.ts).
  const redis = config.REDIS_URL ? createRedisLink(config.REDIS_URL, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? {
          store: redisWithMemoryFallback({
            redis: redis.commands,
            ready: redis.commandsReady,
            nameSpace: 'platform-rl:',
          }),
        }
      : {}),
    errorResponseBuilder: () => new AppError(429, msg('http.tooManyRequests')),
  });

  if (config.API_DOCS) {
    await app.register(swagger, openApiOptions());
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }

  // The socket server shares the HTTP server; authentication is bound below, once auth exists.
  let authenticateSocket: Parameters<typeof createRealtime>[0]['authenticate'] = async () => {
    throw new Error('not ready');
  };
  const realtime: Realtime = createRealtime({
    httpServer: app.server,
    authenticate: (token) => authenticateSocket(token),
    redis,
    log: app.log,
  });
  app.addHook('preClose', async () => realtime.close());

  // Requests in flight, named for the shutdown log; the label is the route, never the query string.
  const activity = createActivity();
  app.addHook('onRequest', async (request, reply) => {
    const end = activity.begin(`${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`);
    // The response's close: sent, or its connection gone (the request's own close comes earlier).
    reply.raw.once('close', end);
  });

  const clock = createDbClock({
    db: database.db,
    maxSkewMs: config.MAX_CLOCK_SKEW_MS,
    localNow,
    onProblemChange: (problem) =>
      problem
        ? app.log.error({ problem: render('en', problem) }, 'clock skewed against the database')
        : app.log.info('clock agrees with the database again'),
  });
  // Before any job starts: a wrong clock is known before it could record or settle anything.
  await clock.measure().catch((err) => app.log.warn({ err }, 'clock not measured at start'));
  clock.start();
  app.addHook('onClose', async () => clock.stop());
  // Before the routes: its hooks time every request (docs/operations.md, "Metrics").
  const metrics = createMetrics();
  registerMetrics(app, metrics, config);
  const ctx: AppContext = { config, database, log: app.log, realtime, activity, redis, clock, metrics };
  const { auth } = await registerModules(router(app), ctx);
  metrics.readFrom({
    counts: () => readScrapeCounts(database.db),
    leases: () => activity.leases(),
    stepSuccesses: () => activity.stepSuccesses(),
    pool: database.pool,
    statementTimeouts: database.statementTimeouts,
    redis: () => redis?.state() ?? 'off',
    sockets: () => realtime.sockets(),
  });
  // An admin still to enrol in 2FA gets no socket (it would carry admin notifications).
  authenticateSocket = (token) => auth.authenticateEnrolled(token);
  app.decorate('platform', ctx);

  registerWebApp(app, config.webDistDir);
  return app;
}

/** Fastify's own body-parser errors, in the request's language (their messages are English). */
const PARSER_MESSAGES: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'http.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'http.emptyJson',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'http.contentLength',
};

export const DATABASE_UNAVAILABLE_MESSAGE = t('zh-CN', 'http.unavailable');
/** A database restart or a released lock takes seconds: the client is told to wait that long. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Every error in the envelope, in the request's language (docs/i18n.md): a catalogue message by its
 * key, a plain text the contracts' catalogue knows in its English, zod's issues through
 * validationMessageIn.
 */
function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = requestLanguage(request);
  if (error instanceof AppError) {
    const message = error.messageIn(language);
    return reply.status(error.statusCode).send({
      success: false,
      message,
      data: error.data,
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, ''),
      message: validationMessageIn(language, { ...v.params, code: v.keyword, message: v.message ?? '' }),
    }));
    const fields = errors.map(({ field, message }) =>
      field ? `${field.replaceAll('/', '.')}: ${message}` : message,
    );
    return reply.status(400).send({
      success: false,
      message: t(language, 'http.validation', { fields: fields.join(t(language, 'http.fieldSeparator')) }),
      data: { errors },
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const parser = PARSER_MESSAGES[error.code];
    const message =
      status === 413
        ? t(language, 'http.tooLarge')
        : status === 415
          ? t(language, 'http.unsupportedType')
          : parser
            ? render(language, { key: parser })
            : /[\u4e00-\u9fff]/.test(error.message) && language === 'zh-CN'
              ? error.message
              : t(language, 'http.badFormat');
    return reply.status(status).send({ success: false, message });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .status(503)
      .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ success: false, message: t(language, 'http.unavailable') });
  }
  if (isUnstorableCharacter(error)) {
    return reply.status(400).send({ success: false, message: t(language, 'http.unstorable') });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ success: false, message: t(language, 'http.internal') });
}

/** Serves the built web app; unknown /api paths stay JSON, every other GET falls back to the SPA. */
function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    app.register(fastifyStatic, {
      root: distDir,
      // One catch-all route instead of a route per file: the build holds hundreds of files (three
      // with their .br and .gz), and globbing them at start-up outlasted Fastify's plugin timeout on
      // a loaded machine. A path that is no file falls through to the not-found handler (SPA).
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each file; browsers that accept them get those.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite names every asset by its content hash: a new build gets new names, so they never go stale.
        if (filePath.startsWith(path.join(distDir, 'assets'))) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/socket.io');
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({
      success: false,
      message: t(requestLanguage(request), 'http.noSuchRoute', {
        method: request.method,
        path: request.url.split('?')[0] ?? '',
      }),
    });
  });
}
