import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The success half of the envelope; errors are shaped by the error handler in app.ts. */
export const ok = <T>(data: T, message = '操作成功') => ({ success: true as const, message, data });

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

/** `/:id` of a record: a positive integer. */
export const idParams = z.object({ id: z.coerce.number().int().positive('id 不正确') });
