import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list screen's page, filters and search kept in the address (?status=pending&search=bob&page=2),
 * so that a reload, the back button and a shared link all show the same list.
 *
 * Each key has a type (see `param`): how it is read, written and what it is when absent. A value
 * in the address that the type does not accept reads as the default, so a hand-edited or stale
 * link never breaks the page or sends the server a value it refuses. Defaults are left out of the
 * address, and keys the schema does not know (another part of the page, a tab) are kept.
 */
export interface ListParam<T> {
  /** The value when the key is absent or not acceptable; never written to the address. */
  fallback: T;
  /** The value of the address text, or undefined when it is not acceptable. */
  parse(raw: string): T | undefined;
  format(value: T): string;
  /** A change of only such keys replaces the history entry instead of adding one (search typing). */
  replace?: boolean;
  /** Changing this key does not send the list back to page 1 (the page itself). */
  keepsPage?: boolean;
}

export type ListParamsSchema = Record<string, ListParam<unknown>>;
export type ListParamsValues<S extends ListParamsSchema> = {
  [K in keyof S]: S[K] extends ListParam<infer T> ? T : never;
};
export type SetListParams<S extends ListParamsSchema> = (
  change: Partial<ListParamsValues<S>>,
  options?: { replace?: boolean },
) => void;

/** Beyond this the page number is a typo, not a page (the server's offsets stay small). */
export const MAX_PAGE = 100_000;

const positiveInt = (raw: string, max: number): number | undefined => {
  if (!/^\d{1,9}$/.test(raw)) return undefined;
  const value = Number.parseInt(raw, 10);
  return value >= 1 && value <= max ? value : undefined;
};

const isDay = (raw: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** The types of keys. */
export const param = {
  /** The page number: 1 by default; every other change goes back to it. */
  page(): ListParam<number> {
    return { fallback: 1, parse: (raw) => positiveInt(raw, MAX_PAGE), format: String, keepsPage: true };
  },

  /** One of `values` (a select, status buttons, a tab). */
  oneOf<const V extends string>(values: readonly V[], fallback: NoInfer<V>): ListParam<V> {
    return {
      fallback,
      parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as V) : undefined),
      format: (value) => value,
    };
  },

  /** One of a few whole numbers (a page size). */
  intOneOf(values: readonly number[], fallback: number): ListParam<number> {
    return {
      fallback,
      parse: (raw) => {
        const value = positiveInt(raw, Number.MAX_SAFE_INTEGER);
        return value !== undefined && values.includes(value) ? value : undefined;
      },
      format: String,
    };
  },

  /** A whole number within min..max. */
  int(fallback: number, min: number, max: number): ListParam<number> {
    return {
      fallback,
      parse: (raw) => {
        if (!/^-?\d{1,9}$/.test(raw)) return undefined;
        const value = Number.parseInt(raw, 10);
        return value >= min && value <= max ? value : undefined;
      },
      format: String,
    };
  },

  /**
   * A search text, trimmed; longer than `max` (or, when not empty, shorter than `min`) is not
   * accepted. Changing it replaces the history entry, so that typing does not fill the history.
   */
  search({ max = 100, min = 0 }: { max?: number; min?: number } = {}): ListParam<string> {
    return {
      fallback: '',
      parse: (raw) => {
        const value = raw.trim();
        return value.length > max || (value.length > 0 && value.length < min) ? undefined : value;
      },
      format: (value) => value.trim(),
      replace: true,
    };
  },

  /** A free text filter that `accepts` (a contract check); '' when absent. */
  text(accepts: (value: string) => boolean = () => true): ListParam<string> {
    return { fallback: '', parse: (raw) => (accepts(raw) ? raw : undefined), format: (value) => value };
  },

  /** A calendar day, YYYY-MM-DD; '' when absent. */
  day(): ListParam<string> {
    return { fallback: '', parse: (raw) => (isDay(raw) ? raw : undefined), format: (value) => value };
  },
};

type AnyValues = Record<string, unknown>;

/** The values of the address: each key parsed, its default when absent or not accepted. */
export function readListParams<S extends ListParamsSchema>(
  schema: S,
  params: URLSearchParams,
): ListParamsValues<S> {
  const values: AnyValues = {};
  for (const [key, spec] of Object.entries(schema)) {
    const raw = params.get(key);
    const parsed = raw === null ? undefined : spec.parse(raw);
    values[key] = parsed === undefined ? spec.fallback : parsed;
  }
  return values as ListParamsValues<S>;
}

/** `base` with the schema's keys set to `values`: defaults left out, other keys kept. */
export function writeListParams<S extends ListParamsSchema>(
  schema: S,
  base: URLSearchParams,
  values: ListParamsValues<S>,
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const [key, spec] of Object.entries(schema)) {
    const text = spec.format((values as AnyValues)[key]);
    if (text === '' || text === spec.format(spec.fallback)) next.delete(key);
    else next.set(key, text);
  }
  return next;
}

/**
 * The values after `change`: a change of any key but the page goes back to page 1. Also says
 * which keys changed and whether the history entry should be replaced rather than added.
 */
export function applyListParamsChange<S extends ListParamsSchema>(
  schema: S,
  current: ListParamsValues<S>,
  change: Partial<ListParamsValues<S>>,
): { values: ListParamsValues<S>; changed: string[]; replace: boolean } {
  const before = current as AnyValues;
  const after: AnyValues = { ...before, ...(change as AnyValues) };
  const differs = (key: string) => {
    const spec = schema[key];
    return spec !== undefined && spec.format(after[key]) !== spec.format(before[key]);
  };
  // What the caller changed decides: the page going back to 1 with a search does not add an entry.
  const requested = Object.keys(change).filter(differs);
  const page = schema.page;
  if (page && requested.some((key) => !schema[key]?.keepsPage) && !('page' in change)) {
    after.page = page.fallback;
  }
  const changed = Object.keys(schema).filter(differs);
  const replace = requested.length > 0 && requested.every((key) => schema[key]?.replace === true);
  return { values: after as ListParamsValues<S>, changed, replace };
}

/**
 * [values, set] of a list whose page and filters live in the address. `schema` must be a
 * module-level constant. `set(change)` adds a history entry (back returns to the previous list),
 * except when only replace keys (a search being typed) change; `{ replace }` decides it instead.
 * Setting what is already there does nothing.
 */
export function useListParams<S extends ListParamsSchema>(
  schema: S,
): [ListParamsValues<S>, SetListParams<S>] {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const values = useMemo(() => readListParams(schema, new URLSearchParams(search)), [schema, search]);

  const set = useCallback<SetListParams<S>>(
    (change, options) => {
      const base = new URLSearchParams(search);
      const next = applyListParamsChange(schema, values, change);
      const params = writeListParams(schema, base, next.values);
      if (params.toString() === search) return;
      // Only cleaning up a value that was not accepted anyway: no new history entry.
      const replace = options?.replace ?? (next.changed.length === 0 || next.replace);
      setSearchParams(params, { replace });
    },
    [schema, search, values, setSearchParams],
  );

  return [values, set];
}
