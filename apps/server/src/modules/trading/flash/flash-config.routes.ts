import { FLASH_CONFIG_SETTING_KEY, proposeFlashConfig } from '@platform/contracts';
import { type Router, route, security } from '../../../core/http.ts';
import type { Guards } from '../../auth/guard.ts';
import type { ChangesService } from '../../changes/changes.service.ts';
import { proposeChange } from '../../dual-control/proposed.ts';
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
    handler: (request, reply) =>
      proposeChange(changes, FLASH_CONFIG_KIND, FLASH_CONFIG_SETTING_KEY, request, reply),
  });
}
