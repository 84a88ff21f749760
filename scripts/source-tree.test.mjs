// node --test scripts/source-tree.test.mjs (a stage of scripts/test.mjs): the one listing, reading and
// parse of the sources that `npm run lint`'s checks share (scripts/source-tree.mjs, scripts/check-source.mjs).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { root, sourceChecks } from './check-source.mjs';
import { sourceTree } from './source-tree.mjs';

test('lists what git has, reads and parses each file once, by its kind, with parents and its full path', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'source-tree-'));
  const write = (file, text) => fs.writeFileSync(path.join(dir, file), text);
  const git = (...args) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
  try {
    git('init', '-q');
    write('.gitignore', 'ignored.ts\n');
    write('tracked.ts', 'export const a = <T,>(x: T) => x;\n');
    write('gone.ts', 'export const b = 1;\n');
    git('add', '.gitignore', 'tracked.ts', 'gone.ts');
    fs.rmSync(path.join(dir, 'gone.ts'));
    write('untracked.tsx', 'export const c = <div>{1}</div>;\n');
    write('ignored.ts', 'export const d = 1;\n');

    const tree = sourceTree(dir);
    assert.deepEqual([...tree.files()].sort(), ['.gitignore', 'tracked.ts', 'untracked.tsx']);
    const source = tree.source('tracked.ts');
    assert.equal(tree.source('tracked.ts'), source);
    assert.equal(source.fileName, path.join(dir, 'tracked.ts'));
    assert.ok(source.statements[0].parent === source);
    // Read once per run: a later change on disk is not seen by the same tree.
    write('tracked.ts', 'export const changed = 1;\n');
    assert.match(tree.text('tracked.ts'), /<T,>/);
    assert.match(sourceTree(dir).text('tracked.ts'), /changed/);
    const jsx = tree.source('untracked.tsx');
    assert.equal(jsx.parseDiagnostics.length, 0);
    assert.equal(jsx.languageVariant, ts.LanguageVariant.JSX);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the five checks of npm run lint take every syntax tree from the one tree, and find what each script alone finds', () => {
  const tree = sourceTree(root);
  const asked = new Map();
  const source = tree.source;
  tree.source = (file) => {
    asked.set(file, (asked.get(file) ?? 0) + 1);
    return source(file);
  };
  const results = sourceChecks(tree);
  assert.deepEqual(
    results.map((r) => r.name),
    ['check-money', 'check-deps', 'check-module-boundaries', 'check-test-helpers', 'check-i18n'],
  );
  // The money lint's program bound the tree's own syntax trees, the module rules, the test helpers and
  // the i18n check asked it for theirs (a server file, a test file, a web component and a catalogue).
  const server = 'apps/server/src/modules/ledger/verify.ts';
  assert.ok(source(server).locals, "the money lint's program bound the shared tree");
  assert.ok(asked.get(server) >= 2, `${server} asked ${asked.get(server)} times`);
  assert.ok(asked.has('apps/server/src/modules/ledger/verify.test.ts'));
  assert.ok(asked.get('apps/web/src/App.tsx') >= 2, 'the web ratchet took App.tsx from the tree');
  assert.ok(asked.get('apps/web/src/i18n/common/en.ts') >= 2, 'the key parity took en.ts from the tree');
  for (const { name, problems } of results) {
    let alone = [];
    try {
      execFileSync(process.execPath, [path.join(root, 'scripts', `${name}.mjs`)], {
        cwd: root,
        stdio: 'pipe',
      });
    } catch (error) {
      alone = String(error.stderr).trim().split('\n');
    }
    assert.deepEqual(problems, alone, name);
  }
});
