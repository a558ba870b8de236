import type { Change, HarvestedValue, SandboxSnapshot } from '../../harness/index.js';
import type { EgressAttempt } from '../../harness/process/index.js';
import type { ArgumentGuard, SeenValue } from '../generate/index.js';
import {
  extendSeenValues,
  seenFrom,
  recordsIn,
  resolveLiveChoices,
  SEEN_VALUES_LIMIT,
  valuesInArguments,
} from '../generate/index.js';
import { letServerRun } from '../mcp/index.js';
import { completed, describeFailure, succeeded } from '../model/callOutcome.js';
import type { CallOutcome } from '../model/callOutcome.js';
import type { Observation } from '../model/observation.js';
import type { PreambleCall } from '../model/report.js';
import { suppliersOf } from './dataFlow.js';
import type { CommandOptions } from './executeCommand.js';
import { executeCommand } from './executeCommand.js';
import { substitute, substituteDeep, withPlaceholders, withPlaceholdersDeep } from './placeholders.js';
import { preferSandbox } from './preferSandbox.js';
import type { RunSession } from './session.js';
import { parsedOutcome, valuesInOutcome } from './valuesInOutcome.js';

/** A call to make: a tool, its generated arguments (which may hold live choices) and its schema guard. */

/** What a control run saw: the egress of its window, and how old its server was when the window began. */
export interface ControlWindow {
  readonly egress: readonly EgressAttempt[];
  readonly fromAgeMs: number;
  /** What changed in the sandbox over the window (from just after the calls before to its end), unexcluded. */
  readonly changes: readonly Change[];
}

/** The arguments a call would be made with at one point of a session (its live choices resolved then). */
export type Resolver = (planned: PlannedCall) => Record<string, unknown>;

export interface PlannedCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly guard: ArgumentGuard;
}

/** A preamble call as it was made: called once, to build state; checked only in its own tool's runs. */
export type PreambleStep = PreambleCall;

/** A call as the session made it (live choices resolved, placeholders kept): replayable on a fresh sandbox. */
export interface MadeCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** Whether the call changed anything observable (calls that did not are the first dropped from a history). */
  readonly changed?: boolean;
}

/** What one run came to: the preamble as made, then the checked command (absent when it could not be made). */
export interface RunResult {
  readonly steps: readonly PreambleStep[];
  readonly observation?: Observation;
  /**
   * Values naming entities that existed just before the checked command (harvested from its pre-state, the
   * bare placeholder of a sandbox root such as `{fs}` included).
   */
  readonly existing: ReadonlySet<string>;
  /** Why the checked command was not made (the server died during the preamble). */
  readonly aborted?: string;
  /**
   * Tools whose earlier calls in the session supplied values that a successful call of this run used (see
   * `suppliersOf`): producers by data flow.
   */
  readonly suppliers?: readonly string[];
}

/**
 * A session in use: one server process and sandbox running run after run. It keeps the state just before the
 * next call, the values the session has seen (offered to live choices), and every call it made, in order: the
 * history that a contradiction found here is confirmed with on a fresh sandbox.
 */
export class LiveSession {
  #before: SandboxSnapshot;
  #seen: SeenValue[] = [];
  /** Suppliers seen during the current run (see `RunResult.suppliers`). */
  #suppliers: string[] = [];
  readonly #records: unknown[] = [];
  readonly #history: MadeCall[] = [];

  constructor(readonly session: RunSession) {
    this.#before = session.baseline;
  }

