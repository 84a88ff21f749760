import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A secret file another process is still writing is waited for this long at most. */
const WRITER_WAIT_MS = 2000;

/** What a secret file holds, for the message of one that does not hold it. */
export interface SecretFileKind {
  /** e.g. `market simulator secret`. */
  what: string;
  /** What the operator should do about a file that does not hold one. */
  remedy: string;
}

/**
 * A random 256-bit secret kept in `file` (hex, mode 600) inside a private directory: read back when
 * the file exists, else generated and created exclusively, so two processes starting at once end
 * with one secret (the one that loses the race reads the winner's). Used for the secrets an
 * installation makes for itself in DATA_DIR: the market simulator's (market-sim-secret) and the
 * audit chain's key (audit-chain-key). Synchronous: it runs once, at start.
 */
export function loadOrCreateSecretFile(file: string, kind: SecretFileKind): Buffer {
  if (fs.existsSync(file)) return readSecretFile(file, kind);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32);
  try {
    fs.writeFileSync(file, `${secret.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readSecretFile(file, kind);
    throw err;
  }
}

/**
 * The secret in `file`: 32 bytes or more in hex. A file that is not (yet) one may be another
 * process's, created but not written: it is read again for up to WRITER_WAIT_MS. A file that stays
 * wrong is an error, never replaced: whatever was made with the old secret would no longer match.
 */
export function readSecretFile(file: string, kind: SecretFileKind): Buffer {
  const deadline = Date.now() + WRITER_WAIT_MS;
  for (;;) {
    const text = fs.readFileSync(file, 'utf8').trim();
    if (/^(?:[0-9a-f]{2}){32,}$/i.test(text)) return Buffer.from(text, 'hex');
    if (Date.now() >= deadline) {
      throw new Error(`${file} does not hold a ${kind.what} (64 or more hex digits): ${kind.remedy}`);
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}
