import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';

/**
 * Issue 16: authentication and role checks run before the request is validated. An anonymous call
 * to an admin route is a 401, never a 400 listing the route's schema; a user on an admin route is a
 * 403 whatever the body says. Every registered route is checked, from the OpenAPI document that
 * the same contracts produce.
 */

let t: TestApp;
let user: { token: string };
let admin: { token: string };

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  secured: boolean;
}

let routes: Route[] = [];

beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app);
  admin = await createAdmin(t, 'admin');
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase() as Route['method'],
        // Path parameters that no schema accepts: a validation-first route would answer 400.
        path: path.replace(/\{[^}]+\}/g, 'not-an-id'),
        secured: Boolean(op.security?.length),
      })),
  );
});
afterAll(async () => t?.close());

const adminRoutes = () => routes.filter((r) => r.path.startsWith('/api/admin/'));
/** A query string and a body that fail every contract. */
const garbageQuery = '?page=-1&limit=abc&status=%00&search=';
const garbageBody = { page: 'x', id: 'x', email: 42, amount: 'lots', is_active: 'maybe', ids: 'all' };

async function call(route: Route, opts: { token?: string; raw?: boolean } = {}) {
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  const res = await t.app.inject({
    method: route.method,
    url: `${route.path}${garbageQuery}`,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(withBody ? { payload: opts.raw ? '{"not json' : JSON.stringify(garbageBody) } : {}),
  });
  return { status: res.statusCode, body: res.json() as { success: boolean; message: string } };
}

describe(`auth before validation (${testEngine})`, () => {
  it('finds the admin routes in the OpenAPI document', () => {
    expect(adminRoutes().length).toBeGreaterThan(40);
    expect(adminRoutes().every((r) => r.secured)).toBe(true);
  });

  it('answers 401 to an anonymous call with a bad query and body on every secured route', async () => {
    const secured = routes.filter((r) => r.secured);
    const wrong: string[] = [];
    for (const route of secured) {
      for (const raw of [false, true]) {
        const res = await call(route, { raw });
        if (res.status !== 401 || res.body.success !== false || /参数错误/.test(res.body.message))
          wrong.push(
            `${route.method} ${route.path}${raw ? ' (not JSON)' : ''}: ${res.status} ${res.body.message}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a user with a bad query and body on every admin route', async () => {
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      const res = await call(route, { token: user.token });
      if (res.status !== 403) wrong.push(`${route.method} ${route.path}: ${res.status} ${res.body.message}`);
    }
    expect(wrong).toEqual([]);
  });

  it('still validates for whoever may call the route', async () => {
    const res = await api(t.app, 'GET', '/api/admin/users?limit=abc', { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^参数错误：limit: /);
    const bad = await api(t.app, 'PATCH', '/api/admin/users/1/status', {
      token: admin.token,
      body: { is_active: 'maybe' },
    });
    expect(bad.status).toBe(400);
  });
});
