#!/usr/bin/env node
// Part of `npm run lint`: the generic test helpers have one copy per layer (docs/testing.md,
// "Fixtures"). A test file, a module's test helpers, a browser spec or a benchmark that defines its
// own function of one of the names below (a declaration, or a const/let holding an arrow or
// function expression, at any depth), or that waits with an inline `new Promise((r) => setTimeout(r,
// ms))` outside code a browser runs, fails, with the module to import it from. The layer's fixture
// modules themselves, and product code, are not read.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sourceTree } from './source-tree.mjs';

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

const PAGE_CALLS = new Set([
  'evaluate',
  'evaluateHandle',
  'waitForFunction',
  'addInitScript',
  '$eval',
  '$$eval',
]);
const inPageCall = (call) =>
  ts.isPropertyAccessExpression(call.expression) && PAGE_CALLS.has(call.expression.name.text);

/** `new Promise((r) => setTimeout(r, ms))`, with or without braces or a type argument: a sleep written inline. */
function isInlineSleep(node) {
  if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'Promise')
    return false;
  const executor = unwrap(node.arguments?.[0]);
  if (!executor || !(ts.isArrowFunction(executor) || ts.isFunctionExpression(executor))) return false;
  const resolve = executor.parameters[0]?.name;
  if (!resolve || !ts.isIdentifier(resolve)) return false;
  let body = executor.body;
  if (ts.isBlock(body)) {
    if (body.statements.length !== 1 || !ts.isExpressionStatement(body.statements[0])) return false;
    body = body.statements[0].expression;
  }
  const call = unwrap(body);
  if (
    !ts.isCallExpression(call) ||
    !ts.isIdentifier(call.expression) ||
    call.expression.text !== 'setTimeout'
  )
    return false;
  const first = unwrap(call.arguments[0]);
  return Boolean(first && ts.isIdentifier(first) && first.text === resolve.text);
}

/**
 * `file:line: …` for each helper of HELPER_NAMES that one of `files` ({ file, text }) defines. With
 * `tree` (scripts/source-tree.mjs, rooted at the checkout) each file's syntax tree is the one the
 * other checks of the run use.
 */
export function helperCopies(files, tree = undefined) {
  const problems = [];
  for (const { file, text } of files) {
    const layer = layerOf(file);
    if (!layer) continue;
    const source = tree
      ? tree.source(file)
      : ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    /** Reports a helper copy; true when `nameNode` names one (its body is then not read further). */
    const report = (nameNode) => {
      const name = nameNode.text;
      if (!HELPER_NAMES.has(name)) return false;
      problems.push(
        `${file}:${lineOf(nameNode)}: defines its own ${name}(); import the one in ${layer.fixtures}`,
      );
      return true;
    };
    const visit = (node) => {
      if (ts.isFunctionDeclaration(node) && node.name && report(node.name)) return;
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
        const init = unwrap(node.initializer);
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && report(node.name)) return;
      }
      // Code a browser runs (page.evaluate and the like) cannot import the layer's sleep().
      if (ts.isCallExpression(node) && inPageCall(node)) return;
      if (isInlineSleep(node))
        problems.push(
          `${file}:${lineOf(node)}: waits with an inline promise; use sleep() from ${layer.fixtures}`,
        );
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return problems;
}

/** What fails in the checkout, as lines (empty when each layer's helpers have one copy). */
export function testHelperProblems(tree = sourceTree(root)) {
  const files = tree.files().filter((f) => layerOf(f));
  const problems = helperCopies(
    files.map((file) => ({ file, text: tree.text(file) })),
    tree,
  );
  if (problems.length === 0) return [];
  return [
    ...problems,
    `check-test-helpers: ${problems.length} copies of a shared test helper (docs/testing.md, "Fixtures")`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = testHelperProblems();
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log('check-test-helpers: every generic test helper has one copy per layer');
}
