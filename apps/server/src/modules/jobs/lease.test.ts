import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { sleep } from '../../test/fixtures.ts';
import { createLease, LeaseLostError } from './lease.ts';
import { readSetting, writeSetting } from './settings.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('job leases', () => {
  it('one holder at a time; the holder renews; another takes over after release or expiry', async () => {
    const a = createLease(database.db, 'job-x', 300, 'a');
    const b = createLease(database.db, 'job-x', 300, 'b');
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect(await a.acquire()).toBe(true);
    await a.release();
    expect(await b.acquire()).toBe(true);
    expect(await a.acquire()).toBe(false);
    // b stops renewing (as a crashed process would): a takes over once the lease has run out.
    await sleep(400);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
  });

  it('each new holder gets a higher fencing token; renewals keep it; a release never restarts the count', async () => {
    const a = createLease(database.db, 'job-fence', 300, 'a');
    const b = createLease(database.db, 'job-fence', 300, 'b');
    expect(await a.acquire()).toBe(true);
    const first = a.tenure?.token ?? 0;
    expect(await a.acquire()).toBe(true);
    expect(a.tenure).toEqual({ token: first });
    await a.release();
    expect(a.tenure).toBeNull();
    expect(await b.acquire()).toBe(true);
    expect(b.tenure).toEqual({ token: first + 1, previousHolder: 'a' });
    await sleep(400);
    expect(await a.acquire()).toBe(true);
    expect(a.tenure).toEqual({ token: first + 2, previousHolder: 'b' });
  });

  it('fence lets the holder write and stops a holder whose lease was taken over', async () => {
    const a = createLease(database.db, 'job-fenced-work', 200, 'a');
    const b = createLease(database.db, 'job-fenced-work', 200, 'b');
    expect(await a.acquire()).toBe(true);
    await database.db.transaction(async (tx) => a.fence(tx));
    // a pauses past its expiry (GC, frozen VM) without knowing; b takes over.
    await sleep(300);
    expect(await b.acquire()).toBe(true);
    expect(a.tenure).not.toBeNull();
    await expect(database.db.transaction(async (tx) => a.fence(tx))).rejects.toBeInstanceOf(LeaseLostError);
    await database.db.transaction(async (tx) => b.fence(tx));
    // Never held: refused too.
    await expect(
      createLease(database.db, 'job-fenced-work', 200, 'c').fence(database.db),
    ).rejects.toBeInstanceOf(LeaseLostError);
  });

  it('leases of different jobs are independent', async () => {
    expect(await createLease(database.db, 'job-y', 1000, 'a').acquire()).toBe(true);
    expect(await createLease(database.db, 'job-z', 1000, 'b').acquire()).toBe(true);
  });
});

describe('app settings', () => {
  it('reads the fallback until written, then the last write', async () => {
    expect(await readSetting(database.db, 'switch', true)).toBe(true);
    await writeSetting(database.db, 'switch', false, null);
    expect(await readSetting(database.db, 'switch', true)).toBe(false);
    await writeSetting(database.db, 'switch', { on: 1 }, null);
    expect(await readSetting(database.db, 'switch', null)).toEqual({ on: 1 });
  });
});
