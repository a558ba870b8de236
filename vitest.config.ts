import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers. `unit` (`npm run test:unit`) imports the sources directly, no build, and stays under a minute
 * on a 2-core machine: pure functions, and the engine against in-process servers and fakes; its files share
 * their workers' modules, but for the `*.isolated.test.ts` ones (project `unit-isolated`), which mock modules. `integration`
 * (`npm run test:integration`) holds the files named `*.integration.test.ts`: each takes seconds, because it
 * starts real processes, isolated servers, sandboxes or databases, or runs a long property. `e2e`
 * (`npm run test:e2e`) runs the built CLI and the package as a user would, so it builds first
 * (`test/globalSetup.ts`; HINTPROOF_SKIP_BUILD=1 reuses an existing build). `npm test` runs them all.
 *
 * One file more at once than there are CPUs, and at least three (vitest's default on two CPUs is one): an e2e
 * file spends much of its time waiting on the servers and databases it starts (the settle's timers, control
 * windows, time-outs), with the CPUs a third idle or more. Measured on a 2-core machine: the suite took 738 s
 * with two workers, 1036 s with one; three took 673 s of a 700 s CI run (the two before: 1017 s of 1127 s).
 */
const beside = ['test/src/**/*.test.ts', 'test/harness/**/*.test.ts', 'test/corpus/**/*.test.ts'];
const integration = beside.map((glob) => glob.replace(/\.test\.ts$/, '.integration.test.ts'));
/** Unit files that replace a module (vi.mock) need a module graph of their own (eslint holds the others to it). */
const isolated = beside.map((glob) => glob.replace(/\.test\.ts$/, '.isolated.test.ts'));

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: Math.max(3, availableParallelism() + 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: beside,
          exclude: [...integration, ...isolated],
          // Files share their worker's modules (a fresh import of the SDK, fast-check and ajv per file cost
          // 35 of the tier's 60 s): a unit test leaves no global state behind (env, timers, the cwd).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: isolated },
      },
      {
        extends: true,
        test: { name: 'integration', include: integration },
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