  /** Every call made so far, in order (a command's two calls twice). */
  history(): readonly MadeCall[] {
    return [...this.#history];
  }

  alive(): boolean {
    return this.session.alive();
  }

  /**
   * One run: the preamble calls (each once, live choices resolved against the values the session has seen),
   * then the checked command called twice against the state just before it.
   */
  async run(
    preamble: readonly PlannedCall[],
    target: PlannedCall,
    options: CommandOptions,
    resolvers?: Resolver[],
  ): Promise<RunResult> {
    const session = this.session;
    const steps: PreambleStep[] = [];
    this.#suppliers = [];
    for (const planned of preamble) {
      resolvers?.push(this.#resolver());
      const args = this.#resolve(planned);
      await session.egress();
      const outcome: CallOutcome = withPlaceholdersDeep(
        await session.connection.callTool(
          planned.tool,
          substituteDeep({ ...args }, session.placeholders),
          options.timeoutSeconds,
        ),
        session.placeholders,
      );
      if (!completed(outcome)) await session.kill();
      const after = await session.sandbox.snapshot();
      const changes = preferSandbox(
        session.sandbox
          .diff(this.#before, after)
          .filter((change) => !options.isExcluded(change))
          .map((change) => ({ ...change, detail: withPlaceholders(change.detail, session.placeholders) })),
      );
      this.#before = after;
      this.#history.push({ tool: planned.tool, args, changed: changes.length > 0 });
      steps.push({
        tool: planned.tool,
        args,
        outcome: succeeded(outcome) ? 'returned' : describeFailure(outcome),
        changes,
      });
      await this.#took(planned.tool, args, outcome, succeeded(outcome));
      if (!session.alive()) {
        return {
          steps,
          existing: this.#existing(),
          aborted: `the server died during preamble step ${steps.length}`,
          suppliers: this.#suppliers,
        };
      }
    }
    resolvers?.push(this.#resolver());
    const args = this.#resolve(target);
    const existing = this.#existing();
    const { observation, after } = await executeCommand(session, this.#before, target.tool, args, options);
    this.#before = after;
    this.#history.push({ tool: target.tool, args, changed: observation.call1.changes.length > 0 });
    if (observation.call2 !== undefined) {
      this.#history.push({ tool: target.tool, args, changed: observation.call2.changes.length > 0 });
    }
    const answered = observation.call2?.outcome ?? observation.call1.outcome;
    // A create whose second call fails ("already exists") still made what its arguments name.
    const made = succeeded(observation.call1.outcome) || succeeded(answered);
    await this.#took(target.tool, args, answered, made);
    return { steps, observation, existing, suppliers: this.#suppliers };
  }

  /**
   * A control window: what the server tries to reach, and what changes in its sandbox, over `ms` milliseconds
   * while no call is made (after the preamble calls, made as in a run). Egress or a change a call is blamed
   * for must not happen without it.
   */
  async control(
    preamble: readonly PlannedCall[],
    ms: number,
    options: CommandOptions,
    untilAgeMs?: number,
  ): Promise<ControlWindow> {
    for (const planned of preamble) {
      await this.session.connection.callTool(
        planned.tool,
        substituteDeep({ ...this.#resolve(planned) }, this.session.placeholders),
        options.timeoutSeconds,
      );
    }
    await this.session.egress();
    const before = await this.session.sandbox.snapshot();
    const fromAgeMs = Math.round(performance.now() - this.session.startedAt);
    // The window lasts `ms`, and at least until the server is as old as it was when the call ended.
    const until = Math.max(performance.now() + ms, this.session.startedAt + (untilAgeMs ?? 0));
    await letServerRun(this.session.connection, Math.max(0, until - performance.now()));
    const egress = await this.session.egress();
    const changes = this.session.sandbox
      .diff(before, await this.session.sandbox.snapshot())
      .filter((change) => !options.isExcluded(change));
    return { egress, fromAgeMs, changes };
  }

  /**
   * Keeps the values of a call for later live choices: what its answer names, and its arguments when it
   * succeeded. The arguments of a failed call name nothing known to exist (a random path, a file outside the
   * server's root): offered again, they fail again.
   */
  /** After every call: its answer's values (parsed once) feed live choices and the value observers. */
  async #took(
    tool: string,
    args: Readonly<Record<string, unknown>>,
    outcome: CallOutcome,
    argsNameSomething: boolean,
  ): Promise<void> {
    const answered = valuesInOutcome(outcome);
    if (succeeded(outcome) || argsNameSomething) {
      for (const supplier of suppliersOf(args, this.#seen, tool)) {
        if (!this.#suppliers.includes(supplier)) this.#suppliers.push(supplier);
      }
    }
    this.#learn(tool, args, outcome, answered, argsNameSomething);
    await this.#watch(answered);
  }

  #learn(
    tool: string,
    args: Readonly<Record<string, unknown>>,
    outcome: CallOutcome,
    answered: readonly HarvestedValue[],
    argsNameSomething: boolean,
  ): void {
    const placeholders = this.session.placeholders;
    this.#seen = extendSeenValues(this.#seen, [
      ...(argsNameSomething ? seenFrom(valuesInArguments(args, tool), tool, 'arguments') : []),
      ...seenFrom(
        answered.map((entry) => ({ ...entry, value: withPlaceholders(entry.value, placeholders) })),
        tool,
        'answer',
      ),
    ]);
    for (const record of [
      ...(argsNameSomething ? recordsIn(args) : []),
      ...recordsIn(parsedOutcome(outcome)),
    ]) {
      if (this.#records.length < SEEN_VALUES_LIMIT) this.#records.push(record);
    }
  }

  /**
   * Offers the ids a call answered with to the session's value observers; when they read anything, the state
   * just before the next call is snapshotted again (their reads are no call's, and now part of every reading).
   */
  async #watch(answered: readonly HarvestedValue[]): Promise<void> {
    if (this.session.watchValues === undefined) return;
    const values = answered.map((entry) => substitute(entry.value, this.session.placeholders));
    if (await this.session.watchValues(values)) this.#before = await this.session.sandbox.snapshot();
  }

  /**
   * The arguments as they will be sent (placeholders kept): live choices picked from the session's values when
   * the result still passes the tool's schema, else their fallbacks (which the generator already validated).
   */
  #resolve(planned: PlannedCall): Record<string, unknown> {
    return resolveWith(planned, this.#seen, this.#records, this.session.placeholders);
  }

  /** How a call would be resolved now, whatever the session sees later (see `ShrinkMemo`). */
  #resolver(): Resolver {
    const seen = this.#seen;
    const records = this.#records.slice();
    const placeholders = this.session.placeholders;
    return (planned) => resolveWith(planned, seen, records, placeholders);
  }

  /** The values naming entities in the state just before the next call. */
  #existing(): Set<string> {
    return new Set(this.session.sandbox.harvest(this.#before).map((entry) => entry.value));
  }
}

/**
 * The arguments as they will be sent (placeholders kept): live choices picked from the values seen when the
 * result still passes the tool's schema, else their fallbacks (which the generator already validated).
 */
function resolveWith(
  planned: PlannedCall,
  seen: readonly SeenValue[],
  records: readonly unknown[],
  placeholders: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const live = resolveLiveChoices(planned.args, seen, records, planned.tool);
  if (planned.guard.validate(substituteDeep(live, placeholders)).valid) return { ...live };
  return { ...resolveLiveChoices(planned.args, []) };
}
