import { z } from 'zod';

/**
 * Idempotency keys with Stripe's rules (ARCHITECTURE.md, "Idempotency keys"; issue 18). Every call
 * that moves money takes an `Idempotency-Key` header (required on withdrawal requests and balance
 * adjustments), scoped to the caller: the first completed reply (status and body) is kept for 24
 * hours and a retry with the same key and the same request gets it again, marked
 * `Idempotent-Replayed: true`, without the work being done twice. The same key with another request
 * is a 422; a retry while the first call still runs a 409; a call whose database connection was lost
 * (its outcome unknown to the server) a 503 that the retry with the key resolves. A client makes one
 * key per user action and sends it again only when it retries that action (no answer, a timeout, a
 * 5xx); a changed request needs a new key.
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
  /**
   * 409: a request from before keys named their instance never answered: its outcome must be
   * checked, not redone.
   */
  outcomeUnknown: '相同幂等键的请求未能完成，结果未知，请核对记录后再操作',
  /**
   * 503: the database connection was lost, perhaps on the commit: whether it was done is unknown
   * here. The retry with the same key replays the reply if it was, and does it once if not.
   */
  confirming: '结果确认中，请使用同一请求重试',
  /** 400: the route needs a key (withdrawal requests, balance adjustments). */
  required: '缺少幂等键：该操作必须带 Idempotency-Key 请求头，重试时使用同一个键',
} as const;

/** Why a request with a key was refused (the reply's `data.idempotency`). */
export type IdempotencyRefusal = 'mismatch' | 'in_progress' | 'outcome_unknown' | 'confirming';

/** The header's value: 1–255 printable ASCII characters, no space at either end (UUIDs fit). */
const keyString = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .min(1, IDEMPOTENCY_TEXTS.empty)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_TEXTS.tooLong)
    // Empty passes here: min(1) names that alone.
    .regex(/^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/, IDEMPOTENCY_TEXTS.notPrintable);
export const idempotencyKey = keyString();

/**
 * The headers part of a money-moving route's schema (Fastify gives header names in lower case).
 * Loose: every other header passes through untouched.
 */
const keyDescription =
  `幂等键（Stripe 规则）：1–${IDEMPOTENCY_KEY_MAX_LENGTH} 个可打印字符，按调用者区分。首次完成的响应保存 ` +
  `${IDEMPOTENCY_KEY_TTL_HOURS} 小时；相同请求重试时原样返回并带 ${IDEMPOTENT_REPLAYED_HEADER}: true；` +
  '同一键用于不同请求为 422，首个请求仍在处理时为 409；数据库连接中断、结果未知时为 503（结果确认中），' +
  '用同一键重试即可。';

export const idempotencyHeaders = z.looseObject({
  'idempotency-key': idempotencyKey.optional().meta({ description: keyDescription }),
});

/** The same, on a route that needs a key (a request without one is 400 naming the header). */
export const requiredIdempotencyHeaders = z.looseObject({
  'idempotency-key': keyString({
    error: (issue) => (issue.input === undefined ? IDEMPOTENCY_TEXTS.required : undefined),
  }).meta({ description: `${keyDescription}此操作必须带幂等键。` }),
});
