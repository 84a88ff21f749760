import { completeAdminActivation, startAdminActivation } from '@platform/contracts';
import type { Config } from '../../core/config.ts';
import { ok, type Router, route } from '../../core/http.ts';
import { tr } from '../../i18n/i18n.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { ActivationService } from './activation.ts';

/**
 * The activation link's page calls these without a session (issue 32): the token is the proof.
 * Limited per IP like logins; wrong 2FA codes count in the limiter shared with login.
 */
export function registerActivationRoutes(
  app: Router,
  deps: {
    activation: ActivationService;
    twofaAttempts: AttemptLimiter;
    config: Pick<Config, 'LOGIN_RATE_LIMIT_PER_MINUTE'>;
  },
) {
  const { activation } = deps;
  const tags = ['auth'];
  const config = { rateLimit: { max: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };

  route(app, startAdminActivation, {
    tags,
    config,
    handler: async (request) =>
      ok(await activation.start(request.body.token), tr(request, 'auth.activationStart')),
  });

  route(app, completeAdminActivation, {
    tags,
    config,
    handler: async (request) =>
      ok(
        await activation.complete(
          request.body,
          { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null },
          (userId) => deps.twofaAttempts(request, userId),
        ),
        tr(request, 'auth.activated'),
      ),
  });
}
