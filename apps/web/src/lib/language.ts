import {
  isLanguage,
  type Language,
  type PublicUser,
  setAdminLanguage,
  setMyLanguage,
} from '@platform/contracts';
import { chooseLanguage } from '../i18n/index.ts';
import { LANGUAGE_STORAGE_KEY } from '../i18n/languages.ts';
import { call } from './request.ts';
import { readToken, readUser } from './storage.ts';

/** The profile's language call of this account: the back office's for an admin, the user's otherwise. */
function saveToProfile(user: PublicUser, language: Language): Promise<unknown> {
  return call(user.role === 'admin' ? setAdminLanguage : setMyLanguage, { body: { language } });
}

/**
 * A language chosen in a switch: shown at once and kept on the device; signed in, saved to the
 * profile too, so that it follows the user to another device. Resolves false when the profile could
 * not be saved (the device keeps the choice; the next login applies the profile's again).
 */
export async function switchLanguage(language: Language): Promise<boolean> {
  chooseLanguage(language);
  const user = readUser();
  if (!readToken() || !user) return true;
  try {
    await saveToProfile(user, language);
    return true;
  } catch {
    return false;
  }
}

/**
 * At login or registration: the profile's language wins (chosen on another device); a profile
 * without one gets the choice made on this device (the login page's switch), so that it follows
 * the user. A device that never chose (the browser's language) saves nothing.
 */
export function adoptProfileLanguage(user: PublicUser, storage: Storage = window.localStorage): void {
  if (user.language) {
    chooseLanguage(user.language, storage);
    return;
  }
  const chosen = storage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(chosen)) void saveToProfile(user, chosen).catch(() => undefined);
}
