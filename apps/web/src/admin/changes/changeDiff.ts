import { i18n } from '../../i18n/index.ts';

/**
 * What a pending change changes, readably: the leaf fields whose values differ between `before` and
 * `after` (nested objects and arrays by path, e.g. `investmentLevels[1].percentage`), each with its
 * old and new value as short text. An array element or object key present on one side only is one
 * line (added or removed) with its whole value.
 */

export interface FieldChange {
  path: string;
  /** null: the field did not exist (added) or no longer exists (removed). */
  before: string | null;
  after: string | null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isContainer = (value: unknown) => Array.isArray(value) || isPlainObject(value);

/** A value as one line: strings as they are, the rest as compact JSON; null and '' as 空. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return i18n.t('admin:changes.diffEmpty');
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return i18n.t(value ? 'admin:changes.diffYes' : 'admin:changes.diffNo');
  // A whole object or list (an added level, a new channel): its fields as `key: value`, one item a line.
  if (Array.isArray(value)) return value.map(valueText).join('\n');
  if (isPlainObject(value))
    return Object.entries(value)
      .map(([key, item]) => `${key}: ${isContainer(item) ? JSON.stringify(item) : valueText(item)}`)
      .join(', ');
  return String(value);
}

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

function walk(before: unknown, after: unknown, path: string, out: FieldChange[]): void {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    for (let i = 0; i < length; i++) {
      const p = join(path, i);
      if (i >= before.length) out.push({ path: p, before: null, after: valueText(after[i]) });
      else if (i >= after.length) out.push({ path: p, before: valueText(before[i]), after: null });
      else walk(before[i], after[i], p, out);
    }
    return;
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const p = join(path, key);
      if (!(key in before)) out.push({ path: p, before: null, after: valueText(after[key]) });
      else if (!(key in after)) out.push({ path: p, before: valueText(before[key]), after: null });
      else walk(before[key], after[key], p, out);
    }
    return;
  }
  // A create (before null) or a delete (after null) of a whole object: every field on its own line.
  if ((before === null || before === undefined) && isPlainObject(after)) {
    walk({}, after, path, out);
    return;
  }
  if (isPlainObject(before) && (after === null || after === undefined)) {
    walk(before, {}, path, out);
    return;
  }
  const b = valueText(before);
  const a = valueText(after);
  if (b !== a || isContainer(before) !== isContainer(after))
    out.push({ path: path || i18n.t('admin:changes.diffValue'), before: b, after: a });
}

export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  walk(before, after, '', out);
  return out;
}
