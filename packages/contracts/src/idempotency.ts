import { z } from 'zod';

/**
 * Idempotency keys with Stripe's rules (ARCHITECTURE.md, "Idempotency keys"; issue 18). Every call
 * that moves money takes an optional `Idempotency-Key` header, scoped to the caller: the first
 * completed reply (status and body) is kept for 24 hours and a retry with the same key and the same
 * request gets it again, marked `Idempotent-Replayed: true`, without the work being done twice. The
 * same key with another request is a 422; a retry while the first call still runs (or never
 * answered) a 409. A client makes one key per user action and sends it again only when it retries
 * that action (no answer, a timeout, a 5xx); a changed request needs a new key.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** On a replayed reply only. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a completed key's reply is kept and replayed (and the key stays taken). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export const IDEMPOTENCY_TEXTS = {
  empty: '幂等键不能为空',
  tooLong: `幂等键不能超过${IDEMPOTENCY_KEY_MAX_LENGTH}个字符`,
  notPrintable: '幂等键只能包含可打印的 ASCII 字符，且首尾不能是空格',
  /** 422: the key was used for another request (another body, route or record). */
  mismatch: '该幂等键已用于不同的请求',
  /** 409: the first request with this key has not answered yet. */
  inProgress: '相同幂等键的请求正在处理中，请稍后重试',
  /** 409: the first request never answered (the server stopped): its outcome must be checked, not redone. */
  outcomeUnknown: '相同幂等键的请求未能完成，结果未知，请核对记录后再操作',
} as const;

/** Why a request with a key was refused (the reply's `data.idempotency`). */
export type IdempotencyRefusal = 'mismatch' | 'in_progress' | 'outcome_unknown';

/** The header's value: 1–255 printable ASCII characters, no space at either end (UUIDs fit). */
export const idempotencyKey = z
  .string()
  .min(1, IDEMPOTENCY_TEXTS.empty)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_TEXTS.tooLong)
  // Empty passes here: min(1) names that alone.
  .regex(/^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/, IDEMPOTENCY_TEXTS.notPrintable);

/**
 * The headers part of a money-moving route's schema (Fastify gives header names in lower case).
 * Loose: every other header passes through untouched.
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': idempotencyKey.optional().meta({
    description:
      `幂等键（Stripe 规则）：1–${IDEMPOTENCY_KEY_MAX_LENGTH} 个可打印字符，按调用者区分。首次完成的响应保存 ` +
      `${IDEMPOTENCY_KEY_TTL_HOURS} 小时；相同请求重试时原样返回并带 ${IDEMPOTENT_REPLAYED_HEADER}: true；` +
      '同一键用于不同请求为 422，首个请求仍在处理时为 409。',
  }),
});
