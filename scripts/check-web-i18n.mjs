#!/usr/bin/env node
// Part of `npm run lint`'s i18n check (scripts/check-i18n.mjs, run by scripts/check-source.mjs on the
// one parse of the sources, scripts/source-tree.mjs): the web app's texts live in its catalogues
// (docs/i18n.md, web section; issue 38). Two checks:
// 1. Every catalogue of apps/web/src/i18n has the same keys in zh-CN and en, each a non-empty string,
//    and no Chinese in an en text (other than a language's own name); beside a plural's `_other` (all
//    zh-CN has: Chinese has no plural form) English has its `_one` too (i18next's plurals). The TypeScript types say the
//    same (Catalogue<>); this check also holds for what the types cannot see (an empty string).
// 2. A ratchet on Chinese literals in the web's code: each file's count of Chinese runs (CJK letters
//    and CJK punctuation together) in string literals, template literals and JSX text may only go
//    down from the count committed in scripts/web-i18n.allow; a file not listed there must have none.
//    What does not count: comments, regular expressions (they match a server's words), a literal on a
//    line marked `// i18n-exempt: <reason>` or the line after one (as the server's check, scripts/check-i18n.mjs:
//    a spec's fixed label that stays Chinese in both languages), test files
//    (*.test.*, src/test/, and the test data files named in TEST_DATA), and the catalogues themselves.
//    User data and pair names never appear as literals. When a file's count goes down, the allow file
//    must be lowered too (`node scripts/check-web-i18n.mjs --update [path…]`, which never raises a count;
//    with paths, only those files: in a shared checkout, lower only your own).
// Run alone, `node scripts/check-web-i18n.mjs` checks the web part only.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sourceTree } from './source-tree.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_SRC = 'apps/web/src/';
export const ALLOW_FILE = 'scripts/web-i18n.allow';
const CATALOGUES = `${WEB_SRC}i18n/`;
/** Test helpers and fixtures that are not under src/test/. */
const TEST_DATA = /(^|\/)(testData|testing|[A-Za-z]*[Ff]ixtures)\.tsx?$/;

/** A run of Chinese: Han letters and the CJK and full-width punctuation around them. */
const CHINESE_RUN =
  /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]*[\u3400-\u4dbf\u4e00-\u9fff][\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]*/g;
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/;
const EXEMPT = /\/\/\s*i18n-exempt:\s*\S/;

/** Whether a web file is code whose literals count (not a test, test data or a catalogue). */
export function isCountedFile(file) {
  if (!file.startsWith(WEB_SRC) || !/\.tsx?$/.test(file) || file.endsWith('.d.ts')) return false;
  if (file.startsWith(CATALOGUES) || file.startsWith(`${WEB_SRC}test/`)) return false;
  if (/\.test\.tsx?$/.test(file) || TEST_DATA.test(file)) return false;
  return true;
}

/**
 * The Chinese runs in a file's literals (strings, templates, JSX text), with their line numbers.
 * `source` is the file's syntax tree when the caller has it (the run's shared tree).
 */
export function chineseLiterals(
  file,
  text,
  source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  ),
) {
  const lines = text.split('\n');
  const exempt = (line) => EXEMPT.test(lines[line - 1] ?? '') || EXEMPT.test(lines[line - 2] ?? '');
  const found = [];
  const visit = (node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      if (!exempt(line)) for (const run of node.text.match(CHINESE_RUN) ?? []) found.push({ line, run });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Keys of a catalogue object literal (`export const x = { … }`), dotted, with their string texts. */
export function catalogueEntries(
  file,
  text,
  source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS),
) {
  const entries = new Map();
  const walk = (object, prefix) => {
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const name = property.name;
      const key = ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : name.getText(source);
      const dotted = prefix ? `${prefix}.${key}` : key;
      const value = property.initializer;
      if (ts.isObjectLiteralExpression(value)) walk(value, dotted);
      else if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value))
        entries.set(dotted, value.text);
      else entries.set(dotted, null); // an expression (a contracts constant, a template with values)
    }
  };
  const visit = (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      walk(node.initializer, '');
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return entries;
}

