import { getOptionConfig, saveOptionConfig } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { tr } from '../../i18n/i18n.ts';
import type { Guards } from '../auth/guard.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import { proposeChange } from '../dual-control/proposed.ts';
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
    handler: async (request) =>
      ok(await options.get(), tr(request, 'backOffice.settings.optionConfigLoaded')),
  });

  route(app, saveOptionConfig, {
    ...admin,
    preHandler: guards.requireAdmin,
    // A proposal another admin approves (docs/pending-changes.md): 202 with the change.
    handler: (request, reply) => proposeChange(changes, 'option_config', null, request, reply),
  });
}
