import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR that holds the generated secret, in hex. */
export const SIM_SECRET_FILE = 'market-sim-secret';

/** A secret file another process is still writing is waited for this long at most. */
const WRITER_WAIT_MS = 2000;

/**
 * The market simulator's secret (ARCHITECTURE.md, "Reference prices": nobody outside the installation can predict
 * the simulated market). MARKET_SIM_SEED when set, as its UTF-8 bytes: tests, and several
 * instances on one simulated market, which must share it. Otherwise a random 256-bit secret,
 * generated once into `<DATA_DIR>/market-sim-secret` (hex, mode 600) and read back on later starts,
 * so the market's history stays the same across restarts. The file is created exclusively, so two
 * processes starting at once end with one secret: the one that loses the race reads the winner's.
 * Synchronous: it runs once, while the providers are built.
 */
export function loadSimSecret(config: { MARKET_SIM_SEED?: string | undefined; DATA_DIR: string }): Buffer {
  if (config.MARKET_SIM_SEED) return Buffer.from(config.MARKET_SIM_SEED, 'utf8');
  const file = path.join(config.DATA_DIR, SIM_SECRET_FILE);
  if (fs.existsSync(file)) return readSecret(file);
  fs.mkdirSync(config.DATA_DIR, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32);
  try {
    fs.writeFileSync(file, `${secret.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readSecret(file);
    throw err;
  }
}

/**
 * The secret in `file`: 32 bytes or more in hex. A file that is not (yet) one may be another
 * process's, created but not written: it is read again for up to WRITER_WAIT_MS. A file that stays
 * wrong is an error, never replaced: instances that read it earlier would run another market.
 */
function readSecret(file: string): Buffer {
  const deadline = Date.now() + WRITER_WAIT_MS;
  for (;;) {
    const text = fs.readFileSync(file, 'utf8').trim();
    if (/^(?:[0-9a-f]{2}){32,}$/i.test(text)) return Buffer.from(text, 'hex');
    if (Date.now() >= deadline) {
      throw new Error(
        `${file} does not hold a market simulator secret (64 or more hex digits): ` +
          'restore it from a backup, or delete it to start a new simulated market',
      );
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}
