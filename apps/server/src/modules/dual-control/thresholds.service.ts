import { type ApprovalThresholds, approvalThresholdsBody, DEFAULT_CURRENCY } from '@platform/contracts';
import { badRequest } from '../../core/errors.ts';
import { Decimal, decimalFromDb, formatNormalised } from '../../core/money.ts';
import type { Db } from '../../db/client.ts';
import { msg } from '../../i18n/i18n.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import {
  readThresholdAmounts,
  readThresholds,
  type StoredThresholds,
  type ThresholdAmounts,
  writeThresholds,
} from './thresholds.repository.ts';

export { readThresholdAmounts, readThresholds, type ThresholdAmounts } from './thresholds.repository.ts';

const THRESHOLDS_SETTING = 'approval_thresholds';

/** GET /api/admin/settings/approval-thresholds: read by any admin (a PUT proposes a change). */
export function createThresholdsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async get(): Promise<ApprovalThresholds> {
      return toView(await readThresholds(db));
    },
  };
}

/**
 * Saving the thresholds is a proposal a second super admin approves (kind `approval_thresholds`,
 * docs/pending-changes.md); with no other super admin it takes effect after 24 h unless cancelled.
 */
export function registerThresholdChanges(changes: ChangesService) {
  changes.registerKind<ThresholdAmounts>({
    kind: 'approval_thresholds',
    requiredLevel: 'super_admin',
    targetType: 'setting',
    validate: (payload) => {
      const parsed = approvalThresholdsBody.safeParse(payload);
      if (!parsed.success)
        throw badRequest(parsed.error.issues[0]?.message ?? msg('backOffice.settings.thresholdsFormat'));
      return {
        deposit: formatNormalised(new Decimal(parsed.data.deposit)),
        withdrawal: formatNormalised(new Decimal(parsed.data.withdrawal)),
        payout: formatNormalised(new Decimal(parsed.data.payout)),
      };
    },
    // Locked: what the approval compares is what it replaces, whatever saves run at once.
    readCurrent: async (tx) => plain(await readThresholdAmounts(tx, { lock: true })),
    apply: async (tx, values, { actor, change }) => {
      await writeThresholds(tx, values, actor.adminId);
      await recordAudit(tx, actor, {
        action: 'approval_thresholds.update',
        targetType: 'setting',
        targetId: THRESHOLDS_SETTING,
        before: { ...(change.before as ThresholdAmounts), currency: DEFAULT_CURRENCY },
        after: { ...values, currency: DEFAULT_CURRENCY },
      });
    },
  });
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
