import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadOrCreateSecretFile, readSecretFile } from '../../core/secret-file.ts';

/**
 * AUDIT_CHAIN_KEY: the secret that anchors the audit log outside the database (issue 32). The
 * database's trigger chains rows with SHA-256 (audit.chain.ts), which anyone with database access
 * can recompute; the key, which the database never sees, seals each row (HMAC-SHA-256 of its hash,
 * which covers its content and every earlier row) and signs the checkpoints of the chain's head
 * written outside the database (audit.checkpoints.ts). Without the key a row cannot be forged or
 * rewritten, and with the checkpoints a tail cannot be cut off, without audit:verify saying so.
 */

/** The file in DATA_DIR that holds the generated key, in hex (core/secret-file.ts). */
export const AUDIT_KEY_FILE = 'audit-chain-key';

const KIND = {
  what: 'audit chain key',
  remedy:
    'restore it from a backup (without it the audit log cannot be verified), or set AUDIT_CHAIN_KEY to the key it held',
};

export interface AuditChainKey {
  /** A fingerprint of the key (16 hex digits), stored with each sealed row: which key sealed it. */
  readonly keyId: string;
  /** The seal of the row whose hash is `hash`. */
  rowMac(hash: string): string;
  /** The signature of a checkpoint line's fields (audit.checkpoints.ts). */
  checkpointMac(fields: string): string;
  /** Constant-time comparison of a hex MAC against the expected one. */
  same(given: string, expected: string): boolean;
}

export function createAuditChainKey(secret: Buffer | string): AuditChainKey {
  const hmac = (purpose: string, data: string) =>
    createHmac('sha256', secret).update(`${purpose}\n${data}`, 'utf8').digest('hex');
  return {
    keyId: hmac('audit-key-id', '').slice(0, 16),
    rowMac: (hash) => hmac('audit-row', hash),
    checkpointMac: (fields) => hmac('audit-checkpoint', fields),
    same(given, expected) {
      const a = Buffer.from(given, 'utf8');
      const b = Buffer.from(expected, 'utf8');
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}

/**
 * The key of this installation: AUDIT_CHAIN_KEY (its UTF-8 bytes) when set; otherwise the one
 * generated once into `<DATA_DIR>/audit-chain-key` (mode 600) by the server's first start. With
 * `create: false` (audit:verify) a missing file is an error naming both, never a new key.
 * config.ts refuses to start in production with DATABASE_URL and no AUDIT_CHAIN_KEY.
 */
export function loadAuditChainKey(
  config: { AUDIT_CHAIN_KEY?: string | undefined; DATA_DIR: string },
  opts: { create: boolean } = { create: true },
): AuditChainKey {
  if (config.AUDIT_CHAIN_KEY) return createAuditChainKey(Buffer.from(config.AUDIT_CHAIN_KEY, 'utf8'));
  const file = path.join(config.DATA_DIR, AUDIT_KEY_FILE);
  if (opts.create) return createAuditChainKey(loadOrCreateSecretFile(file, KIND));
  if (!fs.existsSync(file)) {
    throw new Error(
      `no audit chain key: AUDIT_CHAIN_KEY is unset and ${file} does not exist (give the key the server runs with)`,
    );
  }
  return createAuditChainKey(readSecretFile(file, KIND));
}

/**
 * The key recordAudit seals with. Every writer of audit rows is in this process's code (49 call
 * sites take an Executor, not a context), so the key is installed once per process: by buildApp
 * and by the demo seed. One process signs with one key: installing another is an error.
 */
let installed: AuditChainKey | undefined;

export function installAuditChainKey(key: AuditChainKey): void {
  if (installed && installed.keyId !== key.keyId) {
    throw new Error(
      `AUDIT_CHAIN_KEY differs from the key this process already seals the audit log with (key id ${installed.keyId})`,
    );
  }
  installed = key;
}

/** The installed key; an audit row is never written unsealed. */
export function auditChainKey(): AuditChainKey {
  if (!installed) throw new Error('the audit chain key is not loaded (installAuditChainKey)');
  return installed;
}
