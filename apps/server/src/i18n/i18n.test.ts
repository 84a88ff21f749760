import { CONTRACT_MESSAGES, catalogueEntries, languageOfAcceptLanguage } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { catalogues, msg, render, requestLanguage, t } from './i18n.ts';

const flat = catalogueEntries;
const paramsOf = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the server catalogues (issue 38)', () => {
  it('English has exactly the Chinese keys, the same parameters, and no Chinese', () => {
    const zh = flat(catalogues['zh-CN']);
    const en = new Map(flat(catalogues.en));
    expect([...en.keys()].sort()).toEqual(zh.map(([key]) => key).sort());
    for (const [key, text] of zh) {
      const english = en.get(key) as string;
      expect(english, key).not.toBe('');
      expect(english, key).not.toMatch(/[\u4e00-\u9fff]/);
      expect(paramsOf(english), key).toEqual(paramsOf(text));
    }
  });

  it("takes the status labels' English from the contracts' shared catalogue (one text, not a copy)", () => {
    expect(catalogues.en.labels.withdrawalStatus).toBe(CONTRACT_MESSAGES.en.statusLabels.withdrawal);
  });

  it('renders with parameters in either language', () => {
    expect(t('zh-CN', 'auth.tooManyWrongPasswords', { minutes: 15 })).toBe(
      '密码错误次数过多，请15分钟后再试',
    );
    expect(t('en', 'auth.tooManyWrongPasswords', { minutes: 15 })).toBe(
      'Too many wrong passwords; try again in 15 minutes',
    );
    expect(render('en', msg('http.noSuchRoute', { method: 'GET', path: '/api/x<y>' }))).toBe(
      'No such endpoint: GET /api/x<y>',
    );
    expect(render('en', '一段未收录的文本')).toBe('一段未收录的文本');
  });
});

describe('the request language', () => {
  it('Accept-Language by q-values: en, en-US, en-GB → en; anything else → zh-CN', () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'zh-CN'],
      ['', 'zh-CN'],
      ['en', 'en'],
      ['en-US,en;q=0.9', 'en'],
      ['en-GB', 'en'],
      ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
      ['zh-TW', 'zh-CN'],
      ['fr-FR', 'zh-CN'],
      ['fr-FR,en;q=0.5', 'en'],
      ['zh;q=0.5,en-US;q=0.8', 'en'],
      ['en;q=0,zh', 'zh-CN'],
      ['*', 'zh-CN'],
      ['en;q=abc', 'zh-CN'],
    ];
    for (const [header, language] of cases)
      expect(languageOfAcceptLanguage(header), String(header)).toBe(language);
  });

  it('the logged-in caller’s choice wins over the header; none chosen: the header', () => {
    const headers = { 'accept-language': 'en-US' };
    const user = (language: 'zh-CN' | 'en' | null) => ({ sessionId: 's', user: { language } }) as never;
    expect(requestLanguage({ headers, auth: user('zh-CN') })).toBe('zh-CN');
    expect(requestLanguage({ headers: {}, auth: user('en') })).toBe('en');
    expect(requestLanguage({ headers, auth: user(null) })).toBe('en');
    expect(requestLanguage({ headers, auth: null })).toBe('en');
    expect(requestLanguage({ headers: {} })).toBe('zh-CN');
  });
});
