import type { Language } from '@platform/contracts';

/**
 * Texts the server stores once, in zh-CN, and shows later to readers of either language (issue 38):
 * ledger memos, the market-data service's log, a proof-of-liabilities snapshot's placeholder. A
 * stored text is recognised by its template's shape and written again in the reader's language with
 * the same values; a text of no known shape (an older wording) is shown as stored. Values are data
 * (ids, amounts, a venue's error) unless `valueIn` says a value is a label of its own.
 */
export type Templates<K extends string> = Record<K, Record<Language, string>>;
export type Values = Readonly<Record<string, string | number>>;
type ValueIn<K> = (language: Language, kind: K, name: string, value: string) => string;

const fill = (template: string, values: Values) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

export function storedTexts<K extends string>(templates: Templates<K>, valueIn?: ValueIn<K>) {
  const shapes = (Object.keys(templates) as K[]).map((kind) => {
    const names: string[] = [];
    const source = templates[kind]['zh-CN']
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(name);
        return '(.*?)';
      })
      .join('');
    return { kind, names, pattern: new RegExp(`^${source}$`, 's') };
  });
  return {
    /** The text to store for `kind`: always zh-CN. */
    write: (kind: K, values: Values = {}): string => fill(templates[kind]['zh-CN'], values),
    /** A stored text in `language` (as stored when it is zh-CN, null, or of no known shape). */
    readIn(language: Language, text: string | null): string | null {
      if (text === null || language === 'zh-CN') return text;
      for (const { kind, names, pattern } of shapes) {
        const match = pattern.exec(text);
        if (!match) continue;
        const values: Record<string, string> = {};
        names.forEach((name, i) => {
          const value = match[i + 1] ?? '';
          values[name] = valueIn ? valueIn(language, kind, name, value) : value;
        });
        return fill(templates[kind][language], values);
      }
      return text;
    },
  };
}
