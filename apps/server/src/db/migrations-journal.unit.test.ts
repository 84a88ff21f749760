import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client.ts';

/**
 * Drizzle's migrator applies the journal's entries in order and skips every one whose time is not
 * after the last applied one's: a migration that lands out of order, or with an earlier time, is
 * silently skipped on a database that already has its successor.
 */
describe('the migrations journal', () => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };

  it('lists every migration file once, in number order, each later than the one before', () => {
    const files = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''))
      .sort();
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
    // Numbers only grow (0029 was never written: a gap, not a disorder); so do idx and times.
    journal.entries.forEach((entry, i) => {
      expect(entry.idx, entry.tag).toBe(Number(entry.tag.slice(0, 4)));
      const previous = journal.entries[i - 1];
      if (!previous) return;
      expect(Number(entry.tag.slice(0, 4)), entry.tag).toBeGreaterThan(Number(previous.tag.slice(0, 4)));
      expect(entry.when, entry.tag).toBeGreaterThan(previous.when);
    });
  });
});
