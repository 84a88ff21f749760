import {
  adminChangeProposedMessage,
  forgotPassword,
  issuePasswordResetLink,
  RECOVERY_MESSAGES,
  resendEmailVerification,
  resetPassword,
  verifyEmail,
} from '@platform/contracts';
import { caller } from '../../../core/caller.ts';
import type { Config } from '../../../core/config.ts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import { render, requestLanguage, t } from '../../../i18n/i18n.ts';
import { auditActor } from '../../audit/audit.service.ts';
import type { Guards } from '../guard.ts';
import type { RecoveryService } from './recovery.service.ts';

/** Account recovery and e-mail verification (issue 33, docs/mail.md). */
export function registerRecoveryRoutes(
  app: Router,
  deps: {
    recovery: RecoveryService;
    guards: Guards;
    config: Pick<Config, 'PASSWORD_FORGOT_RATE_LIMIT_PER_HOUR' | 'LOGIN_RATE_LIMIT_PER_MINUTE'>;
  },
) {
  const { recovery, guards } = deps;
  const tags = ['auth'];

  route(app, forgotPassword, {
    tags,
    config: { rateLimit: { max: deps.config.PASSWORD_FORGOT_RATE_LIMIT_PER_HOUR, timeWindow: '1 hour' } },
    handler: async (request) => {
      await recovery.forgotPassword(request.body.email);
      return ok(null, RECOVERY_MESSAGES.forgotSent);
    },
  });

  route(app, resetPassword, {
    tags,
    // Guessing a 256-bit token is hopeless; the limit keeps anyone from trying at volume.
    config: { rateLimit: { max: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request) => {
      await recovery.resetPassword(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return ok(null, RECOVERY_MESSAGES.resetDone);
    },
  });

  route(app, verifyEmail, {
    tags,
    config: { rateLimit: { max: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request) => {
      await recovery.verifyEmail(request.body.token);
      return ok(null, RECOVERY_MESSAGES.verifyDone);
    },
  });

  route(app, resendEmailVerification, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) => {
      await recovery.resendVerification(caller(request).user);
      return ok(null, RECOVERY_MESSAGES.verificationSent);
    },
  });

  route(app, issuePasswordResetLink, {
    tags: ['admin-users'],
    security,
    preHandler: guards.requireSuperAdmin,
    handler: async (request, reply) => {
      const language = requestLanguage(request);
      const proposed = await recovery.proposeResetLink(auditActor(request), request.params.id, language);
      reply.code(202);
      // Both texts are the contracts' (in English through their catalogue).
      const inLanguage = (chinese: string) => render(language, chinese);
      return ok(
        proposed,
        t(language, 'admins.withLink', {
          proposed: inLanguage(adminChangeProposedMessage(proposed.change)),
          linkOnce: inLanguage(RECOVERY_MESSAGES.resetLinkOnce),
        }),
      );
    },
  });
}