/** Problems of one zh-CN catalogue against its en twin (their syntax trees from `tree` when given). */
export function catalogueProblems(zhFile, zhText, enFile, enText, tree = undefined) {
  const zh = catalogueEntries(zhFile, zhText, tree?.source(zhFile));
  const en = catalogueEntries(enFile, enText, tree?.source(enFile));
  // A zh-CN value that is an expression (a contracts constant, possibly an object of labels) cannot
  // be read here: en may spell it out as an object; the types (Catalogue<>) check its keys.
  const opaque = [...zh].filter(([, value]) => value === null).map(([key]) => key);
  const underOpaque = (key) => opaque.some((prefix) => key.startsWith(`${prefix}.`));
  const problems = [];
  for (const key of zh.keys()) {
    const spelled = [...en.keys()].some((k) => k.startsWith(`${key}.`));
    if (!en.has(key) && !(zh.get(key) === null && spelled))
      problems.push(`${enFile}: missing key ${key} (in ${zhFile})`);
  }
  // i18next's plurals: zh-CN has only the _other form (Chinese has no other), English its _one too.
  const oneOf = (key) => key.replace(/_other$/, '_one');
  for (const key of zh.keys()) {
    if (key.endsWith('_other') && en.has(key) && !en.has(oneOf(key)))
      problems.push(`${enFile}: missing key ${oneOf(key)} (the _one form beside ${key})`);
  }
  for (const key of en.keys()) {
    const plural = key.endsWith('_one') && zh.has(key.replace(/_one$/, '_other'));
    if (!zh.has(key) && !underOpaque(key) && !plural)
      problems.push(`${enFile}: key ${key} is not in ${zhFile}`);
  }
  for (const [file, entries] of [
    [zhFile, zh],
    [enFile, en],
  ]) {
    for (const [key, value] of entries) if (value === '') problems.push(`${file}: ${key} is empty`);
  }
  for (const [key, value] of en) {
    if (value && HAN.test(value) && !key.endsWith('zh-CN'))
      problems.push(`${enFile}: ${key} is Chinese: ${value}`);
  }
  return problems;
}

/** Parses the allow file: `<count> <path>` lines; # comments. */
export function parseAllow(text) {
  const allowed = new Map();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(\d+)\s+(\S+)$/.exec(line);
    if (!match) throw new Error(`${ALLOW_FILE}: cannot read "${line}"`);
    allowed.set(match[2], Number(match[1]));
  }
  return allowed;
}

export function formatAllow(counts) {
  const header = [
    "# Chinese runs in the web app's code outside its catalogues, per file (scripts/check-web-i18n.mjs).",
    '# A count may only go down; a file not listed must have none. Lower it with',
    '# `node scripts/check-web-i18n.mjs --update` after moving texts into apps/web/src/i18n.',
  ];
  const lines = [...counts]
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, n]) => `${n} ${file}`);
  return `${[...header, ...lines].join('\n')}\n`;
}

/**
 * The allowances after `--update`: each file's count where it is lower, never a higher one. Given
 * `only` (paths or folders), only those files are lowered: in a checkout shared with others, their
 * uncommitted conversions are theirs to record.
 */
export function loweredAllowances(counts, allowed, only = []) {
  const chosen = (file) =>
    only.length === 0 || only.some((p) => file === p || file.startsWith(`${p.replace(/\/$/, '')}/`));
  const next = new Map();
  for (const file of new Set([...allowed.keys(), ...counts.keys()])) {
    const allowance = allowed.get(file) ?? 0;
    next.set(file, chosen(file) ? Math.min(counts.get(file) ?? 0, allowance) : allowance);
  }
  return next;
}

