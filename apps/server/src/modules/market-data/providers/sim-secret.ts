import path from 'node:path';
import { loadOrCreateSecretFile } from '../../../core/secret-file.ts';

/** The file in DATA_DIR that holds the generated secret, in hex. */
export const SIM_SECRET_FILE = 'market-sim-secret';

/**
 * The market simulator's secret (ARCHITECTURE.md, "Reference prices": nobody outside the installation can predict
 * the simulated market). MARKET_SIM_SEED when set, as its UTF-8 bytes: tests, and several
 * instances on one simulated market, which must share it. Otherwise a random 256-bit secret,
 * generated once into `<DATA_DIR>/market-sim-secret` (hex, mode 600; core/secret-file.ts) and read
 * back on later starts, so the market's history stays the same across restarts. A file that does
 * not hold a secret is an error, never replaced: instances that read it earlier would run another
 * market.
 */
export function loadSimSecret(config: { MARKET_SIM_SEED?: string | undefined; DATA_DIR: string }): Buffer {
  if (config.MARKET_SIM_SEED) return Buffer.from(config.MARKET_SIM_SEED, 'utf8');
  return loadOrCreateSecretFile(path.join(config.DATA_DIR, SIM_SECRET_FILE), {
    what: 'market simulator secret',
    remedy: 'restore it from a backup, or delete it to start a new simulated market',
  });
}
