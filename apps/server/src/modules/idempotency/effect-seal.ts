import { AsyncLocalStorage } from 'node:async_hooks';
import { IDEMPOTENCY_TEXTS } from '@platform/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { type HeldKey, sealKeys } from './idempotency.repository.ts';

/**
 * An effect and its Idempotency-Key commit together (ARCHITECTURE.md, "Idempotency keys"; issue 31).
 * A route whose request holds a key runs its work through `sealed`, and the service completes the key
 * with the reply inside the transaction that makes the effect, as that transaction's last statement
 * (`sealEffect`, or `sealEffects` for a group commit's many requests). A lost COMMIT reply then leaves
 * either the effect with its completed key (a retry replays the reply) or neither (a retry runs).
 *
 * The key is completed only on condition of the request's attempt token: a request whose key a retry
 * has taken over (its instance looked gone, its request looked ended) cannot commit an effect.
 */
export interface Seal {
  readonly key: HeldKey;
  /** The route's reply for the effect's result, as the JSON text it sends. */
  replyText(result: unknown): string;
  /** The text stored by the last transaction that completed the key (sent if that one committed). */
  stored?: string;
}

/** What the plugin keeps for a request holding its key. */
export interface RequestKey {
  readonly key: HeldKey;
  /**
   * The reply its effect's transaction stored with the key. When the reply sent is this text, that
   * transaction committed and nothing is left to store; any other reply is stored as usual (a
   * transaction that sealed and then rolled back stored nothing).
   */
  storedByEffect?: string;
}

/** The requests holding a key, from the plugin's preHandler until their reply. */
export const requestKeys = new WeakMap<FastifyRequest, RequestKey>();

const seals = new AsyncLocalStorage<Seal>();

/**
 * The seal of the request this code runs for, if it holds a key. A service takes it before its
 * transaction; a group commit takes it when a request submits (its writes run in another context).
 */
export function currentSeal(): Seal | undefined {
  return seals.getStore();
}

/** A request's key was taken over by a retry (409): its transaction must not commit. */
export class KeyTakenOver extends AppError {
  constructor(readonly tag: string) {
    super(409, IDEMPOTENCY_TEXTS.inProgress, { idempotency: 'in_progress' });
  }
}

/** The tag a group commit gives a sealed item, which KeyTakenOver names (writeTogetherOrAlone's culprit). */
export const sealTag = (seal: Seal) => `idempotency:${seal.key.userId}:${seal.key.key}`;
export const takenOverTag = (err: unknown) => (err instanceof KeyTakenOver ? err.tag : undefined);

/**
 * Inside the effect's transaction, last: completes each request's key with the reply its result
 * gets. One statement for all of them; throws KeyTakenOver for a key no longer held.
 */
export async function sealEffects(
  tx: Executor,
  items: ReadonlyArray<{ seal: Seal | undefined; result: unknown }>,
): Promise<void> {
  const held = items.flatMap(({ seal, result }) => (seal ? [{ seal, text: seal.replyText(result) }] : []));
  if (held.length === 0) return;
  const done = await sealKeys(
    tx,
    held.map(({ seal, text }) => ({
      userId: seal.key.userId,
      key: seal.key.key,
      attempt: seal.key.attempt,
      body: text,
    })),
  );
  const lost = held.find(({ seal }) => !done.has(`${seal.key.userId}:${seal.key.key}`));
  if (lost) throw new KeyTakenOver(sealTag(lost.seal));
  for (const { seal, text } of held) seal.stored = text;
}

export const sealEffect = (tx: Executor, seal: Seal | undefined, result: unknown) =>
  sealEffects(tx, [{ seal, result }]);

/**
 * A route's work whose effect keeps its reply with the key: `run` calls the service (which seals its
 * effect's transaction with `currentSeal()`), `build` makes the reply of its result, the same for the
 * reply sent and the one stored. Without a key it is `build(await run())`.
 */
export async function sealed<T, R>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<T>,
  build: (result: T) => R,
): Promise<R> {
  const held = requestKeys.get(request);
  if (!held) return build(await run());
  // The route's own 200 serializer (its zod reply schema), as Fastify applies it to what is sent.
  const serialize: (payload: never) => string = reply.getSerializationFunction('200') ?? JSON.stringify;
  const seal: Seal = { key: held.key, replyText: (result) => serialize(build(result as T) as never) };
  const result = await seals.run(seal, run);
  held.storedByEffect = seal.stored;
  return build(result);
}
