import type {
  FastifyDynamicSwaggerOptions,
  SwaggerTransform,
  SwaggerTransformObject,
} from '@fastify/swagger';
import { APP_VERSION, errorEnvelope } from '@platform/contracts';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The OpenAPI document at `/api/docs/json`, made for client generators: every operation has an id,
 * a summary (Chinese) and a description (English, issue 38: both from its endpoint in
 * packages/contracts), its security and the envelope's error replies, and every `$ref` resolves. Redocly's
 * recommended lint keeps it so (app-openapi.test.ts).
 */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  // The error replies of each operation, found by the route transform and written by the
  // document transform, which alone can add shared responses.
  const errorRepliesByOperation = new Map<string, ErrorStatus[]>();

  const transform: SwaggerTransform = (route) => {
    const transformed = jsonSchemaTransform(route);
    const schema: RouteDocument = { ...(transformed.schema as RouteDocument | undefined) };
    if (schema.hide) return transformed;
    const method = ([route.route.method].flat()[0] ?? 'GET').toUpperCase();
    // Every documented route is registered from its endpoint (core/http.ts route()), which names it
    // and gives its Chinese summary and its English description (issue 38).
    const { operationId } = schema;
    if (!operationId || !schema.summary || !schema.description)
      throw new Error(
        `${method} ${route.url} has no operationId, summary or description: register it from its endpoint in packages/contracts (route()), or hide it from the API document`,
      );
    // A route that declares no security is public: said explicitly, so generators do not guess.
    schema.security ??= [];
    errorRepliesByOperation.set(
      operationId,
      errorStatusesOf({
        method,
        schema,
        rateLimited: Boolean((route.route.config as { rateLimit?: unknown } | undefined)?.rateLimit),
      }),
    );
    return { schema, url: transformed.url };
  };

  const transformObject: SwaggerTransformObject = (documentObject) => {
    const document = jsonSchemaTransformObject(documentObject) as OpenApiDocument;
    const components = document.components ?? {};
    components.schemas = { ...components.schemas, ErrorReply: errorReplySchema() };
    components.responses = { ...components.responses, ...errorResponses() };
    for (const operation of operationsOf(document)) {
      const statuses = errorRepliesByOperation.get(operation.operationId ?? '') ?? [];
      for (const status of statuses) {
        operation.responses[status] ??= { $ref: `#/components/responses/${ERROR_REPLIES[status].name}` };
      }
    }
    document.components = components;
    tidySchemas(document);
    dropUnusedComponents(document);
    return document;
  };

  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Trading platform API',
        version: APP_VERSION,
        description: API_DESCRIPTION,
      },
      // Relative: the document describes the server that serves it, whatever its address.
      servers: [{ url: '/', description: '提供本文档的服务器 / The server that serves this document' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform,
    transformObject,
  };
}

const API_DESCRIPTION = [
  '加密资产交易平台的 HTTP 接口。',
  '',
  '每个回复（错误也一样）都是 `{ success, message, data? }` 信封，状态码说明结果：400 参数错误（校验失败时',
  '`data.errors` 逐项列出字段）、401 未登录或登录已过期、403 权限不足、404 记录不存在、409 当前状态不允许',
  '该操作、422 业务规则不允许（如余额不足）、429 请求过于频繁、503 服务暂时不可用（稍后重试）。',
  '金额与价格是十进制字符串，时间是 ISO-8601 UTC。需要登录的接口在 `Authorization: Bearer <token>` 头里带令牌。',
  '',
  // The same in English (issue 38): each operation's summary is Chinese, its description English.
  'The HTTP API of the crypto-asset trading platform.',
  '',
  'Every reply, errors included, is a `{ success, message, data? }` envelope, and the status code tells the outcome:',
  '400 invalid parameters (on a validation error `data.errors` lists the fields), 401 not logged in or the session',
  'expired, 403 not allowed, 404 not found, 409 not allowed in the current state, 422 refused by a business rule',
  '(such as an insufficient balance), 429 too many requests, 503 temporarily unavailable (retry shortly).',
  'Amounts and prices are decimal strings, times ISO-8601 UTC. Calls that need a login carry the token in an',
  "`Authorization: Bearer <token>` header. `message` is in the caller's language: their chosen one, else",
  '`Accept-Language` (`en` or `zh-CN`).',
].join('\n');

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429;

