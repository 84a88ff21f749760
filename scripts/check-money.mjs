#!/usr/bin/env node
// Part of `npm run lint`: money never passes through a JavaScript number (ARCHITECTURE.md,
// "The ledger (money)"; docs/money-lint.md). Application code (apps/*/src, packages/*/src, tests exempt)
// is parsed with the TypeScript compiler; a money value is an expression that names one — an identifier,
// a property or a called function whose name has a money word (amount, balance, price, fee, …), or a
// local variable whose name or initialiser is a money value; String(m), new Decimal(m), m.toString(),
// m.toFixed(), m.trim() and m.replace() are still m. Flagged:
// - Number(m), parseFloat(m), parseInt(m), JSON.parse(m), unary +m, Math.round/floor/ceil/trunc(m);
// - arithmetic (+ - * / % and their assignments) with a money operand (`+` joining text is not arithmetic).
// `// money-lint-ignore: <reason>` on the line or the line before lets one justified case through
// (display-only sorting, chart coordinates); the reason is required. `// money-lint-ignore-file: <reason>`
// among a file's first lines exempts a whole file that is not about money (the simulated market's float path).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sourceTree } from './source-tree.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const MONEY_WORDS = new Set([
  'amount',
  'balance',
  'price',
  'fee',
  'stake',
  'margin',
  'pnl',
  'profit',
  'volume',
  'payout',
  'notional',
  'equity',
  'funding',
  'bonus',
  'commission',
  'cost',
  'proceeds',
]);
/** Words that make a money-named value a count, a setting of the display or a label, not money. */
const NOT_MONEY_WORDS = new Set([
  'scale',
  'precision',
  'decimals',
  'digits',
  'places',
  'count',
  'index',
  'idx',
  'length',
  'id',
  'ids',
  'key',
  'label',
  'text',
  'width',
  'height',
  'ms',
  'seconds',
  'minutes',
  'hours',
  'days',
  'at',
  'time',
  'interval',
]);
/** Methods whose result is still the money of their receiver, as text. */
const TEXT_METHODS = new Set(['toString', 'toFixed', 'valueOf', 'trim', 'replace', 'replaceAll']);
const NUMBER_CALLS = new Set(['Number', 'parseFloat', 'parseInt']);
const MATH_CALLS = new Set(['round', 'floor', 'ceil', 'trunc']);
const ARITHMETIC = new Set([
  ts.SyntaxKind.PlusToken,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.AsteriskToken,
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.PercentToken,
  ts.SyntaxKind.PlusEqualsToken,
  ts.SyntaxKind.MinusEqualsToken,
  ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.SlashEqualsToken,
  ts.SyntaxKind.PercentEqualsToken,
]);
const IGNORE = /money-lint-ignore:\s*\S/;
const IGNORE_FILE = /^\s*\/\/ money-lint-ignore-file:\s*\S/;

/** The words of an identifier: `unrealizedPnl` → unrealized, pnl; `FEE_RATE` → fee, rate. */
export const wordsOf = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

/**
 * Whether a name names money: one of its words is a money word and none says otherwise. Plurals do not
 * count (`prices` is a list, `counts.payouts` a number of payouts).
 */
export function isMoneyName(name) {
  const words = wordsOf(name);
  return words.some((w) => MONEY_WORDS.has(w)) && !words.some((w) => NOT_MONEY_WORDS.has(w));
}

const unwrap = (node) => {
  let n = node;
  while (
    ts.isParenthesizedExpression(n) ||
    ts.isAsExpression(n) ||
    ts.isNonNullExpression(n) ||
    ts.isTypeAssertionExpression(n) ||
    ts.isSatisfiesExpression?.(n)
  ) {
    n = n.expression;
  }
  return n;
};

const isText = (node) => {
  const n = unwrap(node);
  return (
    ts.isStringLiteral(n) ||
    ts.isNoSubstitutionTemplateLiteral(n) ||
    ts.isTemplateExpression(n) ||
    (ts.isBinaryExpression(n) &&
      n.operatorToken.kind === ts.SyntaxKind.PlusToken &&
      (isText(n.left) || isText(n.right)))
  );
};

