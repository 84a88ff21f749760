import {
  ADMIN_TEAM_TEXTS,
  adminRewardsQuery,
  adminRewardsReply,
  DUAL_CONTROL_TEXTS,
  rewardsCalculateReply,
  rewardsDistributeBody,
  rewardsDistributeReply,
} from '@platform/contracts';
import { ok, type Router, security } from '../../../core/http.ts';
import type { Db } from '../../../db/client.ts';
import { auditActor } from '../../audit/audit.service.ts';
import type { Guards } from '../../auth/guard.ts';
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

  app.get('/api/admin/team/rewards', {
    schema: { tags, security, querystring: adminRewardsQuery, response: { 200: adminRewardsReply } },
    preHandler,
    handler: async (request) => ok(await service.list(request.query), ADMIN_TEAM_TEXTS.rewardsLoaded),
  });

  app.post('/api/admin/team/rewards/calculate', {
    schema: { tags, security, response: { 200: rewardsCalculateReply } },
    preHandler,
    handler: async (request) =>
      ok(await service.calculate(auditActor(request)), ADMIN_TEAM_TEXTS.recalculated),
  });

  app.post('/api/admin/team/rewards/distribute', {
    config: { idempotent: true },
    schema: { tags, security, body: rewardsDistributeBody, response: { 200: rewardsDistributeReply } },
    preHandler,
    handler: async (request) => {
      const result = await service.distribute(request.body, auditActor(request));
      const message = result.awaitingSecondApproval
        ? DUAL_CONTROL_TEXTS.firstApprovalRecorded
        : ADMIN_TEAM_TEXTS.distributed;
      return ok(result, message);
    },
  });
}
