import {
  contractMessageIn,
  DEFAULT_LANGUAGE,
  type Language,
  languageOfAcceptLanguage,
} from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import i18next from 'i18next';
import { en } from './en.ts';
import { zhCN } from './zh-CN.ts';

/**
 * The server's messages in the request's language (issue 38, docs/i18n.md): one catalogue per
 * language (zh-CN.ts, the spec's wording; en.ts, of the same shape), rendered by i18next.
 */

/** A catalogue's shape: the same keys as the Chinese one, every text a string. */
export type CatalogueOf<T> = { readonly [K in keyof T]: T[K] extends string ? string : CatalogueOf<T[K]> };
export type Catalogue = CatalogueOf<typeof zhCN>;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
/** Every message's key, `auth.wrongPassword`. */
export type MessageKey = Leaves<typeof zhCN>;

type At<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;
type ParamNames<S> = S extends `${string}{{${infer Name}}}${infer Rest}` ? Name | ParamNames<Rest> : never;
export type ParamValue = string | number;
/** The parameters a message takes, read from its Chinese text's `{{name}}`s. */
export type MessageParams<K extends MessageKey> = [ParamNames<At<typeof zhCN, K>>] extends [never]
  ? []
  : [params: Record<ParamNames<At<typeof zhCN, K>>, ParamValue | Message>];

/**
 * A message still to render: its key and parameters (an error's, a notification's). A parameter
 * may be a message of its own (a label, an optional clause), rendered first in the same language.
 */
export interface Message {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, ParamValue | Message>>;
}

export const catalogues: Record<Language, Catalogue> = { 'zh-CN': zhCN, en };

const instance = i18next.createInstance();
void instance.init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['zh-CN', 'en'],
  // Texts go into JSON envelopes, never into HTML: nothing to escape.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
const fixed: Record<Language, ReturnType<typeof instance.getFixedT>> = {
  'zh-CN': instance.getFixedT('zh-CN'),
  en: instance.getFixedT('en'),
};

/** A message with its parameters, as something to render later (AppError, notifications). */
export function msg<K extends MessageKey>(key: K, ...params: MessageParams<K>): Message {
  return params[0] ? { key, params: params[0] } : { key };
}

/**
 * Renders a message in `language`. A plain string is a contracts' text (`forbidden(CHANGE_TEXTS.x)`,
 * a stored refusal): in `language` when the contracts' catalogue knows it, by key or by shape; any
 * other string as it is.
 */
export function render(language: Language, message: Message | string): string {
  if (typeof message === 'string') return contractMessageIn(language, message) ?? message;
  const params: Record<string, ParamValue> = {};
  for (const [name, value] of Object.entries(message.params ?? {}))
    params[name] = value === null ? '' : typeof value === 'object' ? render(language, value) : value;
  return fixed[language](message.key, params) as string;
}

type Notices = typeof zhCN.notices;
/** A notification's kind: a `notices` entry with a title and a body (notifications/notices.ts). */
export type NoticeKind = {
  [K in keyof Notices]: Notices[K] extends { title: string; body: string } ? K : never;
}[keyof Notices];
export type NoticeParams = Readonly<Record<string, ParamValue | Message>>;
export const isNoticeKind = (kind: string): kind is NoticeKind => {
  const entry = (zhCN.notices as Record<string, unknown>)[kind];
  return typeof entry === 'object' && entry !== null && 'title' in entry && 'body' in entry;
};

/** A stored notification's title and body in `language`. */
export function renderNotice(language: Language, kind: NoticeKind, params: NoticeParams) {
  return {
    title: render(language, { key: `notices.${kind}.title` as MessageKey, params }),
    body: render(language, { key: `notices.${kind}.body` as MessageKey, params }),
  };
}

/** One message in `language`, now. */
export function t<K extends MessageKey>(language: Language, key: K, ...params: MessageParams<K>): string {
  return render(language, msg(key, ...params));
}

/**
 * The language a request is answered in: the logged-in caller's choice (users.language), else the
 * Accept-Language header's (en, en-US, en-GB → en; anything else → zh-CN), else zh-CN.
 */
export function requestLanguage(request: {
  headers: FastifyRequest['headers'];
  auth?: { user: { language: Language | null } } | null;
}): Language {
  return request.auth?.user.language ?? languageOfAcceptLanguage(request.headers['accept-language']);
}

/** One message in the request's language (a route's success message). */
export function tr<K extends MessageKey>(
  request: FastifyRequest,
  key: K,
  ...params: MessageParams<K>
): string {
  return t(requestLanguage(request), key, ...params);
}
