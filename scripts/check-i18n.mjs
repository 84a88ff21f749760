#!/usr/bin/env node
// `npm run lint`'s i18n check, which scripts/check-source.mjs runs on the one parse of the sources
// (scripts/source-tree.mjs): this server ratchet and the web's check (scripts/check-web-i18n.mjs:
// catalogue key parity and the web's ratchet). `node scripts/check-i18n.mjs` alone runs both parts;
// `node scripts/check-web-i18n.mjs` the web's alone.
//
// The server's ratchet (issue 38, docs/i18n.md, "The ratchet"): the server speaks through its
// catalogues (apps/server/src/i18n/zh-CN.ts and en.ts), so a literal Chinese text in server code is
// a message that an English reader would meet in Chinese. The count of such literals per file may
// only go down: scripts/i18n-literals.json holds today's counts; a file above its count, or a file
// not listed with any, fails. `node scripts/check-i18n.mjs --update [files]` writes the lower counts
// after a conversion, of the files named or else of all (it refuses to raise one).
//
// What counts: each string or template literal of a non-test .ts file under apps/server/src with a
// CJK character in its text. Not counted: comments (the parser skips them), the catalogues
// (apps/server/src/i18n/*), tests and test helpers (apps/server/src/test/), and a literal on a line
// marked `// i18n-exempt: <reason>` (or on the line after such a mark): the spec's fixed labels
// that stay Chinese in both languages, data such as the demo's names, log lines.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { webI18nCheck } from './check-web-i18n.mjs';
import { sourceTree } from './source-tree.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BASELINE = 'scripts/i18n-literals.json';
const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/;
const EXEMPT = /\/\/\s*i18n-exempt:\s*\S/;

/** Whether a file is server code whose literals count. */
export const counted = (file) =>
  file.startsWith('apps/server/src/') &&
  file.endsWith('.ts') &&
  !file.startsWith('apps/server/src/i18n/') &&
  !file.startsWith('apps/server/src/test/') &&
  !/\.test(-helpers)?\.ts$/.test(file);

/**
 * The Chinese literals of one file's text: [{ line, text }]. `source` is the file's syntax tree when
 * the caller has it (the run's shared tree).
 */
export function chineseLiterals(
  file,
  text,
  source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS),
) {
  const lines = text.split('\n');
  const exempt = (line) => EXEMPT.test(lines[line] ?? '') || EXEMPT.test(lines[line - 1] ?? '');
  const found = [];
  const visit = (node) => {
    let literal;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node))
      literal = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('…');
    if (literal !== undefined && CJK.test(literal)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      if (!exempt(line)) found.push({ line: line + 1, text: literal });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Each counted file's number of Chinese literals (files with none left out). With `tree`
 * (scripts/source-tree.mjs) each syntax tree is the run's shared one.
 */
export function countLiterals(files, tree = undefined) {
  const counts = {};
  for (const { file, text } of files) {
    if (!counted(file)) continue;
    const n = chineseLiterals(file, text, tree?.source(file)).length;
    if (n > 0) counts[file] = n;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/** The ratchet's verdict: files above their baseline (or new with any), and files now below it. */
export function compare(baseline, counts) {
  const risen = [];
  const fallen = [];
  for (const [file, n] of Object.entries(counts)) {
    const allowed = baseline[file] ?? 0;
    if (n > allowed) risen.push(`${file}: ${n} Chinese literals (allowed ${allowed})`);
    else if (n < allowed) fallen.push(file);
  }
  for (const file of Object.keys(baseline)) if (!(file in counts)) fallen.push(file);
  return { risen, fallen };
}

/**
 * The baseline `--update` writes: every file's count, or, given files, only theirs (lowered, or gone
 * when none is left) with every other entry kept as it is, so that two engineers each converting
 * their own files in one checkout never write over each other's half-done counts.
 */
export function updatedBaseline(baseline, counts, only = []) {
  if (only.length === 0) return counts;
  const named = new Set(only.map((file) => path.posix.normalize(file.split(path.sep).join('/'))));
  const next = { ...baseline };
  for (const file of named) {
    if (counts[file]) next[file] = counts[file];
    else delete next[file];
  }
  return Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
}

export const total = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);

const serverCounts = (tree) =>
  countLiterals(
    tree
      .files()
      .filter(counted)
      .map((file) => ({ file, text: tree.text(file) })),
    tree,
  );

const readBaseline = (root) => {
  const baselinePath = path.join(root, BASELINE);
  return fs.existsSync(baselinePath) ? JSON.parse(fs.readFileSync(baselinePath, 'utf8')) : {};
};

/** The server's ratchet on `tree` (rooted at the checkout): `problems` (lines) and `notes`. */
export function serverI18nCheck(tree = sourceTree(root)) {
  const { risen, fallen } = compare(readBaseline(tree.root), serverCounts(tree));
  if (risen.length > 0) {
    return {
      problems: [
        `Chinese text in server code outside the catalogues (${risen.length} files; docs/i18n.md: put it in ` +
          `apps/server/src/i18n/zh-CN.ts and en.ts, or mark a fixed label // i18n-exempt: <reason>):`,
        ...risen,
        '(list them: node scripts/check-i18n.mjs --list <file>)',
      ],
      notes: [],
    };
  }
  const notes =
    fallen.length > 0
      ? [
          `check-i18n: ${fallen.length} files below their count; lower it: node scripts/check-i18n.mjs --update ${fallen.join(' ')}`,
        ]
      : [];
  return { problems: [], notes };
}

/** The i18n check of `npm run lint`: the server's ratchet, then the web's check. */
export function i18nCheck(tree = sourceTree(root)) {
  const server = serverI18nCheck(tree);
  const web = webI18nCheck(tree);
  return { problems: [...server.problems, ...web.problems], notes: [...server.notes, ...web.notes] };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const tree = sourceTree(root);
  if (process.argv.includes('--list')) {
    for (const file of process.argv.slice(process.argv.indexOf('--list') + 1))
      for (const { line, text } of chineseLiterals(file, fs.readFileSync(path.join(root, file), 'utf8')))
        console.log(`${file}:${line}: ${text}`);
  } else if (process.argv.includes('--update')) {
    const only = process.argv.slice(process.argv.indexOf('--update') + 1).filter((a) => !a.startsWith('--'));
    const counts = updatedBaseline(readBaseline(root), serverCounts(tree), only);
    const { risen } = compare(readBaseline(root), counts);
    if (risen.length > 0 && !process.argv.includes('--init')) {
      console.error(
        `Not written: counts may only go down (docs/i18n.md, "The ratchet"):\n${risen.join('\n')}`,
      );
      process.exit(1);
    }
    fs.writeFileSync(path.join(root, BASELINE), `${JSON.stringify(counts, null, 2)}\n`);
    console.log(`${BASELINE}: ${total(counts)} Chinese literals in ${Object.keys(counts).length} files`);
  } else {
    const { problems, notes } = i18nCheck(tree);
    for (const note of notes) console.log(note);
    if (problems.length > 0) {
      console.error(problems.join('\n'));
      process.exit(1);
    }
  }
}
