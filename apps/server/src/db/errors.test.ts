import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../test/database.ts';
import { loggableError } from './errors.ts';

describe(`the logged form of a database error (${testEngine})`, () => {
  it("keeps a failed query's SQL but not its parameters when the connection failed, not the query (issue 31)", async () => {
    const database = await createTestDatabase();
    await database.close();
    const failed = await database.db
      .execute(sql`SELECT ${'secret-token-hash'}::text AS leaked`)
      .then(() => null)
      .catch((err: Error) => err);
    expect(failed).toBeInstanceOf(Error);
    expect(String(failed?.message)).toContain('secret-token-hash');
    const logged = JSON.stringify(loggableError(failed));
    expect(logged).not.toContain('secret-token-hash');
    expect(logged).toContain('AS leaked');
  });
});
