// node --test scripts/check-deps.test.mjs (a stage of scripts/test.mjs).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { dependencyProblems, packageOf } from './check-deps.mjs';

/** A repository of the given files (objects are written as JSON). */
function repo(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-deps-test-'));
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(dir, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

/** A root with shared tooling and two workspaces: web (declares zod) and server (declares pg). */
const base = {
  'package.json': {
    workspaces: ['apps/web', 'apps/server'],
    devDependencies: { vitest: '1', typescript: '1' },
  },
  'scripts/typecheck.mjs': "const tsc = 'node_modules/typescript/bin/tsc';\n",
  'apps/web/package.json': { name: '@x/web', dependencies: { zod: '1' } },
  'apps/web/src/form.ts': `import { z } from 'zod';\nimport { a } from './a.ts';\nimport fs from 'node:fs';\n`,
  'apps/web/src/form.test.ts': "import { it } from 'vitest';\n",
  'apps/server/package.json': { name: '@x/server', dependencies: { pg: '1' } },
  'apps/server/src/db.ts': `import type { Pool } from 'pg';\nimport path from 'path';\n`,
};

test('a repository whose package.json files match its imports passes', () => {
  assert.deepEqual(dependencyProblems(repo(base)), []);
});

test('an import that only a hoisted copy serves fails', () => {
  const dir = repo({ ...base, 'apps/web/src/lib/request.ts': `const { z } = await import('pg');\n` });
  assert.deepEqual(dependencyProblems(dir), [
    'apps/web/package.json does not declare pg, which apps/web/src/lib/request.ts imports',
  ]);
});

test('a declared dependency that nothing imports fails', () => {
  const dir = repo({
    ...base,
    'apps/server/package.json': { name: '@x/server', dependencies: { pg: '1', 'decimal.js': '1' } },
  });
  assert.deepEqual(dependencyProblems(dir), [
    'apps/server/package.json declares decimal.js, which nothing in its workspace uses',
  ]);
});

test("a root devDependency that no file of the repository uses fails; another workspace's use does not count for a workspace", () => {
  const dir = repo({
    ...base,
    'package.json': { ...base['package.json'], devDependencies: { vitest: '1', typescript: '1', tsx: '1' } },
    'apps/server/package.json': { name: '@x/server', dependencies: { pg: '1', zod: '1' } },
  });
  assert.deepEqual(dependencyProblems(dir), [
    'package.json declares tsx, which nothing in its workspace uses',
    'apps/server/package.json declares zod, which nothing in its workspace uses',
  ]);
});

test('a bin run by a script, the @types of an import, a peer and a named environment count as uses', () => {
  const dir = repo({
    ...base,
    'package.json': { ...base['package.json'], scripts: { lint: 'biome check .' } },
    'node_modules/@biomejs/biome/package.json': { bin: { biome: 'bin/biome' } },
    'node_modules/@testing-library/react/package.json': { peerDependencies: { '@testing-library/dom': '1' } },
    'apps/web/package.json': {
      name: '@x/web',
      dependencies: { zod: '1', '@testing-library/react': '1' },
      devDependencies: { '@types/zod': '1', '@testing-library/dom': '1', jsdom: '1', '@biomejs/biome': '1' },
    },
    'apps/web/src/view.test.tsx': `import { render } from '@testing-library/react';\nconst env = 'jsdom';\n`,
  });
  assert.deepEqual(dependencyProblems(dir), []);
});

test('an import written inside a string (a fixture of a test) is not an import', () => {
  const dir = repo({
    ...base,
    'apps/server/src/db.test.ts':
      "const fixture = \"import { eq } from 'drizzle-orm';\\nawait import('ws');\\n\";\n",
  });
  assert.deepEqual(dependencyProblems(dir), []);
});

test('module specifiers name their package; relative paths, builtins and regex text do not', () => {
  assert.equal(packageOf('@tanstack/react-query/devtools'), '@tanstack/react-query');
  assert.equal(packageOf('dayjs/plugin/utc'), 'dayjs');
  assert.equal(packageOf('./a.ts'), undefined);
  assert.equal(packageOf('node:fs'), undefined);
  assert.equal(packageOf('path'), undefined);
  assert.equal(packageOf('\\.\\'), undefined);
});