/** The problems of one source text: `{ line, text, why }`, `checker` resolving local variables. */
function problemsOf(source, checker) {
  const found = [];
  const lines = source.text.split('\n');
  if (lines.slice(0, 5).some((line) => IGNORE_FILE.test(line))) return found;
  /** The money name an expression carries, or undefined; `seen` stops cycles through variables. */
  const moneyOf = (node, seen = new Set()) => {
    const n = unwrap(node);
    if (ts.isIdentifier(n)) {
      if (isMoneyName(n.text)) return n.text;
      const symbol = checker.getSymbolAtLocation(n);
      for (const decl of symbol?.declarations ?? []) {
        if (ts.isVariableDeclaration(decl) && decl.initializer && !seen.has(decl)) {
          seen.add(decl);
          const via = moneyOf(decl.initializer, seen);
          if (via) return `${n.text} (= ${via})`;
        }
      }
      return undefined;
    }
    if (ts.isPropertyAccessExpression(n)) return isMoneyName(n.name.text) ? n.getText(source) : undefined;
    if (ts.isElementAccessExpression(n)) {
      const key = n.argumentExpression;
      return ts.isStringLiteralLike(key) && isMoneyName(key.text) ? n.getText(source) : undefined;
    }
    if (ts.isCallExpression(n)) {
      const callee = unwrap(n.expression);
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : undefined;
      // String(price), price.toString(), price.replace(',', ''), dec.toFixed(2): still the money text.
      if (name === 'String' && n.arguments[0]) return moneyOf(n.arguments[0], seen);
      if (ts.isPropertyAccessExpression(callee) && TEXT_METHODS.has(name))
        return moneyOf(callee.expression, seen);
      if (ts.isPropertyAccessExpression(callee) && callee.expression.getText(source) === 'JSON')
        return undefined;
      return name && isMoneyName(name) ? n.getText(source) : undefined;
    }
    if (ts.isBinaryExpression(n) && ARITHMETIC.has(n.operatorToken.kind) && !isText(n)) {
      return moneyOf(n.left, seen) ?? moneyOf(n.right, seen);
    }
    if (
      ts.isPrefixUnaryExpression(n) &&
      [ts.SyntaxKind.PlusToken, ts.SyntaxKind.MinusToken].includes(n.operator)
    ) {
      return moneyOf(n.operand, seen);
    }
    // new Decimal(amount): the same money, which .toString() or .toFixed() turns back into text.
    if (ts.isNewExpression(n)) {
      for (const arg of n.arguments ?? []) {
        const via = moneyOf(arg, seen);
        if (via) return via;
      }
      return undefined;
    }
    if (ts.isConditionalExpression(n)) return moneyOf(n.whenTrue, seen) ?? moneyOf(n.whenFalse, seen);
    if (
      ts.isBinaryExpression(n) &&
      [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(n.operatorToken.kind)
    ) {
      return moneyOf(n.left, seen) ?? moneyOf(n.right, seen);
    }
    return undefined;
  };
  const report = (node, why) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    if (IGNORE.test(lines[line] ?? '') || IGNORE.test(lines[line - 1] ?? '')) return;
    found.push({ line: line + 1, text: node.getText(source).split('\n')[0], why });
  };
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.arguments[0]) {
      const callee = unwrap(node.expression);
      const isGlobal = (obj, names) =>
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === obj &&
        names.has(callee.name.text);
      const converts =
        (ts.isIdentifier(callee) && NUMBER_CALLS.has(callee.text)) ||
        isGlobal('Number', new Set(['parseFloat', 'parseInt'])) ||
        isGlobal('Math', MATH_CALLS) ||
        isGlobal('JSON', new Set(['parse']));
      const via = converts ? moneyOf(node.arguments[0]) : undefined;
      if (via) report(node, `${callee.getText(source)}() of ${via}`);
    } else if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.PlusToken) {
      const via = moneyOf(node.operand);
      if (via) report(node, `unary + of ${via}`);
    } else if (ts.isBinaryExpression(node) && ARITHMETIC.has(node.operatorToken.kind)) {
      const joinsText =
        [ts.SyntaxKind.PlusToken, ts.SyntaxKind.PlusEqualsToken].includes(node.operatorToken.kind) &&
        (isText(node.left) || isText(node.right));
      // Only the innermost arithmetic is reported: `a.amount * 2 + 1` once, at `a.amount * 2`.
      const operand = [node.left, node.right].find((side) => {
        const s = unwrap(side);
        return !(ts.isBinaryExpression(s) && ARITHMETIC.has(s.operatorToken.kind)) && moneyOf(side);
      });
      if (!joinsText && operand)
        report(node, `arithmetic (${node.operatorToken.getText(source)}) on ${moneyOf(operand)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Problems of the given files (`{ file, text }`), as `file:line: code — why` lines. With `tree`
 * (scripts/source-tree.mjs, rooted at the checkout) each file's syntax tree is the one the other
 * checks of the run use.
 */
export function moneyProblems(files, tree = undefined) {
  const texts = new Map(files.map(({ file, text }) => [path.resolve(root, file), text]));
  const relative = new Map(files.map(({ file }) => [path.resolve(root, file), file]));
  const host = ts.createCompilerHost({ noLib: true, noResolve: true, allowJs: false });
  host.getSourceFile = (name, target) => {
    const text = texts.get(path.resolve(name));
    if (text === undefined) return undefined;
    return tree
      ? tree.source(relative.get(path.resolve(name)))
      : ts.createSourceFile(name, text, target, true);
  };
  host.fileExists = (name) => texts.has(path.resolve(name));
  host.readFile = (name) => texts.get(path.resolve(name));
  const program = ts.createProgram({
    rootNames: [...texts.keys()],
    options: { noLib: true, noResolve: true, jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.Latest },
    host,
  });
  const checker = program.getTypeChecker();
  const out = [];
  for (const { file } of files) {
    const source = program.getSourceFile(path.resolve(root, file));
    for (const p of problemsOf(source, checker)) {
      out.push(`${file}:${p.line}: ${p.text} — ${p.why}; use the Decimal of packages/domain for money`);
    }
  }
  return out;
}

/** The application's non-test TypeScript files (in the src folders of apps and packages), relative to the root. */
export function applicationFiles(tree = sourceTree(root)) {
  return tree
    .files()
    .filter(
      (f) =>
        /^(apps|packages)\/.*\/src\//.test(f) && /\.(ts|tsx)$/.test(f) && !/\.test(-helpers)?\.tsx?$/.test(f),
    );
}

/** What fails in the checkout, as lines (empty when no money passes through a number). */
export function moneyLintProblems(tree = sourceTree(root)) {
  const problems = moneyProblems(
    applicationFiles(tree).map((file) => ({ file, text: tree.text(file) })),
    tree,
  );
  return problems.length > 0 ? [`Money through a JavaScript number (${problems.length}):`, ...problems] : [];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = moneyLintProblems();
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}
