import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { parseId, queryRows, rowDate } from '../../../db/rows.ts';
import type { AccountTokenPurpose } from './recovery.schema.ts';

/**
 * A new link for `userId`: earlier unspent links of the same purpose stop working (only the newest
 * mail counts). Its lifetime runs from the database's now(); returns when it ends.
 */
export async function issueAccountToken(
  exec: Executor,
  t: {
    userId: number;
    purpose: AccountTokenPurpose;
    tokenHash: string;
    email: string;
    ttlMinutes: number;
    issuedBy?: number | null;
  },
): Promise<{ expiresAt: Date }> {
  await exec.execute(
    sql`UPDATE account_tokens SET used_at = now()
        WHERE user_id = ${t.userId} AND purpose = ${t.purpose} AND used_at IS NULL`,
  );
  const [row] = await queryRows<{ expires_at: unknown }>(
    exec,
    sql`INSERT INTO account_tokens (user_id, purpose, token_hash, email, issued_by, expires_at)
        VALUES (${t.userId}, ${t.purpose}, ${t.tokenHash}, ${t.email}, ${t.issuedBy ?? null},
                now() + make_interval(mins => ${t.ttlMinutes}))
        RETURNING expires_at`,
  );
  if (!row) throw new Error('account token not inserted');
  return { expiresAt: rowDate(row.expires_at) };
}

/** Whether a link of `purpose` went to the user within the last `seconds` (one mail a minute). */
export async function issuedWithin(
  exec: Executor,
  userId: number,
  purpose: AccountTokenPurpose,
  seconds: number,
): Promise<boolean> {
  const rows = await queryRows<{ one: unknown }>(
    exec,
    sql`SELECT 1 AS one FROM account_tokens
        WHERE user_id = ${userId} AND purpose = ${purpose} AND issued_by IS NULL
          AND created_at > now() - make_interval(secs => ${seconds})
        LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * Spends the link whose hash is `tokenHash`: one statement that marks it used only while it is
 * unused and unexpired by the database's clock, so that of parallel uses exactly one gets its row
 * (the others wait for the row lock and then find used_at set). Null: forged, spent or expired.
 */
export async function consumeAccountToken(
  exec: Executor,
  tokenHash: string,
  purpose: AccountTokenPurpose,
): Promise<{ userId: number; email: string; issuedBy: number | null } | null> {
  const [row] = await queryRows<{ user_id: unknown; email: string; issued_by: unknown }>(
    exec,
    sql`UPDATE account_tokens SET used_at = now()
        WHERE token_hash = ${tokenHash} AND purpose = ${purpose}
          AND used_at IS NULL AND expires_at > now()
        RETURNING user_id, email, issued_by`,
  );
  if (!row) return null;
  return {
    userId: parseId(row.user_id),
    email: row.email,
    issuedBy: row.issued_by === null ? null : parseId(row.issued_by),
  };
}
