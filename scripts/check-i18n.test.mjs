// node --test scripts/check-i18n.test.mjs (a stage of scripts/test.mjs).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  chineseLiterals,
  compare,
  counted,
  countLiterals,
  i18nCheck,
  updatedBaseline,
} from './check-i18n.mjs';
import { webI18nCheck } from './check-web-i18n.mjs';
import { sourceTree } from './source-tree.mjs';

const probe = (code) => chineseLiterals('apps/server/src/modules/x/x.service.ts', code).map((l) => l.text);

test('counts string and template literals with Chinese, not comments or English', () => {
  const code = [
    '// 注释不算',
    '/** 文档注释也不算 */',
    "const a = '余额不足';",
    'const b = `请\x24{n}分钟后再试`;',
    'const c = "plain English";',
    'const d = `\x24{x} only`;',
    "log.info({ id }, 'settled');",
  ].join('\n');
  assert.deepEqual(probe(code), ['余额不足', '请…分钟后再试']);
});

test('a literal on a line marked i18n-exempt (or after the mark) is not counted; a mark needs a reason', () => {
  const code = [
    "const label = '现货'; // i18n-exempt: the spec's fixed label",
    '// i18n-exempt: demo data',
    "const name = '张三';",
    "const other = '李四'; // i18n-exempt:",
  ].join('\n');
  assert.deepEqual(probe(code), ['李四']);
});

test('only non-test server code outside the catalogues counts', () => {
  assert.equal(counted('apps/server/src/modules/auth/auth.service.ts'), true);
  assert.equal(counted('apps/server/src/modules/auth/auth.test.ts'), false);
  assert.equal(counted('apps/server/src/i18n/zh-CN.ts'), false);
  assert.equal(counted('apps/server/src/test/app.ts'), false);
  assert.equal(counted('apps/web/src/App.tsx'), false);
  assert.deepEqual(
    countLiterals([
      { file: 'apps/server/src/a.ts', text: "x('一'); y('二');" },
      { file: 'apps/server/src/b.ts', text: "z('three');" },
    ]),
    { 'apps/server/src/a.ts': 2 },
  );
});

test('the ratchet: a count may fall, never rise; a new file may have none', () => {
  const baseline = { 'a.ts': 3, 'b.ts': 1 };
  assert.deepEqual(compare(baseline, { 'a.ts': 3, 'b.ts': 1 }), { risen: [], fallen: [] });
  assert.deepEqual(compare(baseline, { 'a.ts': 2 }), { risen: [], fallen: ['a.ts', 'b.ts'] });
  assert.deepEqual(compare(baseline, { 'a.ts': 4, 'b.ts': 1, 'c.ts': 1 }).risen, [
    'a.ts: 4 Chinese literals (allowed 3)',
    'c.ts: 1 Chinese literals (allowed 0)',
  ]);
});

test('--update with files lowers only theirs, so that two engineers converting two files never rewrite each other', () => {
  const baseline = { 'a.ts': 5, 'b.ts': 3, 'c.ts': 2 };
  // b.ts is someone else's, mid-conversion (1 left); c.ts is converted; a.ts is ours, down to 2.
  const counts = { 'a.ts': 2, 'b.ts': 1 };
  assert.deepEqual(updatedBaseline(baseline, counts, ['a.ts']), { 'a.ts': 2, 'b.ts': 3, 'c.ts': 2 });
  assert.deepEqual(updatedBaseline(baseline, counts, ['c.ts']), { 'a.ts': 5, 'b.ts': 3 });
  // Without files, every count is written, as before.
  assert.deepEqual(updatedBaseline(baseline, counts, []), counts);
  // A path written as `./a.ts` or with backslashes names the same file.
  assert.deepEqual(updatedBaseline(baseline, counts, ['./a.ts']), { 'a.ts': 2, 'b.ts': 3, 'c.ts': 2 });
});

test("one check on the run's shared tree: the server's ratchet, then the web's, with the scripts' messages", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-i18n-'));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  try {
    execFileSync('git', ['init', '-q'], { cwd: dir });
    write('scripts/i18n-literals.json', '{ "apps/server/src/a.ts": 1, "apps/server/src/b.ts": 1 }\n');
    write('scripts/web-i18n.allow', '# header\n1 apps/web/src/W.tsx\n');
    write('apps/server/src/a.ts', "x('一'); y('二');");
    write('apps/server/src/b.ts', "z('three');");
    write('apps/web/src/W.tsx', 'const a = <b>确定</b>;');
    write('apps/web/src/i18n/user/zh-CN.ts', "export const z = { a: '一' };");
    write('apps/web/src/i18n/user/en.ts', "export const e = { a: 'One' };");
    const tree = sourceTree(dir);
    const asked = new Set();
    const source = tree.source;
    tree.source = (file) => {
      asked.add(file);
      return source(file);
    };
    assert.deepEqual(i18nCheck(tree), {
      problems: [
        'Chinese text in server code outside the catalogues (1 files; docs/i18n.md: put it in apps/server/src/i18n/zh-CN.ts and en.ts, or mark a fixed label // i18n-exempt: <reason>):',
        'apps/server/src/a.ts: 2 Chinese literals (allowed 1)',
        '(list them: node scripts/check-i18n.mjs --list <file>)',
      ],
      notes: ["check-web-i18n: catalogues in step; 1 Chinese literal runs left in the web's code"],
    });
    assert.deepEqual([...asked].sort(), [
      'apps/server/src/a.ts',
      'apps/server/src/b.ts',
      'apps/web/src/W.tsx',
      'apps/web/src/i18n/user/en.ts',
      'apps/web/src/i18n/user/zh-CN.ts',
    ]);

    write('apps/server/src/a.ts', "x('一');");
    write('apps/web/src/W.tsx', 'const a = <b>OK</b>;');
    write('apps/web/src/i18n/user/en.ts', "export const e = { b: 'B' };");
    assert.deepEqual(i18nCheck(sourceTree(dir)), {
      problems: [
        'check-web-i18n: 3 problems (docs/i18n.md, web section)',
        'apps/web/src/i18n/user/en.ts: missing key a (in apps/web/src/i18n/user/zh-CN.ts)',
        'apps/web/src/i18n/user/en.ts: key b is not in apps/web/src/i18n/user/zh-CN.ts',
        'apps/web/src/W.tsx: 0 Chinese literal runs, the allowance is 1: lower it with node scripts/check-web-i18n.mjs --update',
      ],
      notes: [
        'check-i18n: 1 files below their count; lower it: node scripts/check-i18n.mjs --update apps/server/src/b.ts',
      ],
    });

    write('apps/web/src/New.tsx', "x('新', `共 \x24{n} 条`);");
    assert.deepEqual(webI18nCheck(sourceTree(dir)).problems.slice(-5, -1), [
      "apps/web/src/New.tsx: 3 Chinese literal runs, 0 allowed: put the texts in apps/web/src/i18n (t('…')) instead",
      '  apps/web/src/New.tsx:1: 新',
      '  apps/web/src/New.tsx:1: 共',
      '  apps/web/src/New.tsx:1: 条',
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
