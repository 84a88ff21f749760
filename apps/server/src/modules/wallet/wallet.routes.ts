import { userTransactionsQuery, userTransactionsReply, walletReply } from '@platform/contracts';
import { ok, type Router, security } from '../../core/http.ts';
import { decimalFromDb, formatFixed } from '../../core/money.ts';
import { pageOf, paginationOf } from '../../core/paging.ts';
import type { Db } from '../../db/client.ts';
import { caller, type Guards } from '../auth/guard.ts';
import { getUserWallets } from '../ledger/ledger.service.ts';
import { withdrawRequirementOf } from '../users/user-view.ts';
import { listOwnEntries } from './wallet.repository.ts';

const tags = ['wallet'];

/** The user's own balances and ledger history (DESIGN.md section 3). */
export function registerWalletRoutes(app: Router, deps: { db: Db; guards: Guards }) {
  const { db, guards } = deps;

  app.get('/api/wallet', {
    schema: { tags, security, response: { 200: walletReply } },
    preHandler: guards.requireUser,
    handler: async (request) => {
      const { user } = caller(request);
      return ok(
        { wallets: await getUserWallets(db, user.id), withdrawRequirement: withdrawRequirementOf(user) },
        '获取钱包成功',
      );
    },
  });

  app.get('/api/wallet/transactions', {
    schema: { tags, security, querystring: userTransactionsQuery, response: { 200: userTransactionsReply } },
    preHandler: guards.requireUser,
    handler: async (request) => {
      const { rows, total } = await listOwnEntries(
        db,
        caller(request).user.id,
        { currency: request.query.currency },
        pageOf(request.query),
      );
      const transactions = rows.map((r) => ({
        ...r,
        bucket: r.bucket as 'available' | 'frozen' | 'salary',
        amount: formatFixed(decimalFromDb(r.amount)),
        balance_after: formatFixed(decimalFromDb(r.balance_after)),
      }));
      return ok({ transactions, pagination: paginationOf(request.query, total) }, '获取资金流水成功');
    },
  });
}
