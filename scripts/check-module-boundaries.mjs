#!/usr/bin/env node
// Part of `npm run lint`: the server's module rules, checked on resolved paths so that no spelling of an
// import walks around them (docs/module-boundaries.md).
// - A module never imports another module's `*.repository.ts` or `*.schema.ts` (its drizzle tables),
//   nor `db/schema.ts` (every table); `core/` and `db/` never import a module's code (types may).
//   One exception: a `*.schema.ts` may import another module's tables to name them in a foreign key
//   (`.references(() => users.id)`, `foreignKey({ foreignColumns })`) and for nothing else.
// - A module's raw SQL (sql`…`, .execute/.query strings, any string it writes) names no other module's
//   table (the tables each `*.schema.ts` declares with pgTable): it asks the owner's read API.
// - No import cycle between modules: the graph of static value imports (`import type` does not count).
// - Routes call services only: a `*.routes.ts` file imports no repository, no drizzle tables, nothing
//   from db/ but types and no query builder (drizzle-orm, postgres, pg, PGlite), and reads no member of
//   the database or a transaction (`db`, `tx`, `exec`, or a name declared as Db, Tx or Executor);
//   and only a `*.routes.ts` file registers routes (imports `route` from core/http.ts).
// - Only auth and admins (and users itself) import `userAccount`, the user row with its password hash;
//   every other module reads users through `userDirectory`.
// What breaks these today is listed in scripts/module-boundaries.allow, a list that only shrinks: an
// entry that is no longer needed fails too. Tests (`*.test.ts`, `*.test-helpers.ts`) are exempt.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sourceTree } from './source-tree.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ALLOW_FILE = path.join(root, 'scripts', 'module-boundaries.allow');
const SRC = 'apps/server/src';
const MODULES = `${SRC}/modules/`;
const CORE_OR_DB = /^apps\/server\/src\/(core|db)\//;

const SCHEMA = /\.schema\.ts$/;
const isTest = (file) => /\.test(-helpers)?\.ts$/.test(file);
/** The module a file belongs to (the folder under modules/), or undefined outside modules. */
export const moduleOf = (file) =>
  file.startsWith(MODULES) ? file.slice(MODULES.length).split('/').slice(0, -1)[0] : undefined;

function sourceFiles(base) {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(base, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !isTest(entry.name)) out.push(rel);
    }
  };
  walk(SRC);
  return out.sort();
}

