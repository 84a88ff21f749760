import { createHash } from 'node:crypto';
import type { AuditChainBreak, AuditChainState, Language } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, snapshotCheck } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { type MessageKey, type MessageParams, t } from '../../i18n/i18n.ts';
import { checkpointSignedBy, readCheckpoints, type StoredCheckpoint } from './audit.checkpoints.ts';
import { type AuditChainKey, auditChainKey } from './audit.key.ts';

/**
 * The audit log's hash chain (issue 17, migration 0020_audit_hash_chain.sql).
 *
 * Every audit row has `seq` (1, 2, 3, … without gaps), `prev_hash` (the hash of row seq-1, 64 zeros
 * for seq 1) and `hash = hex(sha256(utf8(prev_hash + canonical)))`, where `canonical` is the row's
 * canonical content: a JSON object with exactly these keys in this (sorted) order and no whitespace:
 *
 *   {"action":S,"admin_id":N,"after":S,"before":S,"created_at":S,"id":N,"ip":S,"seq":N,
 *    "target_id":S,"target_type":S,"user_agent":S}
 *
 * - N: the integer's decimal digits; S: a JSON string (JSON.stringify / PostgreSQL to_json), or null;
 * - before/after: the column's jsonb text form (PostgreSQL's deterministic jsonb output: keys
 *   deduplicated and ordered, `": "` and `", "` separators, numbers as written) as a JSON string;
 * - created_at: UTC with microseconds, `YYYY-MM-DDTHH:MM:SS.ffffffZ`.
 *
 * The database computes it in the BEFORE INSERT trigger (SQL function audit_canonical) while it
 * holds the one-row audit_chain_head FOR UPDATE, so appends are serialised in the writer's own
 * transaction and a rolled-back change leaves no gap. This file computes the same string in
 * TypeScript; verifyAuditChain recomputes every hash with it, independently of the SQL function.
 * Rows are read in text form (bigint as text, jsonb::text, the timestamp formatted) so nothing is
 * lost to JS numbers or millisecond Dates.
 *
 * Anchored outside the database (issue 32): the chain above is recomputable by anyone who can write
 * the database. So each row is also sealed with AUDIT_CHAIN_KEY (key_id, mac = HMAC of its hash;
 * audit.key.ts), and the head is checkpointed into signed lines outside the database
 * (audit.checkpoints.ts). Rows from before the key (key_id and mac NULL) verify by the SHA-256 chain
 * alone, and only as a prefix: before the first sealed row and before the first checkpoint.
 */

export const GENESIS_HASH = '0'.repeat(64);

