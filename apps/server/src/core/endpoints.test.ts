import * as contracts from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

const endpoints = Object.values(contracts as Record<string, unknown>).filter(contracts.isEndpoint);

/**
 * Every route the app registers, as `METHOD /path`: each Fastify instance made here gets an onRoute
 * hook before anything is registered on it, so no route escapes it.
 */
const registered = vi.hoisted(() => [] as string[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const create = actual.default as (...args: unknown[]) => FastifyInstance;
  const fastify = (...args: unknown[]) => {
    const app = create(...args);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push(`${method} ${route.url}`);
    });
    return app;
  };
  return { ...actual, default: fastify, fastify };
});

/** The routes under /api, but the document's own and the HEAD routes Fastify adds to GETs. */
const registeredApiRoutes = () =>
  registered.filter((r) => /^(?!HEAD |OPTIONS )[A-Z]+ \/api\//.test(r) && !r.includes(' /api/docs'));

describe('every /api route is registered from its endpoint in packages/contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists each registered route once among the endpoints, and registers each endpoint', () => {
    const routes = registeredApiRoutes();
    const declared = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(routes.length).toBeGreaterThan(100);
    expect(new Set(routes).size).toBe(routes.length);
    expect(new Set(declared).size).toBe(declared.length);
    expect(routes.filter((r) => !declared.includes(r))).toEqual([]);
    expect(declared.filter((r) => !routes.includes(r))).toEqual([]);
    // Fastify's router finds each endpoint's route too (the hook saw what the router holds).
    for (const e of endpoints) expect(t.app.hasRoute({ method: e.method, url: e.path }), e.path).toBe(true);
  });

  it('gives every endpoint its own operationId', () => {
    const ids = endpoints.map((e) => e.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('gives each operation in the OpenAPI document the operationId and summary of its endpoint', () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { operationId?: string; summary?: string }>>;
    };
    for (const e of endpoints) {
      const operation = doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
      expect(operation?.operationId, `${e.method} ${e.path}`).toBe(e.operationId);
      expect(operation?.summary, `${e.method} ${e.path}`).toBe(e.summary);
    }
  });
});
