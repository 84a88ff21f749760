import {
  DEFAULT_OPTION_CONFIG,
  incompleteConfigMessage,
  OPTION_CONFIG_SECTIONS,
  type OptionConfig,
  type OptionConfigData,
  optionConfig,
} from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { AppError } from '../../core/errors.ts';
import type { Db, Executor } from '../../db/client.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { appSettings } from '../jobs/jobs.schema.ts';

export const OPTION_CONFIG_KEY = 'option.config';

/**
 * The option product's parameters (期权控制): switches, Beijing-time windows, investment levels and
 * level opening conditions. There is nothing here, nor anywhere, that decides outcomes: those follow
 * the reference price only (ARCHITECTURE.md, "Fair settlement").
 */
export function createOptionConfigService(deps: { db: Db }) {
  async function read(exec: Executor): Promise<OptionConfigData> {
    const [row] = await exec.select().from(appSettings).where(eq(appSettings.key, OPTION_CONFIG_KEY));
    if (!row) return { ...DEFAULT_OPTION_CONFIG, updatedAt: null, updatedBy: null };
    const stored = row.value as Partial<Record<string, unknown>>;
    const missing = OPTION_CONFIG_SECTIONS.filter((s) => stored[s] === undefined);
    if (missing.length > 0) {
      throw new AppError(422, incompleteConfigMessage(missing), { missingConfigs: missing });
    }
    const parsed = optionConfig.safeParse(stored);
    if (!parsed.success) {
      throw new AppError(500, '期权配置已损坏，请重新保存配置');
    }
    return { ...parsed.data, updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedBy };
  }

  return {
    /** The stored configuration, or the default one of a fresh platform. */
    get: () => read(deps.db),

    async save(actor: AuditActor, config: OptionConfig): Promise<OptionConfigData> {
      return deps.db.transaction(async (tx) => {
        // Lock the key's row (when it exists) so that two saves do not both record the same "before".
        await tx.select().from(appSettings).where(eq(appSettings.key, OPTION_CONFIG_KEY)).for('update');
        const before = await read(tx).catch(() => null);
        const now = new Date();
        await tx
          .insert(appSettings)
          .values({ key: OPTION_CONFIG_KEY, value: config, updatedBy: actor.adminId, updatedAt: now })
          .onConflictDoUpdate({
            target: appSettings.key,
            set: { value: config, updatedBy: actor.adminId, updatedAt: now },
          });
        await recordAudit(tx, actor, {
          action: 'option_config.update',
          targetType: 'option_config',
          targetId: null,
          before: before ? withoutMeta(before) : null,
          after: config,
        });
        return { ...config, updatedAt: now.toISOString(), updatedBy: actor.adminId };
      });
    },
  };
}

export type OptionConfigService = ReturnType<typeof createOptionConfigService>;

const withoutMeta = ({ updatedAt: _a, updatedBy: _b, ...config }: OptionConfigData): OptionConfig => config;
