import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../../core/caller.ts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import type { Tx } from '../../../db/client.ts';
import { tr } from '../../../i18n/i18n.ts';
import { auditActor } from '../../audit/audit.service.ts';
import type { SecurityChange } from '../../notifications/notices.ts';
import type { WrittenNotification } from '../../notifications/notifications.service.ts';
import type { AttemptLimiter } from '../attempt-limiter.ts';
import type { Guards } from '../guard.ts';
import { recordSecurityChange, requireCurrentPassword } from '../security-changes.ts';
import type { TwoFactorService } from './two-factor.service.ts';

/**
 * The caller's own 2FA (issue 17). requireSession: an admin who must enrol reaches these while
 * every other call is refused. Wrong codes count in the limiter shared with login and withdrawals.
 * Each call needs the login password (issue 32), counted like a password change's old password;
 * turning 2FA on or off holds withdrawals for 24 h and notifies the user (security-changes.ts).
 */
export function registerTwoFactorRoutes(
  app: Router,
  deps: {
    twoFactor: TwoFactorService;
    guards: Guards;
    attempts: AttemptLimiter;
    /** Wrong login passwords on these routes: the password change's limiter. */
    passwordAttempts: AttemptLimiter;
    /** After the commit: pushes the security notice to the user's socket. */
    onNotified?: (written: WrittenNotification[]) => void;
  },
) {
  const { twoFactor, guards, attempts, passwordAttempts } = deps;
  const tags = ['auth'];
  const preHandler = guards.requireSession;

  const checkPassword = (request: FastifyRequest, password: string) =>
    requireCurrentPassword(caller(request).user, password, passwordAttempts(request));

  /** The hold and the notice of `change`, in the change's transaction, pushed after it commits. */
  const securityChange = (request: FastifyRequest, change: SecurityChange) => {
    let written: WrittenNotification[] = [];
    return {
      record: async (tx: Tx) => {
        written = await recordSecurityChange(tx, { userId: caller(request).user.id, change, ip: request.ip });
      },
      push: () => deps.onNotified?.(written),
    };
  };

  route(app, setupTwoFactor, {
    tags,
    security,
    preHandler,
    handler: async (request) => {
      await checkPassword(request, request.body.password);
      return ok(await twoFactor.setup(caller(request).user), tr(request, 'auth.twofaScan'));
    },
  });

  route(app, enableTwoFactor, {
    tags,
    security,
    preHandler,
    handler: async (request) => {
      await checkPassword(request, request.body.password);
      const change = securityChange(request, 'twofa_enabled');
      const enabled = await twoFactor.enable(
        caller(request).user,
        request.body.code,
        attempts(request),
        auditActor(request),
        change.record,
      );
      change.push();
      return ok(enabled, tr(request, 'auth.twofaEnabled'));
    },
  });

  route(app, disableTwoFactor, {
    tags,
    security,
    preHandler,
    handler: async (request) => {
      await checkPassword(request, request.body.password);
      const change = securityChange(request, 'twofa_disabled');
      await twoFactor.disable(
        caller(request).user,
        request.body.code,
        attempts(request),
        auditActor(request),
        change.record,
      );
      change.push();
      return ok(null, tr(request, 'auth.twofaDisabled'));
    },
  });
}
