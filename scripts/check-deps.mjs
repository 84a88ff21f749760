#!/usr/bin/env node
// Part of `npm run lint`: every package.json declares what its workspace imports, and nothing it
// does not use. An undeclared import works only while npm happens to hoist another workspace's copy
// (apps/web imported zod that way); an unused dependency ships and is audited for nothing.
//
// A workspace may import what it declares (dependencies, devDependencies, peerDependencies) and the
// root's devDependencies: the shared tooling (vitest, fast-check, typescript, @playwright/test).
// A declared package counts as used when the workspace imports it (import, export … from, import(),
// require(), require.resolve(), /// <reference types>), names it in a quoted string or a
// node_modules path (a vitest environment, a spawned bin file), runs one of its bins from a
// package.json script or CI, is the peer of a package it uses, or is the @types of one.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'data']);
/**
 * The module specifiers a file imports, read by TypeScript's scanner (static imports and exports,
 * import(), require(), /// <reference types>), so that an import written inside a string (a test's
 * fixture) does not count; plus require.resolve('…'), which the scanner leaves out.
 */
function specifiersOf(text) {
  const info = ts.preProcessFile(text, true, true);
  return [
    ...info.importedFiles.map((f) => f.fileName),
    ...info.typeReferenceDirectives.map((f) => f.fileName),
    ...[...text.matchAll(/\.resolve\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? ''),
  ];
}

const PACKAGE_NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/;
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const builtins = new Set(builtinModules);

/** The package a module specifier names, or undefined for relative paths and Node's own modules. */
export function packageOf(specifier) {
  if (/^[./]/.test(specifier) || specifier.startsWith('node:') || specifier.includes(':')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
  return builtins.has(name) || !PACKAGE_NAME.test(name) ? undefined : name;
}

/** Source files under `dir`, leaving out other workspaces (`exclude`, absolute paths). */
function sources(dir, exclude) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !exclude.has(full)) out.push(...sources(full, exclude));
    } else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** What an installed package offers: its bins and its peers (empty when it is not installed). */
function installed(root, name) {
  const file = path.join(root, 'node_modules', name, 'package.json');
  if (!fs.existsSync(file)) return { bins: [], peers: [] };
  const pkg = readJson(file);
  const bins = typeof pkg.bin === 'string' ? [name.split('/').pop()] : Object.keys(pkg.bin ?? {});
  return { bins, peers: Object.keys(pkg.peerDependencies ?? {}) };
}

/**
 * The problems of the repository at `root`, one line each; empty when every package.json is right.
 * `tree` (scripts/source-tree.mjs, rooted at `root`) reads each file once for all the checks of a run.
 */
export function dependencyProblems(root, tree = undefined) {
  const read = (file) => (tree ? tree.text(path.relative(root, file)) : fs.readFileSync(file, 'utf8'));
  const rootPkg = readJson(path.join(root, 'package.json'));
  const workspaces = (rootPkg.workspaces ?? []).map((w) => path.join(root, w));
  const shared = new Set(Object.keys(rootPkg.devDependencies ?? {}));
  const commands = [];
  for (const dir of [root, ...workspaces])
    commands.push(...Object.values(readJson(path.join(dir, 'package.json')).scripts ?? {}));
  const ciDir = path.join(root, '.ci');
  if (fs.existsSync(ciDir))
    for (const f of fs.readdirSync(ciDir, { recursive: true, encoding: 'utf8' })) {
      const full = path.join(ciDir, f);
      if (fs.statSync(full).isFile()) commands.push(fs.readFileSync(full, 'utf8'));
    }
  const runs = (bin) => {
    const word = new RegExp(
      `(^|[\\s/'"\`;&|(])${bin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[\\s'"\`;&|)])`,
      'm',
    );
    return commands.some((c) => word.test(c));
  };

  const problems = [];
  for (const dir of [root, ...workspaces]) {
    const pkg = readJson(path.join(dir, 'package.json'));
    const where = path.relative(root, path.join(dir, 'package.json')) || 'package.json';
    const own = new Set(
      Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies }),
    );
    // The root's own files are the ones outside every workspace; its devDependencies serve the whole
    // repository, so they count as used when any file uses them.
    const ownFiles = sources(dir, dir === root ? new Set(workspaces) : new Set());
    const texts = (dir === root ? sources(root, new Set()) : ownFiles).map(read);
    const importsOf = (text) =>
      specifiersOf(text)
        .map(packageOf)
        .filter((name) => name !== undefined);
    const imported = new Map();
    for (const file of ownFiles)
      for (const name of importsOf(read(file)))
        if (name !== pkg.name && !imported.has(name)) imported.set(name, path.relative(root, file));
    for (const [name, file] of imported)
      if (!own.has(name) && !shared.has(name))
        problems.push(`${where} does not declare ${name}, which ${file} imports`);

    const usedHere = new Set(texts.flatMap(importsOf));
    const peersOfUsed = new Set([...usedHere].flatMap((name) => installed(root, name).peers));
    const named = (name) =>
      texts.some(
        (t) => t.includes(`'${name}'`) || t.includes(`"${name}"`) || t.includes(`node_modules/${name}/`),
      );
    for (const name of own) {
      if (usedHere.has(name) || peersOfUsed.has(name) || named(name)) continue;
      if (installed(root, name).bins.some(runs)) continue;
      if (name.startsWith('@types/')) {
        const typed = name.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2');
        if (usedHere.has(typed) || (typed === 'node' && texts.some((t) => /['"]node:/.test(t)))) continue;
      }
      problems.push(`${where} declares ${name}, which nothing in its workspace uses`);
    }
  }
  return problems;
}

/** What fails in the checkout at `root`, as lines (empty when every package.json is right). */
export function dependencyLintProblems(root, tree = undefined) {
  const problems = dependencyProblems(root, tree);
  return problems.length > 0 ? ['Dependencies out of step with the imports:', ...problems] : [];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = dependencyLintProblems(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}
