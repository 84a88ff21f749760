import { changeProposedMessage, FLASH_CONFIG_SETTING_KEY, proposeFlashConfig } from '@platform/contracts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import { auditActor } from '../../audit/audit.service.ts';
import type { Guards } from '../../auth/guard.ts';
import type { ChangesService } from '../../changes/changes.service.ts';
import { FLASH_CONFIG_KIND, registerFlashConfigKind } from './flash-config.change.ts';

/** PUT /api/admin/trading/flash/config: a proposal of the flash config (202), flash-config.change.ts. */
export function registerFlashConfigChanges(
  app: Router,
  deps: { changes: ChangesService; guards: Guards; maxPayoutRate: number },
) {
  const { changes, guards } = deps;
  registerFlashConfigKind(changes, deps);

  route(app, proposeFlashConfig, {
    tags: ['trading-admin'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) => {
      const change = await changes.propose(
        FLASH_CONFIG_KIND,
        FLASH_CONFIG_SETTING_KEY,
        request.body,
        auditActor(request),
      );
      reply.code(202);
      return ok({ change }, changeProposedMessage(change));
    },
  });
}