/** The ratchet: files over their allowance (or new files with any), and allowances to lower. */
export function ratchetProblems(counts, allowed) {
  const over = [];
  const lower = [];
  for (const [file, count] of counts) {
    const allowance = allowed.get(file) ?? 0;
    if (count > allowance) over.push({ file, count, allowance });
    else if (count < allowance) lower.push({ file, count, allowance });
  }
  for (const [file, allowance] of allowed) if (!counts.has(file)) lower.push({ file, count: 0, allowance });
  return { over, lower };
}

/**
 * Each counted file's Chinese runs among `files`, read by `read`; with `tree` (scripts/source-tree.mjs)
 * each syntax tree is the run's shared one.
 */
export function countAll(files, read, tree = undefined) {
  const counts = new Map();
  const details = new Map();
  for (const file of files.filter(isCountedFile)) {
    const found = chineseLiterals(file, read(file), tree?.source(file));
    counts.set(file, found.length);
    details.set(file, found);
  }
  return { counts, details };
}

function catalogueCheck(files, read, tree) {
  const problems = [];
  for (const zhFile of files.filter((f) => f.startsWith(CATALOGUES) && f.endsWith('/zh-CN.ts'))) {
    const enFile = zhFile.replace(/zh-CN\.ts$/, 'en.ts');
    if (!files.includes(enFile)) {
      problems.push(`${zhFile}: no ${enFile}`);
      continue;
    }
    problems.push(...catalogueProblems(zhFile, read(zhFile), enFile, read(enFile), tree));
  }
  return problems;
}

const readAllow = (root) => {
  const allowPath = path.join(root, ALLOW_FILE);
  return fs.existsSync(allowPath) ? parseAllow(fs.readFileSync(allowPath, 'utf8')) : new Map();
};

/**
 * The web part of the i18n check on `tree` (rooted at the checkout): `problems` (lines; the check
 * fails when there are any) and `notes` (a line to print when it holds).
 */
export function webI18nCheck(tree = sourceTree(root)) {
  const files = tree.files();
  const { counts, details } = countAll(files, tree.text, tree);
  const problems = catalogueCheck(files, tree.text, tree);
  const { over, lower } = ratchetProblems(counts, readAllow(tree.root));
  for (const { file, count, allowance } of over) {
    const lines = details
      .get(file)
      .slice(0, 5)
      .map(({ line, run }) => `${file}:${line}: ${run}`);
    problems.push(
      `${file}: ${count} Chinese literal runs, ${allowance} allowed: put the texts in apps/web/src/i18n (t('…')) instead\n  ${lines.join('\n  ')}`,
    );
  }
  for (const { file, count, allowance } of lower) {
    problems.push(
      `${file}: ${count} Chinese literal runs, the allowance is ${allowance}: lower it with node scripts/check-web-i18n.mjs --update`,
    );
  }
  if (problems.length > 0) {
    const header = `check-web-i18n: ${problems.length} problems (docs/i18n.md, web section)`;
    return { problems: [header, ...problems].join('\n').split('\n'), notes: [] };
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return {
    problems: [],
    notes: [`check-web-i18n: catalogues in step; ${total} Chinese literal runs left in the web's code`],
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const tree = sourceTree(root);
  if (process.argv.includes('--update')) {
    const { counts } = countAll(tree.files(), tree.text, tree);
    const allowed = readAllow(root);
    const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
    const next = loweredAllowances(counts, allowed, only);
    fs.writeFileSync(path.join(root, ALLOW_FILE), formatAllow(next));
    const { over } = ratchetProblems(counts, next);
    console.log(
      `${ALLOW_FILE}: ${[...next.values()].reduce((a, b) => a + b, 0)} runs allowed in ${[...next.values()].filter((n) => n > 0).length} files`,
    );
    if (over.length > 0)
      console.error(`${over.length} files are still over (fix them; --update never raises a count)`);
    process.exit(over.length > 0 ? 1 : 0);
  }
  const { problems, notes } = webI18nCheck(tree);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  for (const note of notes) console.log(note);
}
