import {
  changeProposedMessage,
  DEFAULT_FLASH_CONFIG,
  FLASH_CONFIG_SETTING_KEY,
  type FlashConfig,
  flashConfig,
  payoutRateLimitMessage,
  proposeFlashConfig,
} from '@platform/contracts';
import { Decimal } from '@platform/domain';
import { eq } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.ts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import { auditActor, recordAudit } from '../../audit/audit.service.ts';
import type { Guards } from '../../auth/guard.ts';
import type { ChangesService } from '../../changes/changes.service.ts';
import { appSettings } from '../../jobs/jobs.schema.ts';
import { writeSetting } from '../../jobs/settings.ts';

/**
 * The flash config (`flash.config`) changes only as a proposal another admin approves (kind
 * `flash_config`, docs/pending-changes.md): PUT /api/admin/trading/flash/config answers 202. Every
 * duration's rate is at most MAX_PAYOUT_RATE, checked when proposed and when applied.
 */
export function registerFlashConfigChanges(
  app: Router,
  deps: { changes: ChangesService; guards: Guards; maxPayoutRate: number },
) {
  const { changes, guards } = deps;
  changes.registerKind<FlashConfig>({
    kind: 'flash_config',
    requiredLevel: 'admin',
    targetType: 'setting',
    validate: (payload) => {
      const parsed = flashConfig.safeParse(payload);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '秒合约配置格式不正确');
      const max = new Decimal(deps.maxPayoutRate);
      const over = parsed.data.durations.find((d) => new Decimal(d.payout_rate).gt(max));
      if (over) {
        const percent = (rate: Decimal | string) => new Decimal(rate).times(100).toString();
        throw badRequest(
          payoutRateLimitMessage(percent(max), `${over.seconds} 秒周期为 ${percent(over.payout_rate)}%`),
        );
      }
      return parsed.data;
    },
    // The stored value, or the defaults a fresh platform runs on (locked when stored).
    readCurrent: async (tx) => {
      const [row] = await tx
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, FLASH_CONFIG_SETTING_KEY))
        .for('update');
      return row ? row.value : DEFAULT_FLASH_CONFIG;
    },
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

  route(app, proposeFlashConfig, {
    tags: ['trading-admin'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) => {
      const change = await changes.propose(
        'flash_config',
        FLASH_CONFIG_SETTING_KEY,
        request.body,
        auditActor(request),
      );
      reply.code(202);
      return ok({ change }, changeProposedMessage(change));
    },
  });
}
