import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP route as both sides see it: the server registers the route from it and the web calls
 * it through it, so a path, a method or a schema cannot differ between them. `operationId` names
 * the operation in the OpenAPI document (unique across the API); `reply` is the 200 envelope and is
 * absent for the routes that send a file.
 */
export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Reply extends z.ZodType | undefined = z.ZodType | undefined,
> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  /** English, beside the Chinese summary in the OpenAPI document (issue 38, docs/i18n.md). */
  readonly description: string;
  readonly params?: Params;
  readonly query?: Query;
  readonly body?: Body;
  readonly reply?: Reply;
  /** The status `reply` is sent with when not 200 (202 for a call that proposes a change). */
  readonly status?: 202;
}

export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a caller sends: the path parameters, the query string and the body, as they go on the wire. */
export type EndpointParams<E extends Endpoint> = Input<E['params']>;
export type EndpointQuery<E extends Endpoint> = Input<E['query']>;
export type EndpointBody<E extends Endpoint> = Input<E['body']>;

/** The whole 200 envelope of an endpoint. */
export type EndpointReply<E extends Endpoint> = E['reply'] extends z.ZodType ? z.output<E['reply']> : never;

/** The `data` of an endpoint's 200 envelope: what a successful call gives the caller. */
export type EndpointData<E extends Endpoint> = EndpointReply<E> extends { data: infer D } ? D : never;

/** The path with its `:name` parameters filled in (encoded). */
export function endpointUrl(e: Endpoint, params?: Record<string, string | number>): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${e.operationId}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** Tells the endpoints among the contracts' exports (the tests list them this way). */
export function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'operationId' in value &&
    'method' in value &&
    'path' in value
  );
}
