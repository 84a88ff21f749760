import { defineConfig } from 'vitest/config';

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
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // antd pages take seconds to mount in jsdom on a busy 2-core machine.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
