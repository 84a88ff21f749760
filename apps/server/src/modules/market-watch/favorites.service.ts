import { FAVORITES_MESSAGES } from '@platform/contracts';
import { badRequest } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import type { PairsService } from '../market-data/pairs.service.ts';
import * as repo from './favorites.repository.ts';

/**
 * 自选 (issue 33, docs/market-watch.md). A save names only pairs users can see now; a pair delisted
 * after it was saved stays stored (it comes back if relisted) but is not answered.
 */
export function createFavoritesService(deps: { db: Db; pairs: Pick<PairsService, 'symbols'> }) {
  const listed = async () => new Set(await deps.pairs.symbols({ enabledOnly: true }));
  return {
    async list(userId: number): Promise<string[]> {
      const [saved, shown] = await Promise.all([repo.readFavorites(deps.db, userId), listed()]);
      return saved.filter((s) => shown.has(s));
    },

    async save(userId: number, symbols: readonly string[]): Promise<string[]> {
      const shown = await listed();
      const unknown = symbols.filter((s) => !shown.has(s));
      if (unknown.length > 0) throw badRequest(FAVORITES_MESSAGES.notListed(unknown));
      await repo.writeFavorites(deps.db, userId, symbols);
      return [...symbols];
    },
  };
}
export type FavoritesService = ReturnType<typeof createFavoritesService>;
