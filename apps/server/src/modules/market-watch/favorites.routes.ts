import { FAVORITES_MESSAGES, getFavorites, putFavorites } from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import type { Guards } from '../auth/guard.ts';
import type { FavoritesService } from './favorites.service.ts';

/** 自选: the caller's own favourite pairs (requireUser). */
export function registerFavoritesRoutes(app: Router, deps: { favorites: FavoritesService; guards: Guards }) {
  const { favorites, guards } = deps;
  const tags = ['account'];
  const preHandler = guards.requireUser;

  route(app, getFavorites, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok({ symbols: await favorites.list(caller(request).user.id) }, FAVORITES_MESSAGES.loaded),
  });

  route(app, putFavorites, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(
        { symbols: await favorites.save(caller(request).user.id, request.body.symbols) },
        FAVORITES_MESSAGES.saved,
      ),
  });
}
