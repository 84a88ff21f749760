import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AuditChainKey } from './audit.key.ts';

/**
 * Checkpoints of the audit chain's head, kept outside the database (issue 32). Every 10 minutes,
 * at start and at shutdown each instance appends one signed JSON line to
 * `<AUDIT_CHECKPOINT_DIR>/audit-checkpoints.jsonl` (opened for append, fsync'd) and writes it to the
 * log:
 *
 *   {"seq":N,"hash":"<head hash>","at":"<database time, µs, UTC>","instance":"<host>:<pid>",
 *    "key_id":"<key fingerprint>","mac":"<HMAC-SHA-256 of seq, hash, at and instance>"}
 *
 * audit:verify then requires the row at each checkpoint's seq to exist with that hash: rows deleted
 * at the end (and the head moved back) or a rewritten history fail, naming the checkpoint, even
 * for someone who owns the database. Rows written after the last checkpoint are protected by their
 * seals only (a deleted tail younger than 10 minutes is not seen).
 *
 * Every instance writes its own lines, without a lease: a lease lives in the database, which is
 * exactly what this anchor must not depend on (whoever holds the database could hold the lease and
 * stop every checkpoint), and one more witness costs one read of a one-row table.
 */

export const CHECKPOINT_FILE = 'audit-checkpoints.jsonl';
export const CHECKPOINT_EVERY_MS = 10 * 60_000;

export interface AuditCheckpoint {
  seq: number;
  hash: string;
  at: string;
  instance: string;
  key_id: string;
  mac: string;
}

/** A checkpoint read back, with where it was read (`file:line`). */
export interface StoredCheckpoint extends AuditCheckpoint {
  source: string;
}

/** The directory of the checkpoint files: AUDIT_CHECKPOINT_DIR, else DATA_DIR/audit-checkpoints. */
export function checkpointDirOf(config: { AUDIT_CHECKPOINT_DIR?: string | undefined; DATA_DIR: string }) {
  return path.resolve(config.AUDIT_CHECKPOINT_DIR ?? path.join(config.DATA_DIR, 'audit-checkpoints'));
}

const signedFields = (c: Pick<AuditCheckpoint, 'seq' | 'hash' | 'at' | 'instance'>) =>
  `${c.seq}\n${c.hash}\n${c.at}\n${c.instance}`;

/** Whether `c` was signed by `key` (its key id and its MAC). */
export function checkpointSignedBy(c: AuditCheckpoint, key: AuditChainKey): boolean {
  return c.key_id === key.keyId && key.same(c.mac, key.checkpointMac(signedFields(c)));
}

/**
 * Reads the head (the database's clock for the time), signs it and appends the line to the file
 * with an fsync; the line also goes to the log. Returns the checkpoint.
 */
export async function writeCheckpoint(deps: {
  exec: Executor;
  key: AuditChainKey;
  dir: string;
  log?: FastifyBaseLogger;
  instance?: string;
}): Promise<AuditCheckpoint> {
  const [head] = await queryRows<{ seq: string; hash: string; at: string }>(
    deps.exec,
    sql`SELECT seq::text AS seq, hash,
          to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
        FROM audit_chain_head WHERE id = 1`,
  );
  if (!head) throw new Error('audit_chain_head has no row');
  const fields = {
    seq: Number(head.seq),
    hash: head.hash,
    at: head.at,
    instance: deps.instance ?? `${os.hostname()}:${process.pid}`,
  };
  const checkpoint: AuditCheckpoint = {
    ...fields,
    key_id: deps.key.keyId,
    mac: deps.key.checkpointMac(signedFields(fields)),
  };
  const line = `${JSON.stringify(checkpoint)}\n`;
  await fs.promises.mkdir(deps.dir, { recursive: true, mode: 0o700 });
  const file = await fs.promises.open(path.join(deps.dir, CHECKPOINT_FILE), 'a', 0o600);
  try {
    await file.write(line);
    await file.sync();
  } finally {
    await file.close();
  }
  deps.log?.info({ auditCheckpoint: checkpoint }, 'audit checkpoint');
  return checkpoint;
}

/**
 * Every checkpoint line of the `*.jsonl` files in `dir` (none when it does not exist), and the
 * first line that is not one. A last line without its newline is a write cut short by a crash and
 * is left out.
 */
export function readCheckpoints(dir: string): {
  checkpoints: StoredCheckpoint[];
  unreadable?: { source: string };
} {
  if (!fs.existsSync(dir)) return { checkpoints: [] };
  const checkpoints: StoredCheckpoint[] = [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  for (const name of files) {
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    const lines = text.split('\n');
    // The piece after the last newline: empty, or a torn last write.
    lines.pop();
    for (const [i, line] of lines.entries()) {
      if (line.trim() === '') continue;
      const source = `${name}:${i + 1}`;
      const parsed = parseCheckpoint(line);
      if (!parsed) return { checkpoints, unreadable: { source } };
      checkpoints.push({ ...parsed, source });
    }
  }
  return { checkpoints };
}

function parseCheckpoint(line: string): AuditCheckpoint | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const c = value as Partial<AuditCheckpoint> | null;
  if (
    !c ||
    typeof c !== 'object' ||
    !Number.isSafeInteger(c.seq) ||
    (c.seq as number) < 0 ||
    typeof c.hash !== 'string' ||
    typeof c.at !== 'string' ||
    typeof c.instance !== 'string' ||
    typeof c.key_id !== 'string' ||
    typeof c.mac !== 'string'
  ) {
    return undefined;
  }
  return {
    seq: c.seq as number,
    hash: c.hash,
    at: c.at,
    instance: c.instance,
    key_id: c.key_id,
    mac: c.mac,
  };
}
