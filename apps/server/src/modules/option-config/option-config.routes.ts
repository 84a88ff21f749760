import { getOptionConfig, OPTION_TEXTS, saveOptionConfig } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import type { OptionConfigService } from './option-config.service.ts';

export function registerOptionConfigRoutes(
  app: Router,
  deps: { options: OptionConfigService; guards: Guards },
) {
  const { options, guards } = deps;
  const admin = { tags: ['trading-admin'], security };

  route(app, getOptionConfig, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async () => ok(await options.get(), '获取期权配置成功'),
  });

  route(app, saveOptionConfig, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) => ok(await options.save(auditActor(request), request.body), OPTION_TEXTS.saved),
  });
}
