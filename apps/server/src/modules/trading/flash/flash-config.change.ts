import {
  DEFAULT_FLASH_CONFIG,
  FLASH_CONFIG_SETTING_KEY,
  type FlashConfig,
  flashConfig,
} from '@platform/contracts';
import { Decimal } from '@platform/domain';
import { badRequest } from '../../../core/errors.ts';
import { payoutRateLimit } from '../../../i18n/back-office.ts';
import { msg } from '../../../i18n/i18n.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import type { ChangesService } from '../../changes/changes.service.ts';
import { readSettingForUpdate, writeSetting } from '../../jobs/settings.ts';

export const FLASH_CONFIG_KIND = 'flash_config';

/**
 * The flash config (`flash.config`) changes only as a proposal another admin approves (kind
 * `flash_config`, docs/pending-changes.md): PUT /api/admin/trading/flash/config answers 202. Every
 * duration's rate is at most MAX_PAYOUT_RATE, checked when proposed and when applied. The routes:
 * flash-config.routes.ts.
 */
export function registerFlashConfigKind(changes: ChangesService, deps: { maxPayoutRate: number }) {
  changes.registerKind<FlashConfig>({
    kind: FLASH_CONFIG_KIND,
    requiredLevel: 'admin',
    targetType: 'setting',
    validate: (payload) => {
      const parsed = flashConfig.safeParse(payload);
      if (!parsed.success)
        throw badRequest(parsed.error.issues[0]?.message ?? msg('backOffice.settings.flashConfigFormat'));
      const max = new Decimal(deps.maxPayoutRate);
      const over = parsed.data.durations.find((d) => new Decimal(d.payout_rate).gt(max));
      if (over) {
        const percent = (rate: Decimal | string) => new Decimal(rate).times(100).toString();
        throw badRequest(
          payoutRateLimit(
            percent(max),
            msg('backOffice.settings.durationRate', {
              seconds: over.seconds,
              percentage: percent(over.payout_rate),
            }),
          ),
        );
      }
      return parsed.data;
    },
    // The stored value, or the defaults a fresh platform runs on (locked when stored).
    readCurrent: (exec) => readSettingForUpdate(exec, FLASH_CONFIG_SETTING_KEY, DEFAULT_FLASH_CONFIG),
    apply: async (tx, config, { actor, change }) => {
      await writeSetting(tx, FLASH_CONFIG_SETTING_KEY, config, actor.adminId);
      await recordAudit(tx, actor, {
        action: 'flash_config.update',
        targetType: 'setting',
        targetId: FLASH_CONFIG_SETTING_KEY,
        before: change.before,
        after: config,
      });
    },
  });
}
