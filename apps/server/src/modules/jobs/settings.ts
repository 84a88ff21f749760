import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appSettings } from './jobs.schema.ts';

const selectSetting = (exec: Executor, key: string) =>
  exec.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));

/** Operating switches shared by every instance; a missing key reads as `fallback`. */
export async function readSetting<T>(exec: Executor, key: string, fallback: T): Promise<T> {
  const [row] = await selectSetting(exec, key);
  return row ? (row.value as T) : fallback;
}

/** readSetting, the row locked until the transaction ends (a change compared and applied under it). */
export async function readSettingForUpdate<T>(exec: Executor, key: string, fallback: T): Promise<T> {
  const [row] = await selectSetting(exec, key).for('update');
  return row ? (row.value as T) : fallback;
}

export async function writeSetting(exec: Executor, key: string, value: unknown, updatedBy: number | null) {
  await exec
    .insert(appSettings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy, updatedAt: new Date() } });
}
