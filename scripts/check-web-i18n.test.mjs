// node --test scripts/check-web-i18n.test.mjs (a stage of scripts/test.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  catalogueProblems,
  chineseLiterals,
  countAll,
  isCountedFile,
  loweredAllowances,
  parseAllow,
  ratchetProblems,
} from './check-web-i18n.mjs';

const runs = (text, file = 'apps/web/src/x/X.tsx') => chineseLiterals(file, text).map((f) => f.run);

test('string, template and JSX literals count, one per run of Chinese', () => {
  assert.deepEqual(runs("const a = '登录失败，请重试';"), ['登录失败，请重试']);
  assert.deepEqual(runs(['const a = `共 $', '{n} 条`;'].join('')), ['共', '条']);
  assert.deepEqual(runs('const a = <b title="标题">确定 OK 取消</b>;'), ['标题', '确定', '取消']);
});

test('comments, regular expressions, exempt lines and ASCII do not count', () => {
  assert.deepEqual(runs("// 登录\n/* 注册 */\nconst re = /登录/;\nconst a = 'Log in';"), []);
  assert.deepEqual(
    runs(
      "// i18n-exempt: the spec's label\nconst a = '超级管理员';\nconst b = '管理员'; // i18n-exempt: same",
    ),
    [],
  );
  assert.deepEqual(runs("// i18n-exempt:\nconst a = '无理由';"), ['无理由']);
});

test('tests, test data and the catalogues are not counted', () => {
  assert.equal(isCountedFile('apps/web/src/auth/LoginPage.tsx'), true);
  assert.equal(isCountedFile('apps/web/src/auth/auth.test.tsx'), false);
  assert.equal(isCountedFile('apps/web/src/test/fixtures.ts'), false);
  assert.equal(isCountedFile('apps/web/src/user/wallet/testData.ts'), false);
  assert.equal(isCountedFile('apps/web/src/user/markets/testing.tsx'), false);
  assert.equal(isCountedFile('apps/web/src/i18n/user/zh-CN.ts'), false);
  assert.equal(isCountedFile('apps/server/src/x.ts'), false);
});

test('a count over its allowance fails, a new file with any fails, a lower count asks to lower it', () => {
  const { counts } = countAll(['apps/web/src/a.tsx', 'apps/web/src/new.tsx', 'apps/web/src/b.tsx'], (f) =>
    f.endsWith('a.tsx') ? "x('一', '二', '三')" : f.endsWith('new.tsx') ? "x('新')" : "x('b')",
  );
  const allowed = parseAllow(
    '# header\n2 apps/web/src/a.tsx\n4 apps/web/src/b.tsx\n1 apps/web/src/gone.tsx\n',
  );
  const { over, lower } = ratchetProblems(counts, allowed);
  assert.deepEqual(
    over.map((o) => [o.file, o.count, o.allowance]),
    [
      ['apps/web/src/a.tsx', 3, 2],
      ['apps/web/src/new.tsx', 1, 0],
    ],
  );
  assert.deepEqual(
    lower.map((o) => [o.file, o.count]),
    [
      ['apps/web/src/b.tsx', 0],
      ['apps/web/src/gone.tsx', 0],
    ],
  );
});

test('--update lowers, never raises, and with paths only those files', () => {
  const counts = new Map([
    ['apps/web/src/user/a.tsx', 1],
    ['apps/web/src/admin/b.tsx', 0],
    ['apps/web/src/user/c.tsx', 5],
  ]);
  const allowed = new Map([
    ['apps/web/src/user/a.tsx', 3],
    ['apps/web/src/admin/b.tsx', 4],
    ['apps/web/src/user/c.tsx', 2],
    ['apps/web/src/user/gone.tsx', 1],
  ]);
  assert.deepEqual(Object.fromEntries(loweredAllowances(counts, allowed)), {
    'apps/web/src/user/a.tsx': 1,
    'apps/web/src/admin/b.tsx': 0,
    'apps/web/src/user/c.tsx': 2,
    'apps/web/src/user/gone.tsx': 0,
  });
  assert.deepEqual(Object.fromEntries(loweredAllowances(counts, allowed, ['apps/web/src/user/'])), {
    'apps/web/src/user/a.tsx': 1,
    'apps/web/src/admin/b.tsx': 4,
    'apps/web/src/user/c.tsx': 2,
    'apps/web/src/user/gone.tsx': 0,
  });
});

test('a key missing in either language, an extra key, an empty or a Chinese English text fails', () => {
  const zh =
    "export const z = { a: '一', b: { c: '二', d: '三' }, e: SOME_CONSTANT, language: { 'zh-CN': '简体中文' } };";
  assert.deepEqual(
    catalogueProblems(
      'zh-CN.ts',
      zh,
      'en.ts',
      "export const e = { a: 'One', b: { c: 'Two', d: 'Three' }, e: 'E', language: { 'zh-CN': '简体中文' } };",
    ),
    [],
  );
  const problems = catalogueProblems(
    'zh-CN.ts',
    zh,
    'en.ts',
    "export const e = { a: '', b: { c: '二', x: 'X' }, e: 'E', language: { 'zh-CN': '简体中文' } };",
  );
  assert.deepEqual(problems, [
    'en.ts: missing key b.d (in zh-CN.ts)',
    'en.ts: key b.x is not in zh-CN.ts',
    'en.ts: a is empty',
    'en.ts: b.c is Chinese: 二',
  ]);
});

test('a zh-CN constant of labels may be spelled out as an object in English', () => {
  const zh = 'const z = { s: LABELS };';
  assert.deepEqual(
    catalogueProblems('zh-CN.ts', zh, 'en.ts', "const e = { s: { on: 'On', off: 'Off' } };"),
    [],
  );
  assert.deepEqual(catalogueProblems('zh-CN.ts', zh, 'en.ts', "const e = { t: 'T' };"), [
    'en.ts: missing key s (in zh-CN.ts)',
    'en.ts: key t is not in zh-CN.ts',
  ]);
});

test('an English plural has its _one form beside zh-CN’s _other, and no _one without it', () => {
  const zh = "const z = { n_other: '{{n}} 人', m: '{{n}} 条' };";
  assert.deepEqual(
    catalogueProblems(
      'zh-CN.ts',
      zh,
      'en.ts',
      "const e = { n_one: '{{n}} user', n_other: '{{n}} users', m: 'M' };",
    ),
    [],
  );
  assert.deepEqual(
    catalogueProblems('zh-CN.ts', zh, 'en.ts', "const e = { n_other: '{{n}} users', m_one: 'M', m: 'M' };"),
    ['en.ts: missing key n_one (the _one form beside n_other)', 'en.ts: key m_one is not in zh-CN.ts'],
  );
});