/** The envelope's error replies (ARCHITECTURE.md, "API conventions"), as shared responses. */
const ERROR_REPLIES: Record<ErrorStatus, { name: string; description: string; english: string }> = {
  400: {
    name: 'BadRequest',
    description: '参数错误：校验失败时 data.errors 逐项列出字段',
    english: 'Invalid parameters: on a validation error data.errors lists the fields',
  },
  401: {
    name: 'Unauthorized',
    description: '未登录或登录已过期',
    english: 'Not logged in, or the session expired',
  },
  403: {
    name: 'Forbidden',
    description: '权限不足（或账号已停用、需先启用两步验证、签名链接无效）',
    english:
      'Not allowed (or the account is disabled, two-factor authentication must be set up first, or a signed link is invalid)',
  },
  404: { name: 'NotFound', description: '记录不存在', english: 'Not found' },
  409: {
    name: 'Conflict',
    description: '当前状态不允许该操作（或重复、已被处理）',
    english: 'Not allowed in the current state (or a duplicate, or already handled)',
  },
  422: {
    name: 'UnprocessableEntity',
    description: '业务规则不允许（如余额不足）',
    english: 'Refused by a business rule (such as an insufficient balance)',
  },
  429: {
    name: 'TooManyRequests',
    description: '请求过于频繁，请稍后再试',
    english: 'Too many requests; try again later',
  },
};

interface RouteDocument {
  hide?: boolean;
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  headers?: unknown;
  response?: Record<string, unknown>;
}

/**
 * Where each error reply can come from: validation (a route that takes input, or changes
 * something), the guards (a route behind a login: no token is 401; a user on an admin route, a
 * disabled account or an admin still to enrol in 2FA is 403), a record named in the path (404), a
 * change refused by the record's state or a business rule (409, 422), a route rate limit (429). A
 * signed link (`signature` in its query) that is altered or expired is 403. A status the route
 * documents itself (a reply its handler sends) is left as the route says.
 */
function errorStatusesOf(route: {
  method: string;
  schema: RouteDocument;
  rateLimited: boolean;
}): ErrorStatus[] {
  const { schema, method } = route;
  const signedIn = (schema.security?.length ?? 0) > 0;
  const changes = method !== 'GET' && method !== 'HEAD';
  const takesInput = Boolean(schema.params || schema.querystring || schema.body || schema.headers);
  const signedLink = hasProperty(schema.querystring, 'signature');
  const statuses: ErrorStatus[] = [];
  if (takesInput || changes) statuses.push(400);
  if (signedIn) statuses.push(401);
  if (signedIn || signedLink) statuses.push(403);
  if (schema.params) statuses.push(404);
  if (changes) statuses.push(409, 422);
  if (route.rateLimited) statuses.push(429);
  return statuses;
}

function hasProperty(jsonSchema: unknown, name: string): boolean {
  const properties = (jsonSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties !== undefined && name in properties;
}

function errorReplySchema(): JsonSchema {
  return z.toJSONSchema(errorEnvelope, { target: 'openapi-3.0', io: 'output' }) as JsonSchema;
}

function errorResponses(): Record<string, { description: string; content: unknown }> {
  const content = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorReply' } } };
  return Object.fromEntries(
    Object.values(ERROR_REPLIES).map(({ name, description, english }) => [
      name,
      { description: `${description} / ${english}`, content },
    ]),
  );
}

type JsonSchema = { [keyword: string]: unknown };

interface Operation {
  operationId?: string;
  responses: Record<string, unknown>;
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema>; responses?: Record<string, unknown> };
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.values(document.paths ?? {}).flatMap((pathItem) =>
    Object.entries(pathItem)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([, operation]) => operation),
  );
}

/**
 * What zod's OpenAPI 3.0 output says less well than the contract: a record keyed by an enum keeps
 * its `required` keys but loses their names (3.0 has no `propertyNames`), and a tuple of two equal
 * types becomes an `anyOf` of two equal branches. Both are written as the plain schema they mean.
 */
function tidySchemas(document: OpenApiDocument) {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const schema = node as JsonSchema;
    for (const child of Object.values(schema)) visit(child);
    const anyOf = schema.anyOf;
    if (Array.isArray(anyOf) && anyOf.length > 1) {
      const first = JSON.stringify(anyOf[0]);
      if (anyOf.every((branch) => JSON.stringify(branch) === first)) {
        delete schema.anyOf;
        Object.assign(schema, anyOf[0]);
      }
    }
    const { required, additionalProperties } = schema;
    if (Array.isArray(required) && additionalProperties && typeof additionalProperties === 'object') {
      const properties = { ...(schema.properties as Record<string, unknown> | undefined) };
      for (const key of required as string[]) properties[key] ??= additionalProperties;
      schema.properties = properties;
    }
  };
  visit(document.paths);
  visit(document.components?.schemas);
}

/** Components no operation reaches (the zod transform writes an input and an output copy of each). */
function dropUnusedComponents(document: OpenApiDocument) {
  const components = document.components;
  if (!components) return;
  const reached = new Set<string>();
  const pending: unknown[] = [document.paths];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && !reached.has(value)) {
          reached.add(value);
          const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(value) ?? [];
          if (kind && name)
            pending.push((components as Record<string, Record<string, unknown>>)[kind]?.[name]);
        } else pending.push(value);
      }
    }
  }
  for (const kind of ['schemas', 'responses'] as const) {
    const entries = components[kind];
    if (!entries) continue;
    for (const name of Object.keys(entries)) {
      if (!reached.has(`#/components/${kind}/${name}`)) delete entries[name];
    }
  }
}
