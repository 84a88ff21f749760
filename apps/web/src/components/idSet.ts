/** A copy of `set` with `id` added (on) or removed: for "rows whose update is running" state. */
export function toggled(set: ReadonlySet<number>, id: number, on: boolean): ReadonlySet<number> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}
