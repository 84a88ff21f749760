import * as contracts from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

const endpoints = Object.values(contracts as Record<string, unknown>).filter(contracts.isEndpoint);

/**
 * Every route under /api as `METHOD /path`, read from fastify's route tree (printRoutes draws one
 * path segment per line, indented four columns a level, with the methods after the last segment).
 */
function registeredApiRoutes(app: TestApp['app']): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:[├└]── )?(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = Math.round(indent.length / 4) + (line.includes('──') ? 1 : 0);
    stack.length = depth;
    stack[depth] = segment;
    const path = stack.join('');
    for (const method of methods?.split(', ') ?? []) {
      if (method !== 'HEAD' && method !== 'OPTIONS' && path.startsWith('/api/'))
        routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

describe('every /api route is registered from its endpoint in packages/contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists each registered route once among the endpoints, and registers each endpoint', () => {
    const registered = registeredApiRoutes(t.app).filter((r) => !r.includes(' /api/docs'));
    const declared = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(registered.length).toBeGreaterThan(100);
    expect(registered.filter((r) => !declared.includes(r))).toEqual([]);
    expect(declared.filter((r) => !registered.includes(r))).toEqual([]);
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