/** One audit row in the text form the canonical content is built from. */
export interface AuditChainRow {
  id: string;
  seq: string | null;
  admin_id: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
  user_agent: string | null;
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ` (UTC). */
  created_at: string;
  prev_hash: string | null;
  hash: string | null;
  /** The seal: the key's fingerprint and HMAC of `hash` (NULL before the key existed). */
  key_id: string | null;
  mac: string | null;
}

const str = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
const int = (value: string | null) => (value === null ? 'null' : value);

/** The canonical content of a row (see above). */
export function auditCanonical(row: AuditChainRow): string {
  return (
    `{"action":${str(row.action)},"admin_id":${int(row.admin_id)},"after":${str(row.after)}` +
    `,"before":${str(row.before)},"created_at":${str(row.created_at)},"id":${int(row.id)}` +
    `,"ip":${str(row.ip)},"seq":${int(row.seq)},"target_id":${str(row.target_id)}` +
    `,"target_type":${str(row.target_type)},"user_agent":${str(row.user_agent)}}`
  );
}

/** hex(sha256(prev_hash + canonical)). */
export function auditRowHash(prevHash: string, row: AuditChainRow): string {
  return createHash('sha256')
    .update(prevHash + auditCanonical(row), 'utf8')
    .digest('hex');
}

/** The columns of audit_logs in the text form of AuditChainRow. */
export const CHAIN_COLUMNS = sql.raw(`id::text AS id, seq::text AS seq, admin_id::text AS admin_id, action,
  target_type, target_id, before::text AS before, after::text AS after, ip, user_agent,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at, prev_hash, hash, key_id, mac`);

const PAGE = 5000;

/** What the chain is checked against beyond itself: the key, and the checkpoints read from files. */
export interface AuditChainAnchor {
  key: AuditChainKey;
  checkpoints?: readonly StoredCheckpoint[];
  /** The first checkpoint line that could not be read (`file:line`). */
  unreadable?: { source: string };
}

/**
 * Recomputes the whole chain in seq order and names the first row that does not verify: a row
 * never chained, a missing seq (a deleted row), a prev_hash that is not the previous row's hash
 * (a row removed or reordered), a hash that differs from the recomputed one (content changed),
 * a seal that is missing, made with another key or wrong (a row inserted or rewritten without the
 * key), a head that is ahead of the last row (rows deleted at the end), and then, against the
 * checkpoints: a line not signed by the key, a row whose hash is not the one a checkpoint saw
 * (history rewritten), or a checkpoint past the last row (the tail deleted and the head moved back).
 *
 * Runs on `exec` as it stands. Use verifyAuditChain for a consistent snapshot; this one is for
 * callers that already hold a transaction.
 */
export async function checkAuditChain(
  exec: Executor,
  anchor: AuditChainAnchor,
  language: Language = 'zh-CN',
): Promise<AuditChainState> {
  const verifiedAt = new Date().toISOString();
  const say = <K extends MessageKey>(key: K, ...params: MessageParams<K>) => t(language, key, ...params);
  const { key } = anchor;
  const checkpoints = [...(anchor.checkpoints ?? [])];
  const [head] = await queryRows<{ seq: string; hash: string }>(
    exec,
    sql`SELECT seq::text AS seq, hash FROM audit_chain_head WHERE id = 1`,
  );
  const headState = { seq: Number(head?.seq ?? 0), hash: head?.hash ?? GENESIS_HASH };
  const done = (checked: number, broken?: AuditChainBreak): AuditChainState => ({
    ok: !broken,
    rows: checked,
    ...(broken ? { first_broken: broken } : {}),
    head: headState,
    verified_at: verifiedAt,
  });

  // The checkpoints themselves first: one that is not the key's proves nothing and is named.
  if (anchor.unreadable) {
    return done(0, {
      id: null,
      seq: null,
      reason: say('audit.checkpointUnreadable', { source: anchor.unreadable.source }),
    });
  }
  for (const c of checkpoints) {
    if (c.key_id !== key.keyId) {
      return done(0, {
        id: null,
        seq: c.seq,
        reason: say('audit.checkpointOtherKey', { source: c.source, keyId: c.key_id, expected: key.keyId }),
      });
    }
    if (!checkpointSignedBy(c, key)) {
      return done(0, {
        id: null,
        seq: c.seq,
        reason: say('audit.checkpointBadSignature', { source: c.source }),
      });
    }
  }
  const atSeq = new Map<number, StoredCheckpoint[]>();
  for (const c of checkpoints) atSeq.set(c.seq, [...(atSeq.get(c.seq) ?? []), c]);
  const firstCheckpoint = checkpoints.reduce<StoredCheckpoint | undefined>(
    (min, c) => (min === undefined || c.seq < min.seq ? c : min),
    undefined,
  );
  const lastCheckpoint = checkpoints.reduce<StoredCheckpoint | undefined>(
    (max, c) => (max === undefined || c.seq > max.seq ? c : max),
    undefined,
  );

  const [unchained] = await queryRows<{ id: string }>(
    exec,
    sql`SELECT id::text AS id FROM audit_logs WHERE seq IS NULL ORDER BY id LIMIT 1`,
  );

  let checked = 0;
  let prevHash = GENESIS_HASH;
  let expected = 1n;
  let lastId: string | null = null;
  let sealedSeen = false;
  let broken: AuditChainBreak | undefined;
  for (;;) {
    const page = await queryRows<AuditChainRow>(
      exec,
      sql`SELECT ${CHAIN_COLUMNS} FROM audit_logs a WHERE a.seq >= ${expected.toString()}::bigint
          ORDER BY a.seq LIMIT ${PAGE}`,
    );
    for (const row of page) {
      const seq = BigInt(row.seq as string);
      const at = { id: Number(row.id), seq: Number(seq) };
      if (seq !== expected) {
        broken = { ...at, reason: say('audit.missingSeq', { seq: expected.toString() }) };
      } else if (row.prev_hash !== prevHash) {
        broken = { ...at, reason: say('audit.prevHash') };
      } else if (auditRowHash(prevHash, row) !== row.hash) {
        broken = { ...at, reason: say('audit.contentChanged') };
      } else {
        const reason = sealProblem(row, key, sealedSeen, firstCheckpoint, language);
        if (reason) broken = { ...at, reason };
        else {
          const seen = (atSeq.get(at.seq) ?? []).find((c) => c.hash !== row.hash);
          if (seen) {
            broken = {
              ...at,
              reason: say('audit.checkpointMismatch', { source: seen.source, at: seen.at }),
            };
          }
        }
      }
      if (broken) break;
      if (row.mac !== null) sealedSeen = true;
      checked += 1;
      prevHash = row.hash as string;
      expected = seq + 1n;
      lastId = row.id;
    }
    if (broken || page.length < PAGE) break;
  }

  if (!broken && unchained) {
    broken = { id: Number(unchained.id), seq: null, reason: say('audit.unchained') };
  }
  if (!broken && BigInt(headState.seq) !== expected - 1n) {
    broken = {
      id: null,
      seq: Number(expected),
      reason: say('audit.headAhead', {
        head: headState.seq,
        last: (expected - 1n).toString(),
        lastRow: lastId ? say('audit.lastRow', { id: lastId }) : '',
      }),
    };
  }
  if (!broken && headState.hash !== prevHash) {
    broken = {
      id: lastId === null ? null : Number(lastId),
      seq: Number(expected - 1n),
      reason: say('audit.headHash'),
    };
  }
  if (!broken && lastCheckpoint && BigInt(lastCheckpoint.seq) > expected - 1n) {
    broken = {
      id: null,
      seq: Number(expected),
      reason: say('audit.checkpointAhead', {
        source: lastCheckpoint.source,
        at: lastCheckpoint.at,
        seq: lastCheckpoint.seq,
        last: (expected - 1n).toString(),
      }),
    };
  }
  return done(checked, broken);
}

/** Why a row's seal does not verify, or undefined. */
function sealProblem(
  row: AuditChainRow,
  key: AuditChainKey,
  sealedSeen: boolean,
  firstCheckpoint: StoredCheckpoint | undefined,
  language: Language,
): string | undefined {
  if (row.key_id === null && row.mac === null) {
    if (sealedSeen) return t(language, 'audit.unsealedAfterSealed');
    if (firstCheckpoint && Number(row.seq) > firstCheckpoint.seq) {
      return t(language, 'audit.unsealedAfterCheckpoint', {
        source: firstCheckpoint.source,
        seq: firstCheckpoint.seq,
      });
    }
    return undefined; // written before the key existed: the SHA-256 chain alone
  }
  if (row.key_id !== key.keyId) {
    return t(language, 'audit.otherKey', { keyId: String(row.key_id), expected: key.keyId });
  }
  if (!row.mac || !key.same(row.mac, key.rowMac(row.hash as string))) {
    return t(language, 'audit.badSeal');
  }
  return undefined;
}

/** Where verifyAuditChain takes its anchor: the installed key unless given, the checkpoints of a directory. */
export interface VerifyOptions {
  key?: AuditChainKey;
  /** AUDIT_CHECKPOINT_DIR; without it no checkpoint is checked. */
  checkpointDir?: string;
  /** The language of a break's reason (zh-CN by default: the CLI, the logs). */
  language?: Language;
}

/**
 * Verifies the chain on one consistent snapshot (a read-only REPEATABLE READ transaction): the head
 * and every page of rows are read as of the same moment, so an audited write committing while the
 * check pages through the log cannot look like a deleted tail or a mismatched head. The
 * checkpoints are read before the snapshot begins, so each names a head the snapshot contains.
 */
export function verifyAuditChain(db: Db, opts: VerifyOptions = {}): Promise<AuditChainState> {
  const key = opts.key ?? auditChainKey();
  const read = opts.checkpointDir ? readCheckpoints(opts.checkpointDir) : { checkpoints: [] };
  return snapshotCheck(db, (tx) => checkAuditChain(tx, { key, ...read }, opts.language));
}
