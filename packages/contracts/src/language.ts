import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { envelope } from './envelope.ts';

/**
 * The platform's languages (issue 38, docs/i18n.md): 简体中文, the default and the spec's wording,
 * and English. A user's or admin's choice is kept in their profile (`language`, null until chosen).
 */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export const language = z.enum(LANGUAGES);
export type Language = z.infer<typeof language>;
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
/** Each language by its own name, as a language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** One language tag (`en-US`, `zh-TW`, `fr`) as the platform serves it: English or, else, null. */
export function supportedLanguageOf(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'en') return 'en';
  if (primary === 'zh') return 'zh-CN';
  return null;
}

/**
 * The language for a list of preferred tags, best first (the browser's `navigator.languages`):
 * the first English or Chinese one decides (en, en-US, en-GB → en; any zh → zh-CN); none: zh-CN.
 */
export function languageOfTags(tags: readonly string[]): Language {
  for (const tag of tags) {
    const found = supportedLanguageOf(tag);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The language of an `Accept-Language` header (RFC 9110 §12.5.4): tags in order of their q-values
 * (ties in the order written; q=0 means "not this"), then as languageOfTags. Missing or
 * unreadable: zh-CN.
 */
export function languageOfAcceptLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return languageOfTags(ranked.map((entry) => entry.tag));
}

export const languageBody = z.object({ language });
export type LanguageBody = z.infer<typeof languageBody>;
/** The language now kept in the caller's profile (the next /api/auth/me shows it too). */
export const languageReply = envelope(z.object({ language }));

/** The user's own language (用户端 我的, and the login page's choice once logged in). */
export const setMyLanguage = endpoint({
  method: 'PUT',
  path: '/api/me/language',
  operationId: 'setMyLanguage',
  summary: '设置界面语言',
  description: "Sets the caller's own language ('zh-CN' or 'en'); answers then speak it.",
  body: languageBody,
  reply: languageReply,
});

/** The admin's own language (后台 header's switch). */
export const setAdminLanguage = endpoint({
  method: 'PUT',
  path: '/api/admin/me/language',
  operationId: 'setAdminLanguage',
  summary: '设置后台界面语言',
  description: "Sets the admin's own back-office language ('zh-CN' or 'en').",
  body: languageBody,
  reply: languageReply,
});
