import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Endpoint, endpoint, endpointUrl, isEndpoint } from './endpoint.ts';
import * as contracts from './index.ts';

const endpoints = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, Endpoint] => isEndpoint(entry[1]),
);

describe('endpoints', () => {
  it('are many, one per route', () => {
    expect(endpoints.length).toBeGreaterThan(100);
    const routes = endpoints.map(([, e]) => `${e.method} ${e.path}`);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it('have unique operationIds, each the name it is exported under', () => {
    const ids = endpoints.map(([, e]) => e.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const [name, e] of endpoints) expect(e.operationId).toBe(name);
  });

  it('live under /api, have a summary, and declare exactly the path parameters their path has', () => {
    for (const [name, e] of endpoints) {
      expect(e.path, name).toMatch(/^\/api\//);
      expect(e.summary.trim(), name).not.toBe('');
      const inPath = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const declared = e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [];
      expect(declared, name).toEqual(inPath);
    }
  });
});

describe('endpointUrl', () => {
  const e = endpoint({
    method: 'GET',
    path: '/api/things/:id/parts/:name',
    operationId: 'getPart',
    summary: '零件',
    description: 'A part of a thing.',
  });

  it('fills and encodes the path parameters', () => {
    expect(endpointUrl(e, { id: 7, name: 'a b/c' })).toBe('/api/things/7/parts/a%20b%2Fc');
  });

  it('refuses a missing parameter', () => {
    expect(() => endpointUrl(e, { id: 7 })).toThrow('name');
  });
});
