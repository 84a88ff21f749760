// node --test scripts/check-test-helpers.test.mjs (a stage of scripts/test.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { helperCopies, layerOf } from './check-test-helpers.mjs';

const check = (file, text) => helperCopies([{ file, text }]);

const copies = {
  'a sleep arrow in a server test': [
    'apps/server/src/modules/x/x.test.ts',
    'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));',
    'apps/server/src/modules/x/x.test.ts:1: defines its own sleep(); import the one in apps/server/src/test/fixtures.ts',
  ],
  'a fundedUser function in a server test': [
    'apps/server/src/modules/x/x.test.ts',
    'import { x } from "y";\n\nasync function fundedUser(amount = "1000") {\n  return amount;\n}',
    'x.test.ts:3: defines its own fundedUser()',
  ],
  'a login inside a test body': [
    'apps/server/src/modules/x/x.test.ts',
    "it('x', async () => {\n  const login = async (email: string) => email;\n});",
    'x.test.ts:2: defines its own login()',
  ],
  'a walletOf in a module test helper file': [
    'apps/server/src/modules/x/x.test-helpers.ts',
    'export const walletOf = function (token: string) { return token; };',
    'defines its own walletOf()',
  ],
  'a balanceOf with a type cast': [
    'apps/server/src/modules/x/x.test.ts',
    'const balanceOf = ((id: number) => id) as (id: number) => number;',
    'defines its own balanceOf()',
  ],
  'a TOTP in an e2e helper': [
    'e2e/authenticator.ts',
    'export function totpAt(secret: string, step: number) { return secret + step; }',
    'e2e/authenticator.ts:1: defines its own totpAt(); import the one in e2e/support.ts',
  ],
  'a register in a browser spec': [
    'e2e/team.spec.ts',
    "const register = (request: unknown, prefix: string) => prefix;\ntest('x', () => {});",
    'e2e/team.spec.ts:1: defines its own register(); import the one in e2e/support.ts',
  ],
  'a sleep in a web test': [
    'apps/web/src/user/X.test.tsx',
    'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\nrender(<div />);',
    'apps/web/src/user/X.test.tsx:1: defines its own sleep(); import the one in apps/web/src/test/fixtures.ts',
  ],
  'a sleep in a benchmark': [
    'bench/x.ts',
    'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));',
    'import the one in bench/server-process.ts',
  ],
  'an inline sleep in a server test': [
    'apps/server/src/modules/x/x.test.ts',
    "it('x', async () => {\n  await new Promise((r) => setTimeout(r, 50));\n});",
    'apps/server/src/modules/x/x.test.ts:2: waits with an inline promise; use sleep() from apps/server/src/test/fixtures.ts',
  ],
  'an inline sleep with braces and a type argument in a web test': [
    'apps/web/src/user/X.test.tsx',
    'await act(() => new Promise<void>((resolve) => { setTimeout(resolve, 200); }));',
    'waits with an inline promise; use sleep() from apps/web/src/test/fixtures.ts',
  ],
  'an inline sleep in a benchmark': [
    'bench/x.ts',
    'const flush = () => new Promise(function (done) { setTimeout(done, 1500); });',
    'use sleep() from bench/server-process.ts',
  ],
  'a test in the fixture folder itself': [
    'apps/server/src/test/x.test.ts',
    'function sleep(ms: number) { return ms; }',
    'defines its own sleep()',
  ],
};
for (const [name, [file, text, why]] of Object.entries(copies)) {
  test(`flags ${name}`, () => {
    const problems = check(file, text);
    assert.equal(problems.length, 1, `expected one problem for: ${text}`);
    assert.ok(problems[0].includes(why), `${problems[0]} does not say ${why}`);
  });
}

const allowed = {
  'the server fixture module': [
    'apps/server/src/test/fixtures.ts',
    'export const sleep = (ms: number) => ms;',
  ],
  'another server fixture module': ['apps/server/src/test/app.ts', 'export async function registerUser() {}'],
  'the e2e support module': ['e2e/support.ts', 'export async function fundedUser() {}'],
  'the benchmarks’ module': ['bench/server-process.ts', 'export const sleep = (ms: number) => ms;'],
  'product code': ['apps/server/src/modules/auth/two-factor/totp.ts', 'export function hotp() {}'],
  'web product code': ['apps/web/src/lib/session.tsx', 'export async function login() {}'],
  'a reply named like a helper': [
    'apps/server/src/x.test.ts',
    "const login = await api(t.app, 'POST', '/x');",
  ],
  'a call of the helper': ['apps/server/src/x.test.ts', 'const user = await fundedUser(t);'],
  'a helper of another name': ['apps/server/src/x.test.ts', 'const sleepy = (ms: number) => ms;'],
  'a name in a string or comment': [
    'e2e/x.spec.ts',
    "// function sleep(ms) {}\nconst s = 'const sleep = () => 1';",
  ],
  'a method named like a helper': ['e2e/x.spec.ts', 'class A { sleep(ms: number) { return ms; } }'],
  'a wait that runs in the page': [
    'e2e/x.spec.ts',
    'await page.evaluate(async () => { await new Promise((r) => setTimeout(r, 3000)); });',
  ],
  'a timer that resolves with a value': [
    'apps/server/src/x.test.ts',
    "const pending = new Promise((resolve) => setTimeout(() => resolve('pending'), 10));",
  ],
};
for (const [name, [file, text]] of Object.entries(allowed)) {
  test(`allows ${name}`, () => assert.deepEqual(check(file, text), []));
}

test('reads test code only', () => {
  assert.equal(layerOf('apps/server/src/modules/x/x.service.ts'), null);
  assert.equal(layerOf('apps/web/src/user/markets/testing.tsx')?.prefix, 'apps/web/');
  assert.equal(
    layerOf('apps/server/src/modules/trading/testing/trading-fixtures.ts')?.prefix,
    'apps/server/',
  );
  assert.equal(layerOf('e2e/playwright.config.ts')?.prefix, 'e2e/');
  assert.equal(layerOf('README.md'), null);
});
