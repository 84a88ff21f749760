import { getHoldings, getWallet, listTransactions } from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { requestLanguage, tr } from '../../i18n/i18n.ts';
import type { Guards } from '../auth/guard.ts';
import { withdrawRequirementOf } from '../users/user-view.ts';
import type { WalletService } from './wallet.service.ts';

const tags = ['wallet'];

/** The user's own balances, valued in USDT, and their statement (ARCHITECTURE.md, "API conventions"). */
export function registerWalletRoutes(app: Router, deps: { wallet: WalletService; guards: Guards }) {
  const { wallet, guards } = deps;

  route(app, getWallet, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) => {
      const { user } = caller(request);
      return ok(
        {
          ...(await wallet.wallet(user.id)),
          withdrawRequirement: withdrawRequirementOf(user, requestLanguage(request)),
        },
        tr(request, 'wallet.loaded'),
      );
    },
  });

  route(app, getHoldings, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok({ holdings: await wallet.holdings(caller(request).user.id) }, tr(request, 'wallet.holdingsLoaded')),
  });

  route(app, listTransactions, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        await wallet.statement(caller(request).user.id, request.query, requestLanguage(request)),
        tr(request, 'wallet.statementLoaded'),
      ),
  });
}
