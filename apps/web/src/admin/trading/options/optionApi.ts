import {
  type AdminChange,
  getOptionConfig,
  incompleteConfigMessage,
  type OptionConfig,
  type OptionConfigData,
  saveOptionConfig as saveOptionConfigEndpoint,
} from '@platform/contracts';
import { ApiError, call } from '../../../lib/request.ts';

export const OPTION_CONFIG_KEY = ['admin', 'option-config'] as const;

/** The stored config lacks sections (spec 001 §5): the message and the missing section keys. */
export class IncompleteConfigError extends Error {
  override readonly name = 'IncompleteConfigError';
  constructor(
    message: string,
    readonly missing: readonly string[],
  ) {
    super(message);
  }
}

function missingConfigsOf(body: unknown): string[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const data = (body as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const missing = (data as { missingConfigs?: unknown }).missingConfigs;
  if (!Array.isArray(missing) || missing.length === 0) return null;
  return missing.map(String);
}

/**
 * GET /api/admin/trading/options/config. A stored config that lacks sections is the server's 422
 * naming them (missingConfigs): an IncompleteConfigError rather than a config to edit. A success
 * carries all four sections (optionConfigReply).
 */
export async function fetchOptionConfig(signal?: AbortSignal): Promise<OptionConfigData> {
  try {
    return (await call(getOptionConfig, { signal })).data;
  } catch (error) {
    const missing = error instanceof ApiError ? missingConfigsOf(error.body) : null;
    if (error instanceof ApiError && missing) {
      throw new IncompleteConfigError(error.message || incompleteConfigMessage(missing), missing);
    }
    throw error;
  }
}

/**
 * POST /api/admin/trading/options/config with the whole config: a proposal (202) that takes effect
 * once another admin approves it (待生效变更); answers the pending change.
 */
export async function saveOptionConfig(config: OptionConfig): Promise<AdminChange> {
  const reply = await call(saveOptionConfigEndpoint, { body: config });
  return reply.data.change;
}
