import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '@platform/contracts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import { auditActor } from '../../audit/audit.service.ts';
import type { AttemptLimiter } from '../attempt-limiter.ts';
import { caller, type Guards } from '../guard.ts';
import type { TwoFactorService } from './two-factor.service.ts';

/**
 * The caller's own 2FA (issue 17). requireSession: an admin who must enrol reaches these while
 * every other call is refused. Wrong codes count in the limiter shared with login and withdrawals.
 */
export function registerTwoFactorRoutes(
  app: Router,
  deps: { twoFactor: TwoFactorService; guards: Guards; attempts: AttemptLimiter },
) {
  const { twoFactor, guards, attempts } = deps;
  const tags = ['auth'];
  const preHandler = guards.requireSession;

  route(app, setupTwoFactor, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(await twoFactor.setup(caller(request).user), '请用身份验证器扫描二维码，然后输入验证码'),
  });

  route(app, enableTwoFactor, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(
        await twoFactor.enable(
          caller(request).user,
          request.body.code,
          attempts(request),
          auditActor(request),
        ),
        '两步验证已开启，请妥善保存恢复码',
      ),
  });

  route(app, disableTwoFactor, {
    tags,
    security,
    preHandler,
    handler: async (request) => {
      await twoFactor.disable(
        caller(request).user,
        request.body.code,
        attempts(request),
        auditActor(request),
      );
      return ok(null, '两步验证已关闭');
    },
  });
}
