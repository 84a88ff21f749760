/**
 * Why a request was refused, as a fixed code (the metrics' `reason` label, docs/operations.md,
 * "Metrics"): never the message, which is free text and, with issue 38, in the reader's language.
 * A refusal whose status says it all needs nothing; where one status covers several reasons (a
 * 422), the throwing site names it with `because`.
 */
export const REFUSAL_REASONS = [
  'insufficient_balance',
  'price_unavailable',
  'stale_price',
  'validation',
  'limit',
  'pair_closed',
  'rate_limited',
  'unauthorized',
  'duplicate',
  'other',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

const named = new WeakMap<object, RefusalReason>();

/** Names the reason of a refusal the status alone does not tell; returns the error. */
export function because<E extends Error>(reason: RefusalReason, error: E): E {
  named.set(error, reason);
  return error;
}

/** Each status of a deliberate refusal and the reason it stands for unless the thrower named one. */
const BY_STATUS: Record<number, RefusalReason> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'unauthorized',
  // A pair missing or not enabled (PairsService.requireEnabled); no other order refusal is a 404.
  404: 'pair_closed',
  409: 'duplicate',
  429: 'rate_limited',
  502: 'price_unavailable',
  503: 'stale_price',
};

/** The reason of a refusal: the one its thrower named, else its status's, else `other`. */
export function refusalReason(error: unknown, status: number): RefusalReason {
  const given = typeof error === 'object' && error !== null ? named.get(error) : undefined;
  return given ?? BY_STATUS[status] ?? 'other';
}
