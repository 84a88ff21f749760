import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const WEB_SRC = 'apps/web/src';
const WEB_TESTS = `${WEB_SRC}/**/*.test.{ts,tsx}`;

/**
 * The test files under `src` that mock a module (vi.mock): each needs a module cache of its own, so
 * that the modules it loads see its mock and not another file's (or the real module).
 */
const filesWithModuleMocks = (src: string) =>
  fs
    .readdirSync(path.join(import.meta.dirname, src), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.posix.join(src, file.split(path.sep).join('/')))
    .filter((file) => fs.readFileSync(path.join(import.meta.dirname, file), 'utf8').includes('vi.mock('));
const webFilesWithModuleMocks = filesWithModuleMocks(WEB_SRC);
const serverFilesWithModuleMocks = filesWithModuleMocks('apps/server/src');

const SERVER_TESTS = 'apps/server/src/**/*.test.ts';
// 120 s: in CI the PGlite stage runs at a lower priority beside the browser tests, and on a 2-core
// machine about twice as slow as the one these limits were first set on, a test that starts two apps
// ran past 60 s with nothing wrong (7 December). A limit that passes costs nothing.
// In CI (REQUIRE_E2E=1, as for the browser tests) a failed test runs once more, and npm test's summary
// names each that passed only then as flaky: every full run on the loaded 2-core machine so far found
// a different real-time test past its deadline with nothing wrong (three runs, three sets), and a
// flaky test must be seen, not fail the landing of everything else. A test that fails twice fails.
const retry = process.env.REQUIRE_E2E === '1' ? 1 : 0;
const server = { environment: 'node', testTimeout: 120_000, hookTimeout: 120_000, retry } as const;

const web = {
  environment: 'jsdom',
  setupFiles: ['apps/web/src/test/setup.ts'],
  // antd pages take seconds to mount in jsdom on a busy 2-core machine.
  testTimeout: 30_000,
  retry,
} as const;

export default defineConfig({
  test: {
    // Server test files each boot their own database; two workers keep a 2-core machine busy, not thrashing.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          retry,
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          include: [SERVER_TESTS],
          exclude: [...configDefaults.exclude, ...serverFilesWithModuleMocks],
          // One module cache per worker instead of one per file: importing the server's module graph
          // again for each of 120 files was 200 s of a 370 s run on PostgreSQL. Every file builds its
          // own app and database (test/app.ts), and the modules keep no state between apps.
          isolate: false,
        },
      },
      {
        test: { ...server, name: 'server-mocked', include: serverFilesWithModuleMocks },
      },
      {
        test: {
          ...web,
          name: 'web',
          include: [WEB_TESTS],
          exclude: [...configDefaults.exclude, ...webFilesWithModuleMocks],
          // One module cache and DOM per worker instead of one per file: loading antd, React and
          // jsdom for each file took half of the web tests' time (478 s against 245 s for all of
          // them on one machine). The set-up resets what files could share (storage, the session
          // store, the DOM, mocks, timers, the address).
          isolate: false,
        },
      },
      {
        test: { ...web, name: 'web-mocked', include: webFilesWithModuleMocks },
      },
    ],
  },
});
