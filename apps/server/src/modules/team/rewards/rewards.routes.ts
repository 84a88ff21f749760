import {
  ADMIN_TEAM_TEXTS,
  calculateRewards,
  DUAL_CONTROL_TEXTS,
  distributeRewards,
  listAdminRewards,
} from '@platform/contracts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import type { Db } from '../../../db/client.ts';
import { auditActor } from '../../audit/audit.service.ts';
import type { Guards } from '../../auth/guard.ts';
import { sealed } from '../../idempotency/effect-seal.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { createRewardsService } from './rewards.service.ts';

/**
 * The admin's team rewards (contracts/team-admin.ts): GET /api/admin/team/rewards (records and
 * stats), POST /api/admin/team/rewards/calculate and POST /api/admin/team/rewards/distribute.
 */
export function registerRewardRoutes(
  app: Router,
  deps: { db: Db; guards: Guards; realtime?: Pick<Realtime, 'toAdmins' | 'toUser'> },
) {
  const service = createRewardsService({ db: deps.db, realtime: deps.realtime });
  const tags = ['admin-team'];
  const preHandler = deps.guards.requireAdmin;

  route(app, listAdminRewards, {
    tags,
    security,
    preHandler,
    handler: async (request) => ok(await service.list(request.query), ADMIN_TEAM_TEXTS.rewardsLoaded),
  });

  route(app, calculateRewards, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(await service.calculate(auditActor(request)), ADMIN_TEAM_TEXTS.recalculated),
  });

  route(app, distributeRewards, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => service.distribute(request.body, auditActor(request)),
        (result) =>
          ok(
            result,
            result.awaitingSecondApproval
              ? DUAL_CONTROL_TEXTS.firstApprovalRecorded
              : ADMIN_TEAM_TEXTS.distributed,
          ),
      ),
  });
}
