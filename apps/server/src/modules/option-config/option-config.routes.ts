import { changeProposedMessage, getOptionConfig, saveOptionConfig } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import type { OptionConfigService } from './option-config.service.ts';

export function registerOptionConfigRoutes(
  app: Router,
  deps: { options: OptionConfigService; changes: ChangesService; guards: Guards },
) {
  const { options, changes, guards } = deps;
  const admin = { tags: ['trading-admin'], security };

  route(app, getOptionConfig, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async () => ok(await options.get(), '获取期权配置成功'),
  });

  route(app, saveOptionConfig, {
    ...admin,
    preHandler: guards.requireAdmin,
    // A proposal another admin approves (docs/pending-changes.md): 202 with the change.
    handler: async (request, reply) => {
      const change = await changes.propose('option_config', null, request.body, auditActor(request));
      reply.code(202);
      return ok({ change }, changeProposedMessage(change));
    },
  });
}
