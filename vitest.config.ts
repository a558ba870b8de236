import { defineConfig } from 'vitest/config';

/**
 * Two projects. `unit` (`npm run test:unit`) imports the sources directly: no build, seconds to minutes.
 * `e2e` (`npm run test:e2e`) runs the built CLI and the package as a user would, so it builds first
 * (`test/globalSetup.ts`; HINTPROOF_SKIP_BUILD=1 reuses an existing build). `npm test` runs both.
 */
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/src/**/*.test.ts', 'test/harness/**/*.test.ts', 'test/corpus/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts', 'test/library/**/*.test.ts'],
          globalSetup: ['test/globalSetup.ts'],
        },
      },
    ],
  },
});
