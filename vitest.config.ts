import { defineConfig } from 'vitest/config';

/**
 * Test tiers (see ARCHITECTURE.md):
 *  - unit:   pure code (contracts, analysis core, web components in jsdom)
 *  - server: services, repositories and HTTP via inject(), on PGlite and on the PostgreSQL server
 *  - e2e:    the built app in Debian's Chromium through playwright-core
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
