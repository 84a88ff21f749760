/**
 * Errors that services throw on purpose. The HTTP layer maps them to the envelope and status of
 * ARCHITECTURE.md, "API conventions"; anything else is a bug and becomes a 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 502 | 503,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, data?: unknown) => new AppError(400, message, data);
export const unauthorized = (message = '未登录或登录已过期，请重新登录 (token invalid)', data?: unknown) =>
  new AppError(401, message, data);
export const forbidden = (message = '权限不足', data?: unknown) => new AppError(403, message, data);
export const notFound = (message = '记录不存在') => new AppError(404, message);
export const conflict = (message: string, data?: unknown) => new AppError(409, message, data);
export const businessRule = (message: string, data?: unknown) => new AppError(422, message, data);
export const tooManyRequests = (message = '请求过于频繁，请稍后再试') => new AppError(429, message);
/** An upstream source (an exchange) failed; the message says which and how. */
export const upstreamFailed = (message: string, data?: unknown) => new AppError(502, message, data);
/** Nothing was done and the same request may succeed in a moment (a price still to arrive). */
export const retryShortly = (message: string, data?: unknown) => new AppError(503, message, data);
