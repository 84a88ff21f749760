import { describe, expect, it } from 'vitest';
import { endpointFor, failOnReplyDrift, mockApi, ok } from './api.ts';

describe('mockApi checks mocked replies against the reply contracts', () => {
  it('matches a request to its endpoint by method and path, a literal segment before a parameter', () => {
    expect(endpointFor('GET', '/api/auth/me')?.operationId).toBe('getMe');
    expect(endpointFor('POST', '/api/admin/adjustments/11/approve')?.operationId).toBe('approveAdjustment');
    expect(endpointFor('GET', '/api/not-a-route')).toBeUndefined();
  });

  it('fails the test with the zod issues when a fixture drifts from the contract', async () => {
    mockApi({ 'GET /api/auth/me': () => ok({ user: { id: 'seven' } }) });
    await fetch('/api/auth/me');
    expect(failOnReplyDrift).toThrow(
      /GET \/api\/auth\/me: the mocked reply does not match its contract\n {2}data\.user\./,
    );
  });

  it('lets failures and replies of unknown paths through unchecked', async () => {
    mockApi({
      'GET /api/auth/me': () =>
        new Response(JSON.stringify({ success: false, message: '未登录' }), { status: 401 }),
      'GET /api/elsewhere': () => ok({ anything: true }),
    });
    await fetch('/api/auth/me');
    await fetch('/api/elsewhere');
    expect(failOnReplyDrift).not.toThrow();
  });
});
