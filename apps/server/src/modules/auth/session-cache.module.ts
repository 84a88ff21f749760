import type { AppContext } from '../../core/context.ts';
import type { Router } from '../../core/http.ts';
import type { AuthenticatedSession } from './auth.service.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';
import { openSessionChangeFeed, type SessionChangeFeed } from './session-changes.ts';

/** At about 1 KB a session (the user row), the cache holds at most some 10 MB. */
const MAX_CACHED_SESSIONS = 10_000;

/**
 * The instance's session cache and the feed of changes that empties it; both end with the app,
 * before the database closes. With SESSION_CACHE_MAX_AGE_MS=0 there is neither.
 */
export async function openSessionCache(
  app: Router,
  ctx: Pick<AppContext, 'config' | 'database' | 'log'>,
): Promise<SessionCache<AuthenticatedSession> | undefined> {
  if (ctx.config.SESSION_CACHE_MAX_AGE_MS <= 0) return undefined;
  let feed: SessionChangeFeed | undefined;
  const cache = createSessionCache<AuthenticatedSession>(
    { isListening: () => feed?.isListening() ?? false, sync: () => feed?.sync() ?? Promise.resolve(false) },
    { maxAgeMs: ctx.config.SESSION_CACHE_MAX_AGE_MS, maxEntries: MAX_CACHED_SESSIONS },
  );
  feed = await openSessionChangeFeed(ctx.database, (change) => cache.forget(change), ctx.log);
  app.addHook('onClose', async () => {
    await feed?.close();
    cache.clear();
  });
  return cache;
}
