import { type ApprovalThresholds, type ApprovalThresholdsBody, DEFAULT_CURRENCY } from '@platform/contracts';
import { Decimal, decimalFromDb, formatNormalised } from '../../core/money.ts';
import type { Db } from '../../db/client.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import {
  readThresholdAmounts,
  readThresholds,
  type StoredThresholds,
  type ThresholdAmounts,
  writeThresholds,
} from './thresholds.repository.ts';

export { readThresholdAmounts, type ThresholdAmounts } from './thresholds.repository.ts';

const THRESHOLDS_SETTING = 'approval_thresholds';

/** GET / PUT /api/admin/settings/approval-thresholds: read by any admin, saved by a super admin, audited. */
export function createThresholdsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async get(): Promise<ApprovalThresholds> {
      return toView(await readThresholds(db));
    },

    async save(body: ApprovalThresholdsBody, actor: AuditActor): Promise<ApprovalThresholds> {
      const values = {
        deposit: formatNormalised(new Decimal(body.deposit)),
        withdrawal: formatNormalised(new Decimal(body.withdrawal)),
        payout: formatNormalised(new Decimal(body.payout)),
      };
      await db.transaction(async (tx) => {
        // Locked: the audit's `before` is what this save replaces, whatever saves run at once.
        const before = await readThresholdAmounts(tx, { lock: true });
        await writeThresholds(tx, values, actor.adminId);
        await recordAudit(tx, actor, {
          action: 'approval_thresholds.update',
          targetType: 'setting',
          targetId: THRESHOLDS_SETTING,
          before: { ...plain(before), currency: DEFAULT_CURRENCY },
          after: { ...values, currency: DEFAULT_CURRENCY },
        });
      });
      return toView(await readThresholds(db));
    },
  };
}

export type ThresholdsService = ReturnType<typeof createThresholdsService>;

const plain = (t: ThresholdAmounts) => ({
  deposit: formatNormalised(decimalFromDb(t.deposit)),
  withdrawal: formatNormalised(decimalFromDb(t.withdrawal)),
  payout: formatNormalised(decimalFromDb(t.payout)),
});

function toView(t: StoredThresholds): ApprovalThresholds {
  return {
    ...plain(t),
    currency: DEFAULT_CURRENCY,
    updated_at: t.updatedAt?.toISOString() ?? null,
    updated_by: t.updatedBy,
  };
}
