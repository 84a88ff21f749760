import type { Endpoint } from '@platform/contracts';
import type { z } from 'zod';
import { type EndpointRoute, type Router, route, security } from '../../core/http.ts';
import { sealed } from './effect-seal.ts';

type Handler<E extends Endpoint> = EndpointRoute<E, Record<never, z.ZodType>>['handler'];
type RouteRequest<E extends Endpoint> = Parameters<Handler<E>>[0];
type RouteReply<E extends Endpoint> = Parameters<Handler<E>>[1];

/**
 * A signed-in caller's money or trading action under an `Idempotency-Key` whose reply is kept with
 * its effect (docs/idempotency.md): `run` calls the service, `answer` makes the reply of its result,
 * the same for the reply sent and the one stored with the key.
 */
export function sealedRoute<E extends Endpoint, T>(
  app: Router,
  endpoint: E,
  options: {
    tags: string[];
    preHandler: NonNullable<EndpointRoute<E>['preHandler']>;
    run: (request: RouteRequest<E>, reply: RouteReply<E>) => Promise<T>;
    answer: (result: T) => Awaited<ReturnType<Handler<E>>>;
  },
): void {
  const { tags, preHandler, run, answer } = options;
  route(app, endpoint, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler,
    // The reply's type is checked where `answer` is written; Fastify's handler type cannot name it
    // for an endpoint not known yet.
    handler: ((request, reply) => sealed(request, reply, () => run(request, reply), answer)) as Handler<E>,
  });
}
