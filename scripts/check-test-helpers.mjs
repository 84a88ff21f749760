#!/usr/bin/env node
// Part of `npm run lint`: the generic test helpers have one copy per layer (docs/testing.md,
// "Fixtures"). A test file, a module's test helpers, a browser spec or a benchmark that defines its
// own function of one of the names below (a declaration, or a const/let holding an arrow or
// function expression, at any depth) fails, with the module to import it from. The layer's fixture
// modules themselves, and product code, are not read.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The helpers a layer keeps once: user set-up, sessions, wallets, waiting, TOTP codes. */
export const HELPER_NAMES = new Set([
  'fundedUser',
  'sleep',
  'delay',
  'login',
  'loginAs',
  'adminLogin',
  'loginToken',
  'walletOf',
  'balanceOf',
  'register',
  'registerUser',
  'registerOn',
  'registerInvited',
  'registerUnder',
  'registerAndLogin',
  'totpAt',
  'hotp',
  'base32Decode',
  'currentStep',
  'percentile',
  'quantile',
]);

/** Each layer: which files are its tests, and the fixture module (or folder) that holds its helpers. */
export const LAYERS = [
  {
    prefix: 'apps/server/',
    fixtures: 'apps/server/src/test/fixtures.ts',
    fixtureDir: 'apps/server/src/test/',
  },
  { prefix: 'apps/web/', fixtures: 'apps/web/src/test/fixtures.ts', fixtureDir: 'apps/web/src/test/' },
  { prefix: 'e2e/', fixtures: 'e2e/support.ts', fixtureDir: null },
  { prefix: 'bench/', fixtures: 'bench/server-process.ts', fixtureDir: null },
  { prefix: 'packages/', fixtures: 'a test helper module of the package', fixtureDir: null },
];

const TEST_FILE = /\.(?:test|spec)\.tsx?$/;
/** Test-only modules beside the code: `x.test-helpers.ts`, `testing.tsx`, `testing/…`, `…fixtures.ts`, `…Fixtures.ts`. */
const TEST_MODULE = /(?:\.test-helpers\.tsx?$|(?:^|\/)testing(?:\/[^/]+)?\.tsx?$|[Ff]ixtures\.tsx?$)/;

/** The layer of a repository-relative path, when the file is test code that the check reads. */
export function layerOf(file) {
  const layer = LAYERS.find((l) => file.startsWith(l.prefix));
  if (!layer || !/\.tsx?$/.test(file) || file.endsWith('.d.ts')) return null;
  if (file === layer.fixtures) return null;
  const isTest = TEST_FILE.test(file);
  if (layer.fixtureDir && file.startsWith(layer.fixtureDir) && !isTest) return null;
  const wholeLayerIsTestCode = layer.prefix === 'e2e/' || layer.prefix === 'bench/';
  return isTest || TEST_MODULE.test(file) || wholeLayerIsTestCode ? layer : null;
}

const unwrap = (node) => {
  let n = node;
  while (n && (ts.isParenthesizedExpression(n) || ts.isAsExpression(n) || ts.isSatisfiesExpression(n)))
    n = n.expression;
  return n;
};

/** `file:line: …` for each helper of HELPER_NAMES that one of `files` ({ file, text }) defines. */
export function helperCopies(files) {
  const problems = [];
  for (const { file, text } of files) {
    const layer = layerOf(file);
    if (!layer) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const report = (nameNode) => {
      const name = nameNode.text;
      if (!HELPER_NAMES.has(name)) return;
      const line = source.getLineAndCharacterOfPosition(nameNode.getStart(source)).line + 1;
      problems.push(`${file}:${line}: defines its own ${name}(); import the one in ${layer.fixtures}`);
    };
    const visit = (node) => {
      if (ts.isFunctionDeclaration(node) && node.name) report(node.name);
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
        const init = unwrap(node.initializer);
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) report(node.name);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return problems;
}

/** The repository's files as git has them (tracked, and untracked ones it does not ignore). */
function repositoryFiles() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && layerOf(f) && fs.existsSync(path.join(root, f)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = helperCopies(
    repositoryFiles().map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') })),
  );
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(
      `check-test-helpers: ${problems.length} copies of a shared test helper (docs/testing.md, "Fixtures")`,
    );
    process.exit(1);
  }
  console.log('check-test-helpers: every generic test helper has one copy per layer');
}
