/**
 * The web's i18next instance (docs/i18n.md, web section): the catalogues of the user app, the back
 * office and what both show (common), zh-CN first. Switching the language switches antd's locale
 * (AppProviders), dayjs's and <html lang>; every API request sends it as Accept-Language (lib/request.ts).
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import {
  contractMessageIn,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
} from '@platform/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, LANGUAGE_STORAGE_KEY } from './languages.ts';
import { NAMESPACES, resources } from './resources.ts';

export const i18n = i18next.createInstance();

function followLanguage(language: string): void {
  dayjs.locale(language === 'en' ? 'en' : 'zh-cn');
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

i18n.on('languageChanged', followLanguage);

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  load: 'currentOnly',
  ns: NAMESPACES,
  defaultNS: 'common',
  // Resources are bundled: the first render already has its texts.
  initAsync: false,
  // React escapes.
  interpolation: { escapeValue: false },
});
followLanguage(i18n.language);

/** The language shown now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Shows `language` without remembering it (a profile's language applied, a test's set-up). */
export function applyLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/** This device's choice: shown at once and remembered in local storage (kept across logouts). */
export function chooseLanguage(language: Language, storage: Storage = window.localStorage): void {
  storage.setItem(LANGUAGE_STORAGE_KEY, language);
  applyLanguage(language);
}

/** A text of the contracts (the server's words) in the language shown; as it is when their catalogue lacks it. */
export function contractText(text: string): string {
  return contractMessageIn(currentLanguage(), text) ?? text;
}
