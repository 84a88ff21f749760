import { FUNDING_TEXTS, getFundingRate, listFundingHistory, listFundingReport } from '@platform/contracts';
import { caller } from '../../../core/caller.ts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import type { Guards } from '../../auth/guard.ts';
import type { PerpetualFunding } from './funding.service.ts';

/** The funding calls (issue 34, docs/perpetual-funding.md); the rules are in funding.service.ts. */
export function registerFundingRoutes(app: Router, deps: { funding: PerpetualFunding; guards: Guards }) {
  const { funding, guards } = deps;
  const tags = ['trading-perpetual'];

  route(app, getFundingRate, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) => ok(await funding.rateView(request.params.symbol), FUNDING_TEXTS.rateLoaded),
  });

  route(app, listFundingHistory, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await funding.history(caller(request).user.id, request.query), FUNDING_TEXTS.historyLoaded),
  });

  route(app, listFundingReport, {
    tags: ['admin-trading'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) => ok(await funding.adminReport(request.query), FUNDING_TEXTS.reportLoaded),
  });
}
