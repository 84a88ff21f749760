import { DEFAULT_LANGUAGE, isLanguage, type Language, languageOfTags } from '@platform/contracts';

/**
 * Which language this device shows (docs/i18n.md, web section): the one chosen here before (local
 * storage, kept across logouts), else the browser's (`navigator.languages`: the first English or
 * Chinese tag decides, contracts' languageOfTags), else Chinese. Signed in, the profile's `language`
 * replaces it at login (lib/language.ts).
 */

/** Local-storage key of the device's choice: no SESSION_STORAGE_KEY_FRAGMENTS fragment, so logging out keeps it. */
export const LANGUAGE_STORAGE_KEY = 'language';

/** The language this device starts in: its stored choice, else the browser's. */
export function initialLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  languages: readonly string[] | undefined = globalThis.navigator?.languages,
): Language {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  return languages ? languageOfTags(languages) : DEFAULT_LANGUAGE;
}
