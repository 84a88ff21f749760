import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../test/database.ts';
import { queryRows, rowBool, rowDate, rowText, rowTextOrNull } from './rows.ts';

describe('row parsers', () => {
  it('take text, NULL, a timestamp and a boolean as they are, and refuse anything else', () => {
    expect(rowText('12.50')).toBe('12.50');
    expect(rowText('')).toBe('');
    expect(() => rowText(12.5)).toThrow('Expected text from the database, got 12.5');
    expect(() => rowText(undefined)).toThrow('got undefined');

    expect(rowTextOrNull(null)).toBeNull();
    expect(rowTextOrNull(undefined)).toBeNull();
    expect(rowTextOrNull('x')).toBe('x');
    expect(() => rowTextOrNull(1)).toThrow('Expected text');

    const moment = new Date('2026-01-02T03:04:05.678Z');
    expect(rowDate(moment)).toBe(moment);
    expect(rowDate('2026-01-02 03:04:05.678+00').toISOString()).toBe(moment.toISOString());
    expect(() => rowDate('not a time')).toThrow('Unexpected time from the database: not a time');
    expect(() => rowDate(null)).toThrow('Expected text');

    expect(rowBool(true)).toBe(true);
    expect(rowBool(false)).toBe(false);
    expect(() => rowBool('t')).toThrow('Expected a boolean from the database, got t');
  });
});

describe(`row parsers on a raw query (${testEngine})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('read what the engine returns for text, NULL, timestamptz::text and boolean columns', async () => {
    const [row] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`SELECT 12.50::numeric::text AS amount, NULL::text AS nothing,
        '2026-01-02T03:04:05.678Z'::timestamptz::text AS at, true AS yes`,
    );
    expect(rowText(row?.amount)).toBe('12.50');
    expect(rowTextOrNull(row?.nothing)).toBeNull();
    expect(rowDate(row?.at).toISOString()).toBe('2026-01-02T03:04:05.678Z');
    expect(rowBool(row?.yes)).toBe(true);
  });
});
