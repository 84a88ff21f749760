import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migratedPgliteTemplate } from '../test/database.ts';
import { openPglite } from './client.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

// A data directory starts from the tests' migrated template, not initdb and every migration: these
// tests are about the directory's lock and modes (a fresh directory took 16-30 s each on a loaded
// 2-core machine, against the 60 s limit).
let template: Blob;
beforeAll(async () => {
  template = await migratedPgliteTemplate();
});
const openDir = (dir: string) => openPglite(dir, { loadDataDir: template });

describe('embedded database directory', () => {
  it('refuses a second opener with a clear message while the first holds it, and keeps data after close', async () => {
    const dir = tempDir();
    const first = await openDir(dir);
    await first.db.execute(sql`create table kept (v int)`);
    await first.db.execute(sql`insert into kept values (42)`);

    // A lock file naming a live process other than ours is what a second process would find.
    const lockPath = path.join(dir, 'platform.lock');
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    fs.writeFileSync(lockPath, String(process.ppid));
    await expect(openDir(dir)).rejects.toThrow(/in use by process .*PGlite serves one process only/s);
    fs.writeFileSync(lockPath, String(process.pid));

    await first.close();
    expect(fs.existsSync(lockPath)).toBe(false);

    const again = await openPglite(dir); // the directory now holds a database: no template
    const result = (await again.db.execute(sql`select v from kept`)) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([{ v: 42 }]);
    await again.close();
  });

  it('takes over a stale lock left by a crashed process', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'platform.lock'), '999999999');
    const db = await openDir(dir);
    expect(fs.readFileSync(path.join(dir, 'platform.lock'), 'utf8')).toBe(String(process.pid));
    await db.close();
  });

  it('keeps the data directory private to its user: no file or directory readable by others', async () => {
    const dir = path.join(tempDir(), 'data');
    const db = await openDir(dir);
    await db.db.execute(sql`create table secret_rows (v text)`);
    await db.close();
    const open: string[] = [];
    const walk = (at: string) => {
      if ((fs.statSync(at).mode & 0o077) !== 0)
        open.push(`${(fs.statSync(at).mode & 0o777).toString(8)} ${at}`);
      if (fs.statSync(at).isDirectory()) for (const name of fs.readdirSync(at)) walk(path.join(at, name));
    };
    walk(dir);
    expect(open).toEqual([]);
  });
});
