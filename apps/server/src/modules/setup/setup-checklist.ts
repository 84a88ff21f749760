import {
  type Language,
  type SetupChecklist,
  type SetupChecklistItem,
  type SetupChecklistKey,
  setupChecklistKeys,
} from '@platform/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../core/config.ts';
import { normaliseDecimalString } from '../../core/money.ts';
import type { Executor } from '../../db/client.ts';
import { aggregateRow, parseCount } from '../../db/rows.ts';
import { t } from '../../i18n/i18n.ts';
import { activeDepositChannelCount, activeWithdrawChannelCount } from '../channels/channels.reads.ts';
import { readThresholds } from '../dual-control/thresholds.service.ts';
import { isSimulatedSource } from '../market-data/providers/index.ts';
import { activeAdminCounts } from '../users/users.reads.ts';

/**
 * The setup checklist (issue 33): each item is read from what is configured and stored now, so it
 * cannot be ticked without doing the thing, and it comes back unticked if it is undone (a channel
 * turned off, the second super admin disabled).
 */

interface SetupFacts {
  enabledDepositChannels: number;
  enabledWithdrawChannels: number;
  activeSuperAdmins: number;
  activeAdmins: number;
  activeAdminsWithout2fa: number;
}

/** One statement over the channel tables and the admins (a handful of rows each), through their owners' reads. */
async function readSetupFacts(exec: Executor): Promise<SetupFacts> {
  const row = await aggregateRow(
    exec,
    sql`SELECT
          ${activeDepositChannelCount}::int AS deposit_channels,
          ${activeWithdrawChannelCount}::int AS withdraw_channels,
          a.super_admins, a.admins, a.without_2fa
        FROM (${activeAdminCounts}) a`,
  );
  return {
    enabledDepositChannels: parseCount(row.deposit_channels),
    enabledWithdrawChannels: parseCount(row.withdraw_channels),
    activeSuperAdmins: parseCount(row.super_admins),
    activeAdmins: parseCount(row.admins),
    activeAdminsWithout2fa: parseCount(row.without_2fa),
  };
}

export type SetupChecklistConfig = Pick<Config, 'PRICE_SOURCES' | 'ADMIN_2FA_REQUIRED'>;

/** The checklist, its details in `language` (the titles are the contracts', rendered by the web). */
export async function readSetupChecklist(
  exec: Executor,
  config: SetupChecklistConfig,
  language: Language = 'zh-CN',
): Promise<SetupChecklist> {
  const [facts, thresholds] = await Promise.all([readSetupFacts(exec), readThresholds(exec)]);
  const simulated = config.PRICE_SOURCES.filter(isSimulatedSource);
  const list = (names: string[]) => names.join(t(language, 'setup.separator'));
  const amount = normaliseDecimalString;
  const items: Record<SetupChecklistKey, Omit<SetupChecklistItem, 'key'>> = {
    price_sources:
      simulated.length === 0
        ? { done: true, detail: t(language, 'setup.priceSources', { sources: list(config.PRICE_SOURCES) }) }
        : { done: false, detail: t(language, 'setup.simulated', { sources: list(simulated) }) },
    deposit_channels:
      facts.enabledDepositChannels > 0
        ? {
            done: true,
            detail: t(language, 'setup.depositChannels', { count: facts.enabledDepositChannels }),
          }
        : { done: false, detail: t(language, 'setup.noDepositChannel') },
    withdraw_channels:
      facts.enabledWithdrawChannels > 0
        ? {
            done: true,
            detail: t(language, 'setup.withdrawChannels', { count: facts.enabledWithdrawChannels }),
          }
        : { done: false, detail: t(language, 'setup.noWithdrawChannel') },
    approval_thresholds: thresholds.updatedBy
      ? { done: true, detail: t(language, 'setup.thresholdsSetBy', { admin: thresholds.updatedBy }) }
      : {
          done: false,
          detail: t(language, 'setup.thresholdsDefault', {
            deposit: amount(thresholds.deposit),
            withdrawal: amount(thresholds.withdrawal),
            payout: amount(thresholds.payout),
          }),
        },
    second_super_admin:
      facts.activeSuperAdmins >= 2
        ? { done: true, detail: t(language, 'setup.superAdmins', { count: facts.activeSuperAdmins }) }
        : { done: false, detail: t(language, 'setup.oneSuperAdmin') },
    admin_two_factor: !config.ADMIN_2FA_REQUIRED
      ? { done: false, detail: t(language, 'setup.twoFactorOff') }
      : facts.activeAdminsWithout2fa === 0
        ? { done: true, detail: t(language, 'setup.twoFactorAll', { count: facts.activeAdmins }) }
        : {
            done: false,
            detail: t(language, 'setup.twoFactorMissing', { count: facts.activeAdminsWithout2fa }),
          },
  };
  const checklist = setupChecklistKeys.map((key) => ({ key, ...items[key] }));
  return { items: checklist, complete: checklist.every((item) => item.done) };
}
