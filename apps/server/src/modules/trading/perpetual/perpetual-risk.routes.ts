import {
  changeProposedMessage,
  DEFAULT_PERPETUAL_RISK,
  getAdminPerpetualRisk,
  getInsuranceFund,
  getPerpetualPairRisk,
  PERPETUAL_MARGIN_CURRENCY,
  PERPETUAL_RISK_SETTING_KEY,
  type PerpetualRiskConfig,
  perpetualRiskConfig,
  proposePerpetualRisk,
} from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.ts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import type { Db } from '../../../db/client.ts';
import { auditActor, recordAudit } from '../../audit/audit.service.ts';
import { caller, type Guards } from '../../auth/guard.ts';
import type { ChangesService } from '../../changes/changes.service.ts';
import { appSettings } from '../../jobs/jobs.schema.ts';
import { writeSetting } from '../../jobs/settings.ts';
import { listPairs } from '../../market-data/pairs.service.ts';
import { insuranceFundPage } from './insurance-fund.ts';
import { pairRiskForUser, readPerpetualRisk, riskUsage } from './perpetual-risk.ts';

const KIND = 'perpetual.risk';

/**
 * The perpetuals' risk parameters (docs/perpetual-risk.md): the tiers and caps change only as a
 * proposal another admin approves (kind `perpetual.risk`, 202, audited perpetual_risk.update); the
 * back office's 风控参数 reads them with the open notional per pair side and the open proposals; the
 * order form reads a pair's tiers; 保险基金 reads the fund's balance and history.
 */
export function registerPerpetualRiskRoutes(
  app: Router,
  deps: { db: Db; changes: ChangesService; guards: Guards },
) {
  const { db, changes, guards } = deps;
  changes.registerKind<PerpetualRiskConfig>({
    kind: KIND,
    requiredLevel: 'admin',
    targetType: 'setting',
    validate: (payload) => {
      const parsed = perpetualRiskConfig.safeParse(payload);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '风控参数格式不正确');
      return parsed.data;
    },
    // The stored value, or the defaults a fresh platform runs on (locked when stored).
    readCurrent: async (tx) => {
      const [row] = await tx
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, PERPETUAL_RISK_SETTING_KEY))
        .for('update');
      return row ? row.value : DEFAULT_PERPETUAL_RISK;
    },
    apply: async (tx, config, { actor, change }) => {
      await writeSetting(tx, PERPETUAL_RISK_SETTING_KEY, config, actor.adminId);
      await recordAudit(tx, actor, {
        action: 'perpetual_risk.update',
        targetType: 'setting',
        targetId: PERPETUAL_RISK_SETTING_KEY,
        before: change.before,
        after: config,
      });
    },
  });

  route(app, getAdminPerpetualRisk, {
    tags: ['trading-admin'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const config = await readPerpetualRisk(db);
      const pairs = (await listPairs(db, { enabledOnly: true })).filter(
        (p) => p.quoteCurrency === PERPETUAL_MARGIN_CURRENCY,
      );
      return ok(
        {
          config,
          usage: await riskUsage(
            db,
            config,
            pairs.map((p) => p.symbol),
          ),
          pending: await changes.openOfKind(KIND, caller(request).user.id),
        },
        '获取风控参数成功',
      );
    },
  });

  route(app, proposePerpetualRisk, {
    tags: ['trading-admin'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) => {
      const change = await changes.propose(
        KIND,
        PERPETUAL_RISK_SETTING_KEY,
        request.body,
        auditActor(request),
      );
      reply.code(202);
      return ok({ change }, changeProposedMessage(change));
    },
  });

  route(app, getPerpetualPairRisk, {
    tags: ['trading-perpetual'],
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await pairRiskForUser(db, request.params.symbol, caller(request).user.id), '获取杠杆档位成功'),
  });

  route(app, getInsuranceFund, {
    tags: ['trading-admin'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) => ok(await insuranceFundPage(db, request.query), '获取保险基金成功'),
  });
}
