import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects. `unit` (`npm run test:unit`) imports the sources directly: no build, seconds to minutes.
 * `e2e` (`npm run test:e2e`) runs the built CLI and the package as a user would, so it builds first
 * (`test/globalSetup.ts`; HINTPROOF_SKIP_BUILD=1 reuses an existing build). `npm test` runs both.
 *
 * At least two files at once, even on two CPUs (vitest's default there is one): an e2e file spends much of
 * its time waiting on the servers and databases it starts. Measured on a 2-core machine: the suite took
 * 738 s with two workers, 1036 s with one.
 */
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
