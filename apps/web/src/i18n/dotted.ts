import { isLanguage } from '@platform/contracts';
import { type AdminCatalogue, resources } from './resources.ts';

/**
 * A label whose code holds dots (an audit action `deposit.approve`, a change kind `channel.create`),
 * read from the admin catalogue directly: i18next would read the dots as key separators. A code
 * without a label (a row older than its label) shows as it is.
 */
export function dottedLabelIn(
  language: string,
  labels: (admin: AdminCatalogue) => Readonly<Record<string, string>>,
  code: string,
): string {
  const table = labels(resources[isLanguage(language) ? language : 'zh-CN'].admin);
  return Object.hasOwn(table, code) ? (table[code] as string) : code;
}