/** The file a relative specifier names, as TypeScript's bundler resolution finds it (`.js` → `.ts`). */
function resolve(base, from, specifier) {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = target.replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [target, `${stem}.ts`, `${stem}.tsx`, `${target}/index.ts`]) {
    if (fs.statSync(path.join(base, candidate), { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return undefined;
}

/**
 * Whether every name an import declaration binds is used only to name a foreign key: inside the
 * arguments of a `.references(...)` call or in `foreignColumns` of a `foreignKey({...})` call. A
 * namespace or default import, a re-export or any other use (a column type, a query) is not.
 */
function namesOnlyForeignKeys(declaration, source) {
  const named = declaration.importClause?.namedBindings;
  if (!named || declaration.importClause.name || !ts.isNamedImports(named)) return false;
  const names = new Set(named.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text));
  if (names.size === 0) return false;
  const inForeignKey = (node) => {
    for (let n = node; n.parent; n = n.parent) {
      const p = n.parent;
      if (
        ts.isCallExpression(p) &&
        p.arguments.includes(n) &&
        ts.isPropertyAccessExpression(p.expression) &&
        p.expression.name.text === 'references'
      )
        return true;
      if (
        ts.isPropertyAssignment(p) &&
        p.initializer === n &&
        ts.isIdentifier(p.name) &&
        p.name.text === 'foreignColumns' &&
        ts.isObjectLiteralExpression(p.parent) &&
        ts.isCallExpression(p.parent.parent) &&
        ts.isIdentifier(p.parent.parent.expression) &&
        p.parent.parent.expression.text === 'foreignKey'
      )
        return true;
    }
    return false;
  };
  let only = true;
  const visit = (node) => {
    if (node === declaration || !only) return;
    if (ts.isIdentifier(node) && names.has(node.text) && !inForeignKey(node)) only = false;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return only;
}

/**
 * The exported names a declaration takes as values (under their exported names, not local aliases);
 * for a namespace import, the ones the file reads from it (`ns.name`).
 */
function valueNamesOf(node, source) {
  const bindings = ts.isImportDeclaration(node)
    ? !node.importClause?.isTypeOnly && node.importClause?.namedBindings
    : ts.isExportDeclaration(node) && !node.isTypeOnly && node.exportClause;
  if (!bindings) return [];
  if (ts.isNamespaceImport(bindings)) {
    const ns = bindings.name.text;
    return [...source.text.matchAll(new RegExp(`\\b${ns}\\s*\\.\\s*([A-Za-z_$][\\w$]*)`, 'g'))].map(
      (m) => m[1],
    );
  }
  if (!ts.isNamedImports(bindings) && !ts.isNamedExports(bindings)) return [];
  return bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
}

/** Every relative import and re-export of a file: `{ specifier, line, typeOnly, dynamic, foreignKeysOnly, names }`. */
function importsOf(source, file) {
  const found = [];
  const add = (node, literal, typeOnly, dynamic) => {
    if (!ts.isStringLiteralLike(literal) || !literal.text.startsWith('.')) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const foreignKeysOnly =
      SCHEMA.test(file) && ts.isImportDeclaration(node) && namesOnlyForeignKeys(node, source);
    const names = valueNamesOf(node, source);
    found.push({ specifier: literal.text, line, typeOnly, dynamic, foreignKeysOnly, names });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const onlyTypes =
        Boolean(clause?.isTypeOnly) ||
        Boolean(
          clause &&
            !clause.name &&
            named &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly),
        );
      add(node, node.moduleSpecifier, onlyTypes, false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const named = node.exportClause;
      const onlyTypes =
        node.isTypeOnly ||
        Boolean(named && ts.isNamedExports(named) && named.elements.every((e) => e.isTypeOnly));
      add(node, node.moduleSpecifier, onlyTypes, false);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      if (node.arguments[0]) add(node, node.arguments[0], false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal, true, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every relative import under apps/server/src (tests left out), resolved: `{ from, to, line, … }`.
 * `tree` (scripts/source-tree.mjs) reads and parses each file once for all the checks of a run.
 */
export function serverImports(base = root, tree = sourceTree(base)) {
  const all = [];
  for (const from of sourceFiles(base)) {
    for (const imp of importsOf(tree.source(from), from))
      all.push({ from, to: resolve(base, from, imp.specifier), ...imp });
  }
  return all;
}

/** The modules that may import `userAccount` (the user row with its password hash) from users. */
const USER_ACCOUNT_MODULES = new Set(['users', 'auth', 'admins']);

const short = (file) => (file.startsWith(MODULES) ? file.slice(MODULES.length) : file);
const where = (imp) => `${imp.from}:${imp.line}: '${imp.specifier}'`;

/**
 * The imports that break a boundary, each `{ key, message }`. `key` is what an allowlist entry names
 * for the kinds that may be allowed (`schema <from> -> <to>`); the others have none.
 */
export function boundaryViolations(imports) {
  const out = [];
  for (const imp of imports) {
    if (imp.to === undefined) {
      out.push({ message: `${where(imp)} names no file (write the file's own name, with .ts)` });
      continue;
    }
    const from = moduleOf(imp.from);
    const to = moduleOf(imp.to);
    if (from !== undefined) {
      if (imp.to === `${SRC}/db/schema.ts`)
        out.push({ message: `${where(imp)}: db/schema.ts is drizzle's list of every table, not a module's` });
      else if (to !== undefined && to !== from && imp.to.endsWith('.repository.ts'))
        out.push({ message: `${where(imp)}: another module's repository (use its service or public file)` });
      else if (
        to !== undefined &&
        to !== from &&
        SCHEMA.test(imp.to) &&
        !(SCHEMA.test(imp.from) && imp.foreignKeysOnly)
      )
        out.push({
          key: `schema ${short(imp.from)} -> ${short(imp.to)}`,
          message: `${where(imp)}: another module's tables (ask the module that owns them through its read API)`,
        });
      else if (to === 'users' && !USER_ACCOUNT_MODULES.has(from) && imp.names?.includes('userAccount'))
        out.push({
          message: `${where(imp)}: userAccount has the password hash, for auth and admins only (read users through userDirectory)`,
        });
    } else if (CORE_OR_DB.test(imp.from) && imp.from !== `${SRC}/db/schema.ts`) {
      if (!imp.typeOnly && imp.to.startsWith(MODULES))
        out.push({ message: `${where(imp)}: core/ and db/ do not import the modules built on them` });
    }
  }
  return out;
}

const ROUTES = /\.routes\.ts$/;
const HTTP = `${SRC}/core/http.ts`;
const QUERY_PACKAGES = /^(drizzle-orm|postgres|pg|@electric-sql\/pglite)(\/|$)/;
/** What a routes file may not import values from: the layers under the services. */
const BELOW_SERVICES = [
  [/\.repository\.ts$/, 'a repository'],
  [/\.schema\.ts$/, 'drizzle tables'],
  [/^apps\/server\/src\/db\//, 'the database layer (db/)'],
];
/** The names a routes file knows the database or a transaction by, and the types that declare one. */
const DB_NAMES = new Set(['db', 'tx', 'trx', 'exec', 'executor']);
const DB_TYPES = new Set(['Db', 'Tx', 'Executor', 'Database', 'PgDatabase', 'PgTransaction']);

/** The lines where a file imports `route` from core/http.ts as a value (every route is registered with it). */
function routeRegistrations(tree, file, base) {
  if (!tree.text(file).includes('core/http') || file === HTTP) return [];
  const source = tree.source(file);
  const lines = [];
  for (const node of source.statements) {
    const named =
      ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && node.importClause?.namedBindings;
    if (
      named &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      resolve(base, file, node.moduleSpecifier.text) === HTTP &&
      (ts.isNamespaceImport(named) ||
        named.elements.some((e) => !e.isTypeOnly && (e.propertyName ?? e.name).text === 'route'))
    )
      lines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
  }
  return lines;
}

/** Where a `*.routes.ts` file runs a query itself instead of calling a service: `{ message }` each. */
export function routeViolations(base = root, tree = sourceTree(base)) {
  const out = [];
  for (const file of sourceFiles(base)) {
    const at = (line, what) =>
      out.push({ message: `${file}:${line}: ${what} (routes call services only: move it into a service)` });
    if (!ROUTES.test(file)) {
      for (const line of routeRegistrations(tree, file, base))
        out.push({
          message: `${file}:${line}: registers routes (core/http.ts route()) outside a *.routes.ts file, where the rule is not checked: move them into one`,
        });
      continue;
    }
    const source = tree.source(file);
    for (const imp of importsOf(source, file)) {
      const to = resolve(base, file, imp.specifier);
      const below = to && !imp.typeOnly && BELOW_SERVICES.find(([pattern]) => pattern.test(to));
      if (below) at(imp.line, `'${imp.specifier}' imports ${below[1]}`);
    }
    const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const declared = new Set(DB_NAMES);
    const collect = (node) => {
      if (
        (ts.isParameter(node) || ts.isVariableDeclaration(node)) &&
        ts.isIdentifier(node.name) &&
        node.type &&
        ts.isTypeReferenceNode(node.type) &&
        DB_TYPES.has(node.type.typeName.getText(source).split('.').pop())
      )
        declared.add(node.name.text);
      ts.forEachChild(node, collect);
    };
    collect(source);
    const isDb = (expr) => {
      let e = expr;
      while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e))
        e = e.expression;
      if (ts.isIdentifier(e)) return declared.has(e.text);
      return ts.isPropertyAccessExpression(e) && DB_NAMES.has(e.name.text);
    };
    const memberOf = (node) =>
      ts.isPropertyAccessExpression(node)
        ? `.${node.name.text}`
        : `[${node.argumentExpression.getText(source)}]`;
    const visit = (node) => {
      const specifier =
        ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
          ? node.moduleSpecifier
          : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
            ? node.arguments[0]
            : undefined;
      const typeOnly =
        (ts.isImportDeclaration(node) && node.importClause?.isTypeOnly) ||
        (ts.isExportDeclaration(node) && node.isTypeOnly);
      if (specifier && ts.isStringLiteralLike(specifier) && QUERY_PACKAGES.test(specifier.text) && !typeOnly)
        at(lineOf(node), `'${specifier.text}' is a query builder`);
      if (
        (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) &&
        isDb(node.expression)
      )
        at(lineOf(node), `${node.expression.getText(source)}${memberOf(node)} reaches into the database`);
      if (
        ts.isVariableDeclaration(node) &&
        node.initializer &&
        isDb(node.initializer) &&
        !(ts.isIdentifier(node.name) && DB_NAMES.has(node.name.text))
      )
        at(lineOf(node), `${node.name.getText(source)} is the database by another name`);
      if (
        ts.isBindingElement(node) &&
        node.propertyName &&
        DB_NAMES.has(node.propertyName.getText(source)) &&
        !(ts.isIdentifier(node.name) && DB_NAMES.has(node.name.text))
      )
        at(lineOf(node), `${node.name.getText(source)} is the database by another name`);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

/** The tables each module's drizzle schema declares (`pgTable('name', …)`): Map<table, module>. */
export function tableOwners(base = root, tree = sourceTree(base)) {
  const owners = new Map();
  for (const file of sourceFiles(base)) {
    const owner = moduleOf(file);
    if (owner === undefined || !SCHEMA.test(file)) continue;
    for (const m of tree.text(file).matchAll(/\bpgTable\(\s*['"`]([a-z_][a-z0-9_]*)['"`]/g))
      owners.set(m[1], owner);
  }
  return owners;
}

/** A table named where SQL reads or writes one: after FROM, JOIN, INTO, UPDATE or TABLE. */
const TABLE_IN_SQL = /\b(?:from|join|into|update|table)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * Where a module's raw SQL names another module's table: `{ key: 'sql <file> -> <module>', message }`.
 * Every string a module file writes is read as SQL (sql`…` templates with their `${…}` left out,
 * sql.raw(), the strings given to .execute() or .query(), constants), so no way of passing the text
 * walks around it; a table counts where SQL names one (after FROM, JOIN, INTO, UPDATE, TABLE).
 */
export function sqlViolations(base = root, tree = sourceTree(base)) {
  const owners = tableOwners(base, tree);
  const out = [];
  for (const file of sourceFiles(base)) {
    const from = moduleOf(file);
    if (from === undefined) continue;
    const source = tree.source(file);
    const visit = (node) => {
      const parts =
        ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
          ? [node.text]
          : ts.isTemplateExpression(node)
            ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
            : undefined;
      for (const m of parts?.join(' ').matchAll(TABLE_IN_SQL) ?? []) {
        const table = m[1].toLowerCase();
        const owner = owners.get(table);
        if (owner === undefined || owner === from) continue;
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        out.push({
          key: `sql ${short(file)} -> ${owner}`,
          message: `${file}:${line}: SQL names ${table}, a table of ${owner} (ask ${owner} through its read API)`,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

/** The module graph of static value imports: Map<module, Map<module, the first import making the edge>>. */
export function moduleGraph(imports) {
  const graph = new Map();
  for (const imp of imports) {
    if (imp.typeOnly || imp.dynamic || imp.to === undefined) continue;
    const from = moduleOf(imp.from);
    const to = moduleOf(imp.to);
    if (from === undefined || to === undefined || from === to) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    if (!graph.get(from).has(to)) graph.get(from).set(to, imp);
  }
  return graph;
}

/** The strongly connected components with more than one module (Tarjan): each is a set of cycles. */
export function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  return found;
}

/** The shortest chain of modules from `start` to `goal` in the graph (breadth first). */
function chain(graph, start, goal) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    if (v === goal) break;
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  const out = [];
  for (let v = goal; v !== undefined; v = previous.get(v)) out.unshift(v);
  return out;
}

/** The edges that lie on a cycle, each `{ key: 'cycle a -> b', message }` naming one cycle it closes. */
export function cycleViolations(graph) {
  const out = [];
  for (const component of cycles(graph)) {
    const members = new Set(component);
    for (const from of component) {
      for (const [to, imp] of graph.get(from) ?? []) {
        if (members.has(to))
          out.push({
            key: `cycle ${from} -> ${to}`,
            message: `${where(imp)}: ${from} -> ${to} closes the cycle ${[from, ...chain(graph, to, from)].join(' -> ')}`,
          });
      }
    }
  }
  return out;
}

/** The entries of an allowlist text: one `schema <from> -> <to>`, `sql <file> -> <module>` or `cycle <a> -> <b>` a line; # comments. */
export const parseAllow = (text) =>
  text
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim().replace(/\s+/g, ' '))
    .filter(Boolean);

/**
 * What fails: violations not allowed, and allowed entries that nothing needs any more. `routes` is
 * routeViolations() of the same tree (none of them may be allowed), `sqlReads` its sqlViolations().
 */
export function check(imports, allowed, routes, sqlReads = []) {
  const violations = [
    ...boundaryViolations(imports),
    ...cycleViolations(moduleGraph(imports)),
    ...routes,
    ...sqlReads,
  ];
  const allow = new Set(allowed);
  const needed = new Set(violations.map((v) => v.key).filter(Boolean));
  const problems = violations.filter((v) => !v.key || !allow.has(v.key)).map((v) => v.message);
  for (const entry of allow) {
    if (!needed.has(entry))
      problems.push(
        `${path.relative(root, ALLOW_FILE)}: '${entry}' is no longer needed (or malformed): remove it`,
      );
  }
  return { problems, violations };
}

/** What fails in the checkout, as lines (empty when the rules hold); `tree` as serverImports'. */
export function boundaryProblems(tree = sourceTree(root)) {
  const allowed = parseAllow(fs.readFileSync(ALLOW_FILE, 'utf8'));
  const { problems } = check(
    serverImports(tree.root, tree),
    allowed,
    routeViolations(tree.root, tree),
    sqlViolations(tree.root, tree),
  );
  return problems.length > 0 ? [`Module boundaries (docs/module-boundaries.md):`, ...problems] : [];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = boundaryProblems();
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}
