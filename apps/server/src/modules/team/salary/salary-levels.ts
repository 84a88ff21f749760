import { DEFAULT_SALARY_LEVELS, type SalaryLevel, salaryLevelsBody } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { users } from '../../auth/auth.schema.ts';
import { appSettings } from '../../jobs/jobs.schema.ts';

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
 */
export async function readSalaryLevels(exec: Executor): Promise<StoredSalaryLevels> {
  const [row] = await exec
    .select({ value: appSettings.value, updatedAt: appSettings.updatedAt, updatedBy: users.email })
    .from(appSettings)
    .leftJoin(users, eq(users.id, appSettings.updatedBy))
    .where(eq(appSettings.key, SALARY_LEVELS_SETTING));
  if (!row) return { levels: [...DEFAULT_SALARY_LEVELS], updatedAt: null, updatedBy: null };
  return {
    levels: salaryLevelsBody.parse(row.value).levels,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}
