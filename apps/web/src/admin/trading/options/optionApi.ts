import {
  incompleteConfigMessage,
  OPTION_CONFIG_SECTIONS,
  type OptionConfig,
  type OptionConfigData,
} from '@platform/contracts';
import { ApiError, api } from '../../../lib/request.ts';

export const OPTION_CONFIG_KEY = ['admin', 'option-config'] as const;
const CONFIG_PATH = '/admin/trading/options/config';

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
 * GET /api/admin/trading/options/config. A reply that names missing sections (the server's 422, or
 * a config that lacks a section) is an IncompleteConfigError rather than a config to edit.
 */
export async function fetchOptionConfig(signal?: AbortSignal): Promise<OptionConfigData> {
  let data: OptionConfigData & { missingConfigs?: unknown };
  try {
    ({ data } = await api.get<OptionConfigData & { missingConfigs?: unknown }>(
      CONFIG_PATH,
      undefined,
      signal,
    ));
  } catch (error) {
    const missing = error instanceof ApiError ? missingConfigsOf(error.body) : null;
    if (error instanceof ApiError && missing) {
      throw new IncompleteConfigError(error.message || incompleteConfigMessage(missing), missing);
    }
    throw error;
  }
  const absent = OPTION_CONFIG_SECTIONS.filter((section) => data?.[section] == null);
  const named = missingConfigsOf({ data }) ?? [];
  const missing = [...new Set([...absent, ...named])];
  if (missing.length > 0) throw new IncompleteConfigError(incompleteConfigMessage(missing), missing);
  return data;
}

/** POST /api/admin/trading/options/config with the whole config; answers the saved one. */
export async function saveOptionConfig(config: OptionConfig): Promise<OptionConfigData> {
  const reply = await api.post<OptionConfigData>(CONFIG_PATH, config);
  return reply.data;
}
