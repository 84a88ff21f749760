import { DEFAULT_SALARY_LEVELS, type SalaryLevel, salaryLevelsBody } from '@platform/contracts';
import type { Executor } from '../../../db/client.ts';
import { readSettingWithEditor, writeSetting } from '../../jobs/settings.ts';

/** The app setting that holds the salary table once an admin has edited it. */
export const SALARY_LEVELS_SETTING = 'team.salary_levels';

export interface StoredSalaryLevels {
  levels: SalaryLevel[];
  updatedAt: Date | null;
  /** E-mail of the admin who last saved the table; null for the defaults. */
  updatedBy: string | null;
}

/**
 * The salary table in force: the saved one, or DEFAULT_SALARY_LEVELS on a platform where no admin
 * has saved one. A stored value that no longer parses is a bug (it was validated when saved).
 * `lock` locks the stored row (not its editor's) for the caller's transaction, in the same read.
 */
export async function readSalaryLevels(
  exec: Executor,
  opts: { lock?: boolean } = {},
): Promise<StoredSalaryLevels> {
  const row = await readSettingWithEditor(exec, SALARY_LEVELS_SETTING, opts);
  if (!row) return { levels: [...DEFAULT_SALARY_LEVELS], updatedAt: null, updatedBy: null };
  return {
    levels: salaryLevelsBody.parse(row.value).levels,
    updatedAt: row.updatedAt,
    updatedBy: row.editorEmail,
  };
}

/**
 * Saves the salary table (already validated by the caller: salaryLevelsProblem and the service's
 * own rules) as `{levels}`, the shape readSalaryLevels parses, in the caller's transaction.
 */
export async function writeSalaryLevels(
  exec: Executor,
  levels: readonly SalaryLevel[],
  adminId: number,
): Promise<void> {
  await writeSetting(exec, SALARY_LEVELS_SETTING, salaryLevelsBody.parse({ levels }), adminId);
}
