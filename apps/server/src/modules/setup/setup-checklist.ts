import {
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
import { readThresholds } from '../dual-control/thresholds.service.ts';
import { isSimulatedSource } from '../market-data/providers/index.ts';

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

/** One pass over the channel tables and the admins (a handful of rows each). */
async function readSetupFacts(exec: Executor): Promise<SetupFacts> {
  const row = await aggregateRow(
    exec,
    sql`SELECT
          (SELECT count(*) FROM deposit_channels WHERE status = 'active')::int AS deposit_channels,
          (SELECT count(*) FROM withdraw_channels WHERE status = 'active')::int AS withdraw_channels,
          count(*) FILTER (WHERE admin_level = 'super_admin')::int AS super_admins,
          count(*)::int AS admins,
          count(*) FILTER (WHERE twofa_enabled_at IS NULL)::int AS without_2fa
        FROM users
        WHERE role = 'admin' AND is_active AND deleted_at IS NULL`,
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

export async function readSetupChecklist(
  exec: Executor,
  config: SetupChecklistConfig,
): Promise<SetupChecklist> {
  const [facts, thresholds] = await Promise.all([readSetupFacts(exec), readThresholds(exec)]);
  const simulated = config.PRICE_SOURCES.filter(isSimulatedSource);
  const items: Record<SetupChecklistKey, Omit<SetupChecklistItem, 'key'>> = {
    price_sources:
      simulated.length === 0
        ? { done: true, detail: `价格源：${config.PRICE_SOURCES.join('、')}` }
        : {
            done: false,
            detail: `当前使用模拟行情（${simulated.join('、')}），请在服务器配置 PRICE_SOURCES（例如 htx,okx,binance）后重启`,
          },
    deposit_channels:
      facts.enabledDepositChannels > 0
        ? { done: true, detail: `已启用 ${facts.enabledDepositChannels} 个充值通道` }
        : { done: false, detail: '尚无启用的充值通道，用户无法充值' },
    withdraw_channels:
      facts.enabledWithdrawChannels > 0
        ? { done: true, detail: `已启用 ${facts.enabledWithdrawChannels} 个提现通道` }
        : { done: false, detail: '尚无启用的提现通道，用户无法提现' },
    approval_thresholds: thresholds.updatedBy
      ? { done: true, detail: `已由 ${thresholds.updatedBy} 设置` }
      : {
          done: false,
          detail: `仍为默认值（充值 ${normaliseDecimalString(thresholds.deposit)}、提现 ${normaliseDecimalString(thresholds.withdrawal)}、打款 ${normaliseDecimalString(thresholds.payout)} USDT），请确认后保存`,
        },
    second_super_admin:
      facts.activeSuperAdmins >= 2
        ? { done: true, detail: `${facts.activeSuperAdmins} 位超级管理员` }
        : {
            done: false,
            detail: '只有一位超级管理员：其变更需等待 24 小时生效，账户丢失时无人可以恢复',
          },
    admin_two_factor: !config.ADMIN_2FA_REQUIRED
      ? { done: false, detail: 'ADMIN_2FA_REQUIRED 已关闭：管理员无需两步验证即可进入后台' }
      : facts.activeAdminsWithout2fa === 0
        ? { done: true, detail: `${facts.activeAdmins} 位管理员均已开启` }
        : { done: false, detail: `${facts.activeAdminsWithout2fa} 位管理员尚未开启两步验证` },
  };
  const list = setupChecklistKeys.map((key) => ({ key, ...items[key] }));
  return { items: list, complete: list.every((item) => item.done) };
}
