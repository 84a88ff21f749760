/**
 * `node --import tsx e2e/run-sql.ts <dataDir> <statements.json>`: runs the statements (a JSON array
 * of SQL strings) in one transaction on the embedded database in `dataDir`, whose server must be
 * stopped (the PGlite lock refuses a second process). Used by isolated-server.ts.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { openPglite } from '../apps/server/src/db/client.ts';

const [dataDir, file] = process.argv.slice(2);
if (!dataDir || !file) throw new Error('usage: run-sql.ts <dataDir> <statements.json>');
const statements = JSON.parse(fs.readFileSync(file, 'utf8')) as string[];
const database = await openPglite(dataDir);
try {
  await database.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
} finally {
  await database.close();
}
