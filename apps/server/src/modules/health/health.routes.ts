import { APP_VERSION, errorEnvelope, getHealth } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { ok, type Router, route } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';

export function registerHealthRoutes(
  app: Router,
  deps: { db: Db; engine: 'pglite' | 'postgres'; redis: () => 'up' | 'down' | 'off' },
) {
  route(app, getHealth, {
    tags: ['health'],
    moreReplies: { 503: errorEnvelope },
    handler: async (request, reply) => {
      // A health check that does not touch the database would report a dead database as healthy.
      try {
        await deps.db.execute(sql`select 1`);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ success: false, message: '数据库不可用' });
      }
      // Redis down is no reason to take the instance out of a load balancer: it serves without it.
      return ok(
        { status: 'ok' as const, database: deps.engine, version: APP_VERSION, redis: deps.redis() },
        'ok',
      );
    },
  });
}
