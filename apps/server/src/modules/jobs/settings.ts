import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userDirectory } from '../users/users.ts';
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

/** A setting's stored row: its value, when and by whom (a user id) it was last saved; null if none. */
export async function readSettingEntry(
  exec: Executor,
  key: string,
): Promise<{ value: unknown; updatedAt: Date; updatedBy: number | null } | null> {
  const [row] = await exec
    .select({ value: appSettings.value, updatedAt: appSettings.updatedAt, updatedBy: appSettings.updatedBy })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row ?? null;
}

/** The admin who last saved a setting. */
const settingEditor = userDirectory('setting_editor');

/**
 * A setting's value, when it was last saved and the e-mail of who saved it (null when nobody did or
 * the user is gone), in one statement; `lock` locks the setting's row (not its editor's) until the
 * transaction ends. Null when the setting was never saved.
 */
export async function readSettingWithEditor(
  exec: Executor,
  key: string,
  opts: { lock?: boolean } = {},
): Promise<{ value: unknown; updatedAt: Date; editorEmail: string | null } | null> {
  const query = exec
    .select({ value: appSettings.value, updatedAt: appSettings.updatedAt, editorEmail: settingEditor.email })
    .from(appSettings)
    .leftJoin(settingEditor, eq(settingEditor.id, appSettings.updatedBy))
    .where(eq(appSettings.key, key));
  const [row] = await (opts.lock ? query.for('update', { of: appSettings }) : query);
  return row ?? null;
}

/**
 * Saves a setting. `at` is its saving time; without it a new row takes the database's now() and an
 * update this instance's clock.
 */
export async function writeSetting(
  exec: Executor,
  key: string,
  value: unknown,
  updatedBy: number | null,
  at?: Date,
) {
  await exec
    .insert(appSettings)
    .values({ key, value, updatedBy, updatedAt: at })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy, updatedAt: at ?? new Date() } });
}
