import 'i18next';
import type { zhCNResources } from './resources.ts';

// Typed keys: t('user:auth.login') is checked against the zh-CN catalogues, so a missing key is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof zhCNResources;
  }
}
