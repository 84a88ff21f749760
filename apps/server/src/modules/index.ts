import type { AppContext } from '../core/context.ts';
import type { Router } from '../core/http.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createGuards } from './auth/guard.ts';
import { registerHealthRoutes } from './health/health.routes.ts';

/**
 * Wires each feature's service to its narrow dependencies and lets it register its own routes.
 * A new feature adds its lines here; no feature edits another's routes.
 */
export async function registerModules(app: Router, ctx: AppContext) {
  const auth = createAuthService({
    db: ctx.database.db,
    sessionTtlHours: ctx.config.SESSION_TTL_HOURS,
    onSessionsRevoked: (ids) => ctx.realtime.disconnectSessions(ids),
  });
  const guards = createGuards(auth);

  registerHealthRoutes(app, { db: ctx.database.db, engine: ctx.database.engine });
  registerAuthRoutes(app, { auth, guards, config: ctx.config });

  return { auth, guards };
}
