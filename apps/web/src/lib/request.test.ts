import { getOrderBook, setWithdrawalStatus } from '@platform/contracts';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures.ts';
import { setNavigator } from './navigation.ts';
import { ApiError, buildUrl, call, isSessionEnded, request } from './request.ts';

type FetchArgs = [string, RequestInit];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;
let navigate: Mock<(to: string, options?: { replace?: boolean }) => void>;

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url, init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () =>
    jsonResponse({ success: true, message: 'ok', data: { value: 1 } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  navigate = vi.fn();
  setNavigator(navigate);
});

afterEach(() => {
  setNavigator(null);
});

describe('request', () => {
  it('calls /api with the bearer token from local storage on every request', async () => {
    window.localStorage.setItem('token', 'tok-1');
    const reply = await request<{ value: number }>('/auth/me');
    expect(reply).toEqual({ success: true, message: 'ok', data: { value: 1 } });
    expect(lastCall().url).toBe('/api/auth/me');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer tok-1');

    window.localStorage.setItem('token', 'tok-2');
    await request('/admin/users');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer tok-2');
  });

  it('sends no Authorization header without a token', async () => {
    await request('/auth/login', { method: 'POST', body: { email: 'a@b.c', password: 'x' } });
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('sends the Idempotency-Key header when the call has one, and none otherwise', async () => {
    await request('/wallet/deposits', { method: 'POST', body: {}, idempotencyKey: 'key-1' });
    expect(lastCall().headers.get('Idempotency-Key')).toBe('key-1');
    await request('/trading/order/5', { method: 'DELETE', idempotencyKey: 'key-2' });
    expect(lastCall().headers.get('Idempotency-Key')).toBe('key-2');
    expect(lastCall().init.method).toBe('DELETE');
    await request('/auth/logout', { method: 'POST' });
    expect(lastCall().headers.has('Idempotency-Key')).toBe(false);
  });

  it('sends JSON bodies with a JSON content type', async () => {
    await request('/auth/login', { method: 'POST', body: { email: 'a@b.c', password: 'secret' } });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.c","password":"secret"}');
  });

  it('sends FormData as it is, without setting a content type', async () => {
    window.localStorage.setItem('token', 'tok');
    const form = new FormData();
    form.append('file', new Blob(['img'], { type: 'image/png' }), 'a.png');
    await request('/kyc/upload', { method: 'POST', body: form });
    const { init, headers } = lastCall();
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.get('Authorization')).toBe('Bearer tok');
  });

  it('builds query strings without empty values and accepts /api-prefixed paths', () => {
    expect(buildUrl('/admin/users', { page: 2, limit: 20, search: '', status: undefined, kyc: null })).toBe(
      '/api/admin/users?page=2&limit=20',
    );
    expect(buildUrl('/api/admin/deposits', { status: 'pending' })).toBe('/api/admin/deposits?status=pending');
    expect(buildUrl('admin/x', { ids: [1, 2] })).toBe('/api/admin/x?ids=1&ids=2');
  });

  it('fails when the body says success false, even with HTTP 200, carrying the server message', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '余额不足' }, 200));
    const error = await request('/wallet/withdrawals').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '余额不足', status: 200, kind: 'http' });
  });

  it('fails when the HTTP status is not ok, carrying message and status', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '邮箱已被注册' }, 409));
    await expect(request('/auth/register', { method: 'POST', body: {} })).rejects.toMatchObject({
      message: '邮箱已被注册',
      status: 409,
      kind: 'http',
    });
  });

  it('fails on a non-ok status even if the body claims success', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '奇怪' }, 500));
    await expect(request('/x')).rejects.toMatchObject({ status: 500, message: '奇怪' });
  });

  it('fails with a status text when the reply is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(request('/x')).rejects.toMatchObject({
      status: 502,
      message: '请求失败（502）',
      kind: 'http',
    });
  });

  it('reports a network failure as 网络连接失败，请稍后重试', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('/x')).rejects.toMatchObject({
      message: '网络连接失败，请稍后重试',
      status: 0,
      kind: 'network',
    });
  });

  it('aborts after 10 s and reports 网络错误，请稍后重试', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const outcome = request('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(await outcome).toMatchObject({ message: '网络错误，请稍后重试', kind: 'timeout' });
  });

  it("passes the caller's own abort on unchanged", async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const outcome = request('/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await outcome;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('the 401 rule', () => {
  const sessionKeys = [
    'token',
    'user',
    'rememberEmail',
    'kyc_status_cache',
    'cache_x',
    'wallet_tab',
    'option_y',
  ];
  const otherKeys = ['theme', 'lang'];

  function seedStorage() {
    for (const key of [...sessionKeys, ...otherKeys]) window.localStorage.setItem(key, 'v');
  }
  function storedKeys(): string[] {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i++) keys.push(window.localStorage.key(i) ?? '');
    return keys.sort();
  }

  it('matches token, authentication, login and 登录 in any case, only on 401', () => {
    expect(isSessionEnded(401, 'Invalid TOKEN')).toBe(true);
    expect(isSessionEnded(401, 'Authentication required')).toBe(true);
    expect(isSessionEnded(401, 'please Login again')).toBe(true);
    expect(isSessionEnded(401, '登录已过期，请重新登录')).toBe(true);
    expect(isSessionEnded(401, '邮箱或密码错误')).toBe(false);
    expect(isSessionEnded(403, 'token lacks admin role')).toBe(false);
  });

  it('clears exactly the session keys and goes to /login with the current path and search', async () => {
    seedStorage();
    window.history.replaceState(null, '', '/admin/users?page=2');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: 'Token expired' }, 401));
    await expect(request('/admin/users')).rejects.toMatchObject({ status: 401, message: 'Token expired' });
    expect(storedKeys()).toEqual([...otherKeys].sort());
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fadmin%2Fusers%3Fpage%3D2', { replace: true });
  });

  it('also ends the session on a Chinese 登录 message', async () => {
    seedStorage();
    window.history.replaceState(null, '', '/');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '请先登录' }, 401));
    await expect(request('/auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(storedKeys()).toEqual([...otherKeys].sort());
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2F', { replace: true });
  });

  it('clears the session but does not redirect when already on /login or /register', async () => {
    for (const page of ['/login', '/register']) {
      seedStorage();
      window.history.replaceState(null, '', `${page}?redirect=%2Fadmin`);
      fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: 'invalid token' }, 401));
      await expect(request('/auth/me')).rejects.toBeInstanceOf(ApiError);
      expect(storedKeys()).toEqual([...otherKeys].sort());
    }
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves the session alone for other 401s and for a 403 mentioning the token', async () => {
    seedStorage();
    window.history.replaceState(null, '', '/admin');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '邮箱或密码错误' }, 401));
    await expect(request('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: false, message: 'token has no admin role' }, 403),
    );
    await expect(request('/admin/users')).rejects.toMatchObject({ status: 403 });
    expect(storedKeys()).toEqual([...sessionKeys, ...otherKeys].sort());
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('call', () => {
  it("sends an endpoint's method to its path with the parameters filled in, the query and the body", async () => {
    await call(setWithdrawalStatus, {
      params: { id: 7 },
      body: { status: 'approved' },
      idempotencyKey: 'key-9',
    });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/admin/withdrawals/7/status');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ status: 'approved' });
    expect(headers.get('Idempotency-Key')).toBe('key-9');

    await call(getOrderBook, { params: { symbol: 'BTC/USDT' }, query: { depth: 20 } });
    expect(lastCall().url).toBe('/api/huobi/orderbook/BTC%2FUSDT?depth=20');
    expect(lastCall().init.method).toBe('GET');
  });
});
