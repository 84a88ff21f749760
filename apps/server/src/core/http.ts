import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

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
