import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../core/paths.ts';

/**
 * `npm run db:generate` diffs the schema (db/schema.ts) against the newest snapshot in drizzle/meta
 * and writes a migration for the difference (docs/migrations.md). On an unchanged schema it must
 * write nothing: a file there means the snapshot and the schema are out of step, and the next
 * engineer's migration would carry statements for tables that already exist.
 * Both runs use drizzle-kit's own command on a copy of apps/server/drizzle, never the folder itself.
 */
const require = createRequire(import.meta.url);
const DRIZZLE_KIT = path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs');
const SCHEMA = path.join(SERVER_ROOT, 'src', 'db', 'schema.ts');
const MIGRATIONS = path.join(SERVER_ROOT, 'drizzle');

const workDirs: string[] = [];
afterAll(() => {
  for (const dir of workDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `drizzle-kit generate` for `schema` into a copy of the migrations; what it added there. */
function generate(schema: string, dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-generate-'))) {
  workDirs.push(dir);
  fs.cpSync(MIGRATIONS, path.join(dir, 'drizzle'), { recursive: true });
  // drizzle-kit reads the snapshots by a path relative to its working directory: `out` must be relative.
  const config = { dialect: 'postgresql', schema, out: './drizzle' };
  fs.writeFileSync(path.join(dir, 'drizzle.config.ts'), `export default ${JSON.stringify(config)};\n`);
  const before = new Set(listFiles(path.join(dir, 'drizzle')));
  // A schema change drizzle-kit cannot tell apart (a rename) would wait for an answer: the timeout fails it.
  const run = spawnSync(process.execPath, [DRIZZLE_KIT, 'generate', '--config', 'drizzle.config.ts'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 30_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  expect(run.status, output).toBe(0);
  const added = listFiles(path.join(dir, 'drizzle')).filter((f) => !before.has(f));
  const sql = added
    .filter((f) => f.endsWith('.sql'))
    .map((f) => fs.readFileSync(path.join(dir, 'drizzle', f), 'utf8'))
    .join('\n');
  return { output, added, sql };
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

describe('drizzle-kit generate', () => {
  it('writes nothing on the current schema: the newest snapshot is the schema', () => {
    const { output, added, sql } = generate(SCHEMA);
    expect(sql, 'generate wrote a migration on the unchanged schema').toBe('');
    expect(added).toEqual([]);
    expect(output).toContain('No schema changes, nothing to migrate');
  });

  it('writes a migration with just the change when the schema gains a column', () => {
    // A copy of the schema whose stat_counters has one more column (the real module is not touched:
    // drizzle-kit loads this file in its own process).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-generate-'));
    const probe = path.join(dir, 'schema-with-probe.ts');
    fs.writeFileSync(
      probe,
      [
        `import { getTableColumns } from ${JSON.stringify(require.resolve('drizzle-orm'))};`,
        `import { text } from ${JSON.stringify(require.resolve('drizzle-orm/pg-core'))};`,
        `import { statCounters } from ${JSON.stringify(SCHEMA)};`,
        `export * from ${JSON.stringify(SCHEMA)};`,
        `Object.assign(getTableColumns(statCounters), { probe: text('probe').build(statCounters) });`,
        '',
      ].join('\n'),
    );
    const { added, sql } = generate(probe, dir);
    expect(sql.trim()).toBe('ALTER TABLE "stat_counters" ADD COLUMN "probe" text;');
    // Numbered after the newest migration, with its snapshot.
    const newest = fs
      .readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .at(-1);
    const next = String(Number(newest?.slice(0, 4)) + 1).padStart(4, '0');
    expect(added.filter((f) => f.startsWith(next)).length, added.join(', ')).toBe(1);
    expect(added).toContain(path.join('meta', `${next}_snapshot.json`));
  });
});
