import { stateKinds } from '../policy/stateKinds.js';
import type { HarvestedValue, SandboxSnapshot } from '../../../harness/index.js';
import type { SeenValue } from '../../generate/index.js';
import {
  extendSeenValues,
  seenFrom,
  recordsIn,
  resolveLiveChoices,
  SEEN_VALUES_LIMIT,
  valuesInArguments,
  valuesInUris,
} from '../../generate/index.js';
import { ResourceListing } from '../../observe/index.js';
import { completed, describeFailure, succeeded } from '../../model/callOutcome.js';
import type { CallOutcome } from '../../model/callOutcome.js';
import { suppliersOf } from './dataFlow.js';
import type { CommandOptions } from './executeCommand.js';
import { executeCommand } from './executeCommand.js';
import {
  substitute,
  substituteDeep,
  withPlaceholders,
  withPlaceholdersDeep,
} from '../session/placeholders.js';
import { preferSandbox } from '../policy/preferSandbox.js';
import { quietWindow } from './quietWindow.js';
import type {
  ControlWindow,
  ControlWindows,
  MadeCall,
  PlannedCall,
  PreambleStep,
  Resolver,
  RunResult,
  WindowChanges,
} from './runTypes.js';

import type { RunSession } from '../session/session.js';
import {
  leavesOfOutcome,
  observableValuesInOutcome,
  parsedOutcome,
  valuesInOutcome,
} from './valuesInOutcome.js';

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
  readonly #listing = new ResourceListing();
  #listed = false;

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
   * then the checked command called twice against the state just before it; with `windows`, quiet windows
   * before the command and between its calls.
   */
  async run(
    preamble: readonly PlannedCall[],
    target: PlannedCall,
    options: CommandOptions,
    resolvers?: Resolver[],
    windows?: ControlWindows,
  ): Promise<RunResult> {
    const session = this.session;
    const steps: PreambleStep[] = [];
    this.#suppliers = [];
    if (!this.#listed) await this.#listResources('');
    this.#listed = true;
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
      this.#history.push({
        tool: planned.tool,
        args,
        changed: changes.length > 0,
        answered: this.#answerStrings(outcome),
      });
      steps.push({
        tool: planned.tool,
        args,
        outcome: succeeded(outcome) ? 'returned' : describeFailure(outcome),
        changes,
      });
      await this.#took(planned.tool, args, outcome, succeeded(outcome), changes.length > 0);
      if (!session.alive()) {
        return {
          steps,
          existing: this.#existing(),
          aborted: `the server died during preamble step ${steps.length}`,
          suppliers: this.#suppliers,
        };
      }
    }
    const shown: WindowChanges = {};
    if (windows?.beforeCommand) {
      const quiet = await quietWindow(session, this.#before, windows.ms, options);
      this.#before = quiet.after;
      shown.beforeCommand = quiet.changes;
    }
    resolvers?.push(this.#resolver());
    const args = this.#resolve(target);
    const harvested = this.session.sandbox.harvest(this.#before);
    const existing = new Set(harvested.map((entry) => entry.value));
    const between = windows?.betweenCalls
      ? async (middle: SandboxSnapshot) => {
          const quiet = await quietWindow(session, middle, windows.ms, options);
          shown.betweenCalls = quiet.changes;
          return quiet.after;
        }
      : undefined;
    const { observation, after } = await executeCommand(
      session,
      this.#before,
      target.tool,
      args,
      options,
      between,
    );
    this.#before = after;
    for (const call of [observation.call1, ...(observation.call2 === undefined ? [] : [observation.call2])]) {
      this.#history.push({
        tool: target.tool,
        args,
        changed: call.changes.length > 0,
        answered: this.#answerStrings(call.outcome),
      });
    }
    const answered = observation.call2?.outcome ?? observation.call1.outcome;
    // A create whose second call fails ("already exists") still made what its arguments name.
    const made = succeeded(observation.call1.outcome) || succeeded(answered);
    const changed = [observation.call1, observation.call2].some((call) => (call?.changes.length ?? 0) > 0);
    await this.#took(target.tool, args, answered, made, changed);
    return {
      steps,
      observation,
      existing,
      kinds: stateKinds(harvested),
      suppliers: this.#suppliers,
      ...(windows === undefined ? {} : { windows: shown }),
    };
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
    const { egress, changes } = await quietWindow(this.session, before, until - performance.now(), options);
    const counted = this.session.egressCounted?.();
    return { egress, fromAgeMs, changes, ...(counted === undefined ? {} : { egressCounted: counted }) };
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
    changed: boolean,
  ): Promise<void> {
    const answered = valuesInOutcome(outcome, tool);
    if (succeeded(outcome) || argsNameSomething) {
      for (const supplier of suppliersOf(args, this.#seen, tool)) {
        if (!this.#suppliers.includes(supplier)) this.#suppliers.push(supplier);
      }
    }
    this.#learn(tool, args, outcome, answered, argsNameSomething);
    await this.#watch(observableValuesInOutcome(outcome));
    if (changed) await this.#listResources(tool);
  }

  /**
   * Lists the server's resources again (see `ResourceListing`) and pools the values in the uris that appeared
   * (`valuesInUris`), as shown by `tool` (the call that changed state just before; `''` before any call);
   * after a call, offers those resources to the session's value observers.
   * When the server was asked, the state just before the next call is snapshotted again: the listing is no
   * call's.
   */
  async #listResources(tool: string): Promise<void> {
    const listed = await this.#listing.list(this.session.connection);
    if (listed === undefined) return;
    // A resource that appeared after a call may be read from now on (a value observer): its own changes show.
    if (tool !== '' && listed.appeared.length > 0) await this.session.watchValues?.([], listed.appeared);
    const placeholders = this.session.placeholders;
    const values = valuesInUris(listed.appeared, listed.templates).map((entry) => ({
      ...entry,
      value: withPlaceholders(entry.value, placeholders),
    }));
    this.#seen = extendSeenValues(this.#seen, seenFrom(values, tool, 'answer'));
    this.#before = await this.session.sandbox.snapshot();
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

  /** The strings of a call's answer (`MadeCall.answered`), placeholders for the sandbox's paths. */
  #answerStrings(outcome: CallOutcome): string[] {
    return leavesOfOutcome(outcome).map((value) => withPlaceholders(value, this.session.placeholders));
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
