import {
  type CreatePriceAlertBody,
  PRICE_ALERT_MESSAGES,
  PRICE_ALERTS_MAX,
  type PriceAlert,
  type PriceAlertRepeat,
} from '@platform/contracts';
import { badRequest, notFound } from '../../core/errors.ts';
import { Decimal, normaliseDecimalString } from '../../core/money.ts';
import type { Db } from '../../db/client.ts';
import { lockUserScope } from '../../db/user-locks.ts';
import type { Fence, JobStep } from '../jobs/job-loop.ts';
import { noFence } from '../jobs/job-loop.ts';
import { findPairBySymbol } from '../market-data/pairs.service.ts';
import { priceAlertFired } from '../notifications/notices.ts';
import { notify, type WrittenNotification } from '../notifications/notifications.service.ts';
import * as repo from './price-alerts.repository.ts';

/** How often the job compares the alerts with the index: the reference prices are recorded each second. */
export const PRICE_ALERTS_EVERY_MS = 1000;

/** The index price of a pair as trading reads it (trading/reference-prices.ts `current`). */
export interface AlertPriceSource {
  current(symbol: string): Promise<{ price: string; at: Date }>;
}

/**
 * 价格提醒 (issue 33, docs/market-watch.md). Alerts are judged against the reference (index) price
 * only, by one leased job step; each firing is written with its notification in one transaction
 * under the lease's fence and pushed after the commit.
 */
export function createPriceAlertsService(deps: {
  db: Db;
  prices: AlertPriceSource;
  /** After the commit: pushes the notices to their users' sockets. */
  onNotified?: (written: WrittenNotification[]) => void;
}) {
  const { db } = deps;

  /** One turn: every watched pair at its current index price. Returns how many alerts fired. */
  async function check(fence: Fence = noFence): Promise<number> {
    let fired = 0;
    for (const symbol of await repo.watchedSymbols(db)) {
      let observation: { price: string; at: Date };
      try {
        observation = await deps.prices.current(symbol);
      } catch {
        continue; // no fresh index price: nothing is judged on a stale one
      }
      const price = normaliseDecimalString(observation.price);
      const written = await db.transaction(async (tx) => {
        await fence(tx);
        const due = await repo.fireReached(tx, symbol, price);
        await repo.rearmCrossedBack(tx, symbol, price);
        return notify(
          tx,
          due.map(({ userId, alert }) =>
            priceAlertFired({ userId, ...alert, indexPrice: price, at: observation.at }),
          ),
        );
      });
      fired += written.length;
      deps.onNotified?.(written);
    }
    return fired;
  }

  const jobStep: JobStep = {
    name: 'price-alerts',
    everyMs: PRICE_ALERTS_EVERY_MS,
    run: async (_now, fence) => {
      await check(fence);
    },
  };

  return {
    list: (userId: number, symbol?: string) => repo.listOwnAlerts(db, userId, symbol),

    async create(
      userId: number,
      body: {
        symbol: string;
        direction: CreatePriceAlertBody['direction'];
        price: string;
        repeat: PriceAlertRepeat;
      },
    ): Promise<PriceAlert> {
      const pair = await findPairBySymbol(db, body.symbol);
      if (!pair?.enabled) throw badRequest(PRICE_ALERT_MESSAGES.notListed(body.symbol));
      if (new Decimal(body.price).decimalPlaces() > pair.pricePrecision)
        throw badRequest(PRICE_ALERT_MESSAGES.pricePrecision(pair.pricePrecision));
      return db.transaction(async (tx) => {
        // One user's creations one after another, so that the limit holds under parallel calls.
        await lockUserScope(tx, 'priceAlerts', userId);
        if ((await repo.countOwnAlerts(tx, userId)) >= PRICE_ALERTS_MAX)
          throw badRequest(PRICE_ALERT_MESSAGES.full);
        return repo.insertAlert(tx, { userId, ...body, price: normaliseDecimalString(body.price) });
      });
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteOwnAlert(db, userId, id))) throw notFound(PRICE_ALERT_MESSAGES.notFound);
    },

    check,
    jobStep,
  };
}
export type PriceAlertsService = ReturnType<typeof createPriceAlertsService>;
