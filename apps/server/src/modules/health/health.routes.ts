import { APP_VERSION, getHealth, healthDownReply } from '@platform/contracts';
import { ok, type Router, route } from '../../core/http.ts';
import type { Database } from '../../db/client.ts';
import type { DbClock } from '../../db/db-clock.ts';
import { render, requestLanguage, tr } from '../../i18n/i18n.ts';

/** The health check answers within this, whatever the database does (a load balancer's probe waits). */
export const HEALTH_CHECK_WAIT_MS = 800;

export function registerHealthRoutes(
  app: Router,
  deps: {
    database: Pick<Database, 'engine' | 'check'>;
    redis: () => 'up' | 'down' | 'off';
    clock: Pick<DbClock, 'problem'>;
  },
) {
  route(app, getHealth, {
    tags: ['health'],
    moreReplies: { 503: healthDownReply },
    handler: async (request, reply) => {
      // A health check that does not touch the database would report a dead database as healthy.
      const shared = { database: deps.database.engine, version: APP_VERSION, redis: deps.redis() };
      const trouble = await deps.database.check(HEALTH_CHECK_WAIT_MS);
      if (trouble) {
        const reason = render(requestLanguage(request), trouble);
        request.log.error({ reason: render('en', trouble) }, 'health check: database unavailable');
        return reply.status(503).send({
          success: false,
          message: tr(request, 'userFacing.health.databaseDown', { reason }),
          data: { status: 'down' as const, ...shared, reason },
        });
      }
      // An instance whose clock is off records and settles nothing (db-clock.ts): out of the pool
      // until it is right, so an operator sees it rather than a cluster one instance short.
      const clockProblem = deps.clock.problem();
      if (clockProblem) {
        const reason = render(requestLanguage(request), clockProblem);
        request.log.error({ reason: render('en', clockProblem) }, 'health check: clock skewed');
        return reply.status(503).send({
          success: false,
          message: reason,
          data: { status: 'down' as const, ...shared, reason },
        });
      }
      // Redis down is no reason to take the instance out of a load balancer: it serves without it.
      return ok({ status: 'ok' as const, ...shared }, 'ok');
    },
  });
}
