import {
  DEFAULT_PERPETUAL_CONFIG,
  PERPETUAL_CONFIG_KEY,
  PERPETUAL_TEXTS,
  type PerpetualConfig,
  perpetualConfig,
} from '@platform/contracts';
import { AppError } from '../../../core/errors.ts';
import type { Executor } from '../../../db/client.ts';
import { readSetting } from '../../jobs/settings.ts';

/**
 * The perpetual product's parameters: the contract's defaults, overridden key by key by the app
 * setting `perpetual.config` when an operator stored one (no screen for it yet). The merged result
 * must pass the contract's schema; a stored value that does not is refused loudly rather than
 * guessed around (500 永续合约配置无效), so that nobody trades on parameters nobody chose.
 */
export async function readPerpetualConfig(exec: Executor): Promise<PerpetualConfig> {
  const stored = await readSetting<unknown>(exec, PERPETUAL_CONFIG_KEY, null);
  if (stored === null) return DEFAULT_PERPETUAL_CONFIG;
  const parsed =
    typeof stored === 'object' && !Array.isArray(stored)
      ? perpetualConfig.safeParse({ ...DEFAULT_PERPETUAL_CONFIG, ...stored })
      : perpetualConfig.safeParse(stored);
  if (!parsed.success) {
    throw new AppError(500, PERPETUAL_TEXTS.configInvalid, {
      issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    });
  }
  return parsed.data;
}
