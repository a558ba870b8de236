import { stableStringify } from '../../generate/stableStringify.js';
import type { CommandOptions } from '../run/executeCommand.js';
import { runSequence } from '../run/runSequence.js';
import type { ControlWindows, PlannedCall, Resolver, RunResult } from '../run/runTypes.js';
import type { SessionPool } from '../session/sessionPool.js';

/** One point of the runs made so far: the calls made before it are the path from the root. */
interface Node {
  /** How a call made at this point is resolved (the session's values at this point); none after a command. */
  readonly resolve?: Resolver;
  /** The next call made, as made (`once:` a preamble call, `twice:` the checked command), to where it led. */
  readonly next: Map<string, Node>;
  /** The run that ended here with its checked command. */
  result?: RunResult;
}

/**
 * The runs of a shrink, by the calls they made. Shrink candidates often differ only where it makes no
 * difference: a live choice's index past the one value it can pick, the fallback of a choice that found a
 * value. Made again on a fresh sandbox, such a candidate makes exactly the calls a candidate already made, so
 * its run is that run: `lookup` resolves a candidate's calls point by point as the runs it follows resolved
 * theirs, and returns the run that made the same calls. It assumes what replay assumes: the same calls from a
 * fresh sandbox come to the same result.
 */
export class ShrinkMemo {
  #root: Node | undefined;

  /** A candidate's run on a fresh sandbox from `pool`, unless an earlier candidate made the very same calls. */
  async run(
    pool: SessionPool,
    preamble: readonly PlannedCall[],
    target: PlannedCall,
    options: CommandOptions,
    windows?: ControlWindows,
  ): Promise<RunResult> {
    const known = this.lookup(preamble, target);
    if (known !== undefined) return known;
    const resolvers: Resolver[] = [];
    const result = await runSequence(pool, preamble, target, options, resolvers, windows);
    this.record(preamble, target, resolvers, result);
    return result;
  }

  /** The run a fresh sandbox would make of these calls, when an earlier one made exactly them. */
  lookup(preamble: readonly PlannedCall[], target: PlannedCall): RunResult | undefined {
    let node = this.#root;
    for (const [index, planned] of [...preamble, target].entries()) {
      if (node?.resolve === undefined) return undefined;
      const role = index === preamble.length ? 'twice' : 'once';
      node = node.next.get(keyOf(role, planned.tool, node.resolve(planned)));
    }
    return node?.result;
  }

  /**
   * Records a run: `resolvers` as the session took them before each call (preamble calls, then the command).
   * A run that did not make every call (the server died, the sandbox was lost) is not recorded.
   */
  record(
    preamble: readonly PlannedCall[],
    target: PlannedCall,
    resolvers: readonly Resolver[],
    result: RunResult,
  ): void {
    const observation = result.observation;
    const complete =
      observation !== undefined &&
      result.aborted === undefined &&
      resolvers.length === preamble.length + 1 &&
      result.steps.length === preamble.length;
    const [first] = resolvers;
    if (!complete || first === undefined) return;
    const made = [
      ...result.steps.map((step) => ({ tool: step.tool, args: step.args })),
      { tool: observation.tool, args: observation.args },
    ];
    this.#root ??= { resolve: first, next: new Map() };
    let node = this.#root;
    for (const [index, call] of made.entries()) {
      const key = keyOf(index === preamble.length ? 'twice' : 'once', call.tool, call.args);
      let child = node.next.get(key);
      if (child === undefined) {
        const resolve = resolvers[index + 1];
        child = resolve === undefined ? { next: new Map() } : { resolve, next: new Map() };
        node.next.set(key, child);
      }
      node = child;
    }
    node.result ??= result;
  }
}

function keyOf(role: 'once' | 'twice', tool: string, args: Readonly<Record<string, unknown>>): string {
  return `${role}:${tool}:${stableStringify(args)}`;
}
