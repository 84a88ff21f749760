import { type SalaryLevelsBody, salaryLevelsBody } from '@platform/contracts';
import { salaryLevelsProblem } from '@platform/domain';
import { badRequest } from '../../../core/errors.ts';
import { Decimal, formatNormalised } from '../../../core/money.ts';
import { msg } from '../../../i18n/i18n.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import type { ChangesService } from '../../changes/changes.service.ts';
import { readSalaryLevels, SALARY_LEVELS_SETTING, writeSalaryLevels } from './salary-levels.ts';

export const SALARY_LEVELS_CHANGE = 'team_salary_levels';

/** The table as it will be stored: the contract's shape, the domain's rules, amounts normalised. */
function validSalaryLevels(payload: unknown): SalaryLevelsBody {
  const parsed = salaryLevelsBody.safeParse(payload);
  if (!parsed.success)
    throw badRequest(parsed.error.issues[0]?.message ?? msg('backOffice.settings.salaryLevelsFormat'));
  const problem = salaryLevelsProblem(parsed.data.levels);
  if (problem) throw badRequest(problem);
  return {
    levels: parsed.data.levels.map((l) => ({ ...l, amount: formatNormalised(new Decimal(l.amount)) })),
  };
}

/**
 * The salary table decides how much every salary payout pays, so it changes only as a proposal
 * another admin approves (kind `team_salary_levels`, docs/pending-changes.md): PUT .../levels
 * answers 202 and the payouts follow the old table until the approval (salary-levels.routes.ts).
 */
export function registerSalaryLevelsKind(changes: ChangesService) {
  changes.registerKind<SalaryLevelsBody>({
    kind: SALARY_LEVELS_CHANGE,
    requiredLevel: 'admin',
    targetType: 'setting',
    validate: validSalaryLevels,
    // The table in force (the defaults until one is saved), its row locked when stored.
    readCurrent: async (tx) => ({ levels: (await readSalaryLevels(tx, { lock: true })).levels }),
    apply: async (tx, after, { actor, change }) => {
      await writeSalaryLevels(tx, after.levels, actor.adminId);
      await recordAudit(tx, actor, {
        action: 'team_salary_levels.update',
        targetType: 'setting',
        targetId: SALARY_LEVELS_SETTING,
        before: change.before,
        after,
      });
    },
  });
}
