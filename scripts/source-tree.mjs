// The repository's sources listed, read and parsed once per run, for the checks that `npm run lint`
// runs in one process (scripts/check-source.mjs): each check asks the tree for a file's text or its
// TypeScript syntax tree, and the first asker pays for it. Plain Node and TypeScript's parser.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const KINDS = {
  '.ts': ts.ScriptKind.TS,
  '.tsx': ts.ScriptKind.TSX,
  '.mts': ts.ScriptKind.TS,
  '.cts': ts.ScriptKind.TS,
  '.js': ts.ScriptKind.JS,
  '.jsx': ts.ScriptKind.JSX,
  '.mjs': ts.ScriptKind.JS,
  '.cjs': ts.ScriptKind.JS,
};

/**
 * A tree rooted at `root` (the checkout, or a test's scratch folder). Paths are relative to it with
 * `/`. `files()` is what git has (tracked, and untracked files it does not ignore, that exist), so it
 * needs a checkout; `text()` and `source()` work on any folder. A syntax tree has its parents set and
 * the file's absolute path as its name (what a TypeScript program's host looks it up by).
 */
export function sourceTree(root) {
  let listed;
  const texts = new Map();
  const sources = new Map();
  const tree = {
    root,
    files() {
      listed ??= execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      })
        .split('\n')
        .filter((f) => f && fs.existsSync(path.join(root, f)));
      return listed;
    },
    text(file) {
      let text = texts.get(file);
      if (text === undefined) {
        text = fs.readFileSync(path.join(root, file), 'utf8');
        texts.set(file, text);
      }
      return text;
    },
    source(file) {
      let source = sources.get(file);
      if (source === undefined) {
        const kind = KINDS[path.extname(file)] ?? ts.ScriptKind.TS;
        source = ts.createSourceFile(
          path.join(root, file),
          tree.text(file),
          ts.ScriptTarget.Latest,
          true,
          kind,
        );
        sources.set(file, source);
      }
      return source;
    },
  };
  return tree;
}
