import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's directory (apps/server), found from this module's own place: the source
 * runs from apps/server/src/core under tsx and from apps/server/dist when built (one bundle, where
 * every module's import.meta is the bundle's), so a fixed number of `..` would be right for only
 * one of them. The migrations folder marks it.
 */
function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No drizzle/meta/_journal.json above ${start}`);
  }
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);
