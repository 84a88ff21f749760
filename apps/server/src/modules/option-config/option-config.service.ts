import {
  DEFAULT_OPTION_CONFIG,
  incompleteConfigMessage,
  OPTION_CONFIG_SECTIONS,
  type OptionConfig,
  type OptionConfigData,
  optionConfig,
} from '@platform/contracts';
import { Decimal } from '@platform/domain';
import { AppError, badRequest } from '../../core/errors.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { payoutRateLimit } from '../../i18n/back-office.ts';
import { msg } from '../../i18n/i18n.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import { readSettingEntry, readSettingForUpdate, writeSetting } from '../jobs/settings.ts';

export const OPTION_CONFIG_KEY = 'option.config';

/**
 * The option product's parameters (期权控制): switches, Beijing-time windows, investment levels and
 * level opening conditions. There is nothing here, nor anywhere, that decides outcomes: those follow
 * the reference price only (ARCHITECTURE.md, "Fair settlement").
 */
export function createOptionConfigService(deps: { db: Db }) {
  async function read(exec: Executor): Promise<OptionConfigData> {
    const row = await readSettingEntry(exec, OPTION_CONFIG_KEY);
    if (!row) return { ...DEFAULT_OPTION_CONFIG, updatedAt: null, updatedBy: null };
    const stored = row.value as Partial<Record<string, unknown>>;
    const missing = OPTION_CONFIG_SECTIONS.filter((s) => stored[s] === undefined);
    if (missing.length > 0) {
      throw new AppError(422, incompleteConfigMessage(missing), { missingConfigs: missing });
    }
    const parsed = optionConfig.safeParse(stored);
    if (!parsed.success) {
      throw new AppError(500, msg('backOffice.settings.optionConfigBroken'));
    }
    return { ...parsed.data, updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedBy };
  }

  return {
    /** The stored configuration, or the default one of a fresh platform. */
    get: () => read(deps.db),

    /**
     * Writes a config (an approved `option_config` change, docs/pending-changes.md) in the
     * approving transaction, audited as `option_config.update`.
     */
    async apply(tx: Tx, actor: AuditActor, config: OptionConfig): Promise<void> {
      const before = await read(tx).catch(() => null);
      const now = new Date();
      await writeSetting(tx, OPTION_CONFIG_KEY, config, actor.adminId, now);
      await recordAudit(tx, actor, {
        action: 'option_config.update',
        targetType: 'option_config',
        targetId: null,
        before: before ? withoutMeta(before) : null,
        after: config,
      });
    },

    /** The stored config as a change compares it (locked until the transaction ends), or null. */
    async current(tx: Executor): Promise<unknown> {
      return readSettingForUpdate<unknown>(tx, OPTION_CONFIG_KEY, null);
    },
  };
}

/**
 * Saving the option config is a proposal another admin approves (kind `option_config`); every
 * level's percentage is at most MAX_PAYOUT_RATE, checked when proposed and when applied.
 */
export function registerOptionConfigChanges(
  changes: ChangesService,
  options: OptionConfigService,
  maxPayoutRate: number,
) {
  changes.registerKind<OptionConfig>({
    kind: 'option_config',
    requiredLevel: 'admin',
    targetType: 'option_config',
    validate: (payload) => {
      const parsed = optionConfig.safeParse(payload);
      if (!parsed.success)
        throw badRequest(parsed.error.issues[0]?.message ?? msg('backOffice.settings.optionConfigFormat'));
      const maxPercent = new Decimal(maxPayoutRate).times(100);
      const over = parsed.data.investmentLevels.find((l) => maxPercent.lt(l.percentage));
      if (over) {
        throw badRequest(
          payoutRateLimit(
            maxPercent.toString(),
            msg('backOffice.settings.levelRate', { level: over.level, percentage: over.percentage }),
          ),
        );
      }
      return parsed.data;
    },
    readCurrent: (tx) => options.current(tx),
    apply: (tx, config, { actor }) => options.apply(tx, actor, config),
  });
}

export type OptionConfigService = ReturnType<typeof createOptionConfigService>;

const withoutMeta = ({ updatedAt: _a, updatedBy: _b, ...config }: OptionConfigData): OptionConfig => config;
