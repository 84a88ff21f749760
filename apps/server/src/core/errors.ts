import type { Language } from '@platform/contracts';
import { type Message, msg, render } from '../i18n/i18n.ts';

/**
 * Errors that services throw on purpose. The HTTP layer maps them to the envelope and status of
 * ARCHITECTURE.md, "API conventions"; anything else is a bug and becomes a 500.
 *
 * The text is a catalogue message (i18n/zh-CN.ts, `msg('auth.wrongCredentials')`), rendered in each
 * request's language by the error handler (docs/i18n.md); `message` is its Chinese, for logs and
 * callers that read it. A plain string is a text not yet in the catalogues, sent as it is (the
 * literal-Chinese ratchet counts them: scripts/check-i18n.mjs).
 */
export class AppError extends Error {
  readonly text: Message | string;
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 502 | 503,
    text: Message | string,
    readonly data?: unknown,
  ) {
    super(render('zh-CN', text));
    this.text = text;
    this.name = 'AppError';
  }

  /**
   * The message in `language`: a catalogue message by its key; a plain text as it is, or in its
   * English when the contracts' catalogue knows it (`forbidden(CHANGE_TEXTS.ownProposal)`).
   */
  messageIn(language: Language): string {
    return render(language, this.text);
  }
}

type Text = Message | string;
export const badRequest = (message: Text, data?: unknown) => new AppError(400, message, data);
export const unauthorized = (message: Text = msg('errors.unauthorized'), data?: unknown) =>
  new AppError(401, message, data);
export const forbidden = (message: Text = msg('errors.forbidden'), data?: unknown) =>
  new AppError(403, message, data);
export const notFound = (message: Text = msg('errors.notFound')) => new AppError(404, message);
export const conflict = (message: Text, data?: unknown) => new AppError(409, message, data);
export const businessRule = (message: Text, data?: unknown) => new AppError(422, message, data);
export const tooManyRequests = (message: Text = msg('http.tooManyRequests')) => new AppError(429, message);
/** An upstream source (an exchange) failed; the message says which and how. */
export const upstreamFailed = (message: Text, data?: unknown) => new AppError(502, message, data);
/** Nothing was done and the same request may succeed in a moment (a price still to arrive). */
export const retryShortly = (message: Text, data?: unknown) => new AppError(503, message, data);
