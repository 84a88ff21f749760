import type { Endpoint } from '@platform/contracts';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { render, requestLanguage, t } from '../i18n/i18n.ts';

/** The success half of the envelope; errors are shaped by the error handler in app.ts. */
export const ok = <T>(data: T, message = OK_MESSAGE) => ({ success: true as const, message, data });
const OK_MESSAGE = t('zh-CN', 'common.ok');

/**
 * Success messages given as Chinese texts that a catalogue knows — ok()'s default and the
 * contracts' constants (FAVORITES_MESSAGES.saved…) — in the request's language; a route's own
 * message is rendered by the route (`tr(request, key)`, docs/i18n.md).
 */
export function translateSuccessMessages(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (typeof payload !== 'object' || payload === null) return payload;
    const envelope = payload as { success?: unknown; message?: unknown };
    if (envelope.success !== true || typeof envelope.message !== 'string') return payload;
    const language = requestLanguage(request);
    if (language === 'zh-CN') return payload;
    const message =
      envelope.message === OK_MESSAGE ? t(language, 'common.ok') : render(language, envelope.message);
    return { ...envelope, message };
  });
}

/** Routes are declared through this so that zod contracts type the handlers. */
export type Router = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
export const router = (app: FastifyInstance): Router => app.withTypeProvider<ZodTypeProvider>();

/** Marks a route in the OpenAPI document as needing the bearer token (its Authorize button applies it). */
export const security = [{ bearer: [] }];

/** The fastify schema an endpoint stands for: what its handler's request and reply are typed from. */
type EndpointSchema<E extends Endpoint, More extends MoreReplies> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['reply'] extends undefined
    ? undefined
    : (E['status'] extends 202 ? { 202: E['reply'] } : { 200: E['reply'] }) & More;
};

/** Replies besides the 200 that a handler itself sends (the error handler shapes the rest). */
type MoreReplies = Record<number, z.ZodType>;

/** What a routes file adds to an endpoint: who may call it, its OpenAPI tags, and the handler. */
export interface EndpointRoute<E extends Endpoint, More extends MoreReplies = MoreReplies> {
  tags: string[];
  /** The bearer requirement; left out on a public route (the document then says `security: []`). */
  security?: typeof security;
  /** Only the multipart uploads set it. */
  consumes?: string[];
  moreReplies?: More;
  config?: RouteShorthandOptions['config'];
  preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    EndpointSchema<E, More> & FastifySchema,
    ZodTypeProvider,
    FastifyBaseLogger
  >;
}

/**
 * Registers a route from its contract: method, url, the params/query/body validation, the 200
 * reply's serializer, and the OpenAPI operationId and summary all come from the endpoint.
 */
export function route<E extends Endpoint, More extends MoreReplies = Record<never, z.ZodType>>(
  app: Router,
  endpoint: E,
  options: EndpointRoute<E, More>,
): void {
  const { tags, security: routeSecurity, consumes, moreReplies, ...rest } = options;
  const schema: FastifySchema & Record<string, unknown> = {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags,
    ...(routeSecurity ? { security: routeSecurity } : {}),
    ...(consumes ? { consumes } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.reply ? { response: { [endpoint.status ?? 200]: endpoint.reply, ...moreReplies } } : {}),
  };
  app.route({ method: endpoint.method, url: endpoint.path, schema, ...rest } as Parameters<
    Router['route']
  >[0]);
}
