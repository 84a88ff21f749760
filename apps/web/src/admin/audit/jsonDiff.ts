/**
 * Side-by-side before/after of an audit row: each side pretty-printed as JSON, split into blocks
 * (one per top-level key of an object), each block marked changed when the other side differs.
 */

export interface JsonBlock {
  /** Unique within a side: `key:<name>` for a top-level key, `open`, `close` or `value`. */
  id: string;
  /** The top-level key, or null for a brace or a value that is not an object. */
  key: string | null;
  text: string;
  changed: boolean;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with object keys sorted, so that equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const sameJson = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

const pretty = (value: unknown): string => JSON.stringify(value ?? null, null, 2) ?? 'null';

function blocksOf(side: unknown, other: unknown): JsonBlock[] {
  if (!isPlainObject(side))
    return [{ id: 'value', key: null, text: pretty(side), changed: !sameJson(side, other) }];
  const keys = Object.keys(side);
  if (keys.length === 0) return [{ id: 'value', key: null, text: '{}', changed: !sameJson(side, other) }];
  const otherObject = isPlainObject(other) ? other : undefined;
  return [
    { id: 'open', key: null, text: '{', changed: false },
    ...keys.map((key, index) => {
      const value = pretty(side[key]).replaceAll('\n', '\n  ');
      const comma = index < keys.length - 1 ? ',' : '';
      const changed = !otherObject || !(key in otherObject) || !sameJson(side[key], otherObject[key]);
      return { id: `key:${key}`, key, text: `  ${JSON.stringify(key)}: ${value}${comma}`, changed };
    }),
    { id: 'close', key: null, text: '}', changed: false },
  ];
}

export function jsonDiff(before: unknown, after: unknown): { before: JsonBlock[]; after: JsonBlock[] } {
  return { before: blocksOf(before, after), after: blocksOf(after, before) };
}

/** The top-level keys whose values differ (added, removed or changed). */
export function changedKeys(before: unknown, after: unknown): string[] {
  const b = isPlainObject(before) ? before : {};
  const a = isPlainObject(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((key) => !(key in b) || !(key in a) || !sameJson(b[key], a[key]));
}
