import { MAX_DEFAULT_JOBS } from './checkInOrder.js';
import type { SessionRunner } from './run/sessionRunner.js';

/**
 * The chains a check's tools form, whatever `--jobs` is (so that the report for a seed is too): the selected
 * tool at place i is in chain i mod CHAINS. As many as the default `--jobs` can keep busy.
 */
const CHAINS = MAX_DEFAULT_JOBS;

/**
 * Tools checked one after another on one `SessionRunner` per chain: a session goes on from one tool's check
 * into the next one's of its chain, whose commands meet what the tools before left as existing state, until
 * it is full (`--max-commands` calls) or its server died. Chains interleave (tools 0, 4, 8… in chain 0, 1, 5,
 * 9… in chain 1), so tools started in order run their chains side by side, each waiting only for the tool
 * before it in its chain, which was started before it.
 */
export class ToolChains {
  readonly #runners: SessionRunner[] = [];
  readonly #tails: Array<Promise<void>> = [];

  constructor(private readonly runnerFor: (chain: number) => SessionRunner) {}

  /** `check` of the tool at place `index`, on its chain's runner, once the tool before it in the chain is done. */
  async inChain<R>(index: number, check: (runner: SessionRunner) => Promise<R>): Promise<R> {
    const chain = index % CHAINS;
    const before = this.#tails[chain] ?? Promise.resolve();
    let done = () => {};
    this.#tails[chain] = new Promise<void>((resolve) => (done = resolve));
    try {
      await before;
      this.#runners[chain] ??= this.runnerFor(chain);
      return await check(this.#runners[chain]);
    } finally {
      done();
    }
  }

  /** Hands every chain's session back to the pool. */
  close(): void {
    for (const runner of this.#runners) runner?.close();
  }
}
