import type { HarvestedValue } from '../../../harness/index.js';
import { argumentsFor } from '../../generate/index.js';
import type { ToolArguments } from '../../generate/index.js';
import type { ToolInfo } from '../../mcp/index.js';
import { substituteDeep } from '../session/placeholders.js';
import type { PreambleCandidate } from './preamblePlan.js';
import { preambleCandidates } from './preamblePlan.js';
import type { CallGenerator, RoundOptions } from './roundOptions.js';

/** What a tool's argument generators are made from. */
export interface GeneratorSource {
  /** Every tool the server lists, in its order. */
  readonly tools: readonly ToolInfo[];
  readonly harvested: readonly HarvestedValue[];
  readonly probePlaceholders: Readonly<Record<string, string>>;
  readonly fixedArgs?: (tool: string) => Readonly<Record<string, unknown>>;
}

/**
 * The argument generators of a check's rounds, made once per tool and kind: a command's alone or live (its
 * choices among the values its session saw), a preamble call's building (to make state: non-empty arrays,
 * non-blank strings).
 */
export class RoundGenerators {
  readonly #made = new Map<string, ToolArguments>();

  constructor(private readonly source: GeneratorSource) {}

  /** The generator of `of`'s calls, or undefined when its arguments cannot be generated. */
  of(of: ToolInfo, live: boolean, building = false): CallGenerator | undefined {
    const generation = this.generation(of, live, building);
    if (!generation.ok) return undefined;
    const fixedArgs = this.source.fixedArgs?.(of.name) ?? {};
    return { tool: of.name, arbitrary: generation.arbitrary, guard: generation.guard, fixedArgs };
  }

  /** Why `of`'s arguments cannot be generated alone; undefined when they can. */
  reason(of: ToolInfo): string | undefined {
    const generation = this.generation(of, false, false);
    return generation.ok ? undefined : generation.reason;
  }

  /** A preamble call of the tool named so, or undefined (no such tool, or nothing to generate). */
  producer(name: string): CallGenerator | undefined {
    const of = this.source.tools.find((candidate) => candidate.name === name);
    return of === undefined ? undefined : this.of(of, true, true);
  }

  /** A round's generators for `of` from its preamble candidates: `of` alone when it has none. */
  forRound(
    of: ToolInfo,
    candidates: readonly PreambleCandidate[],
  ): Pick<RoundOptions, 'target' | 'preamble'> {
    const preamble = candidates.flatMap(({ tool: name, weight }) => {
      const generator = this.producer(name);
      return generator === undefined ? [] : [{ ...generator, weight }];
    });
    const alone = this.of(of, false);
    if (alone === undefined) throw new Error(`tool "${of.name}" has no arguments to generate for a round`);
    return { preamble, target: preamble.length === 0 ? alone : (this.of(of, true) ?? alone) };
  }

  /**
   * A round before, as a replay path names it, to rebuild a session: of the server's tool at `toolIndex` (or
   * `tool`), alone (`producers` absent) or after preambles favouring the server's tools at those indices.
   */
  priorRound(
    tool: ToolInfo,
    toolIndex: number | undefined,
    producers?: readonly number[],
  ): Pick<RoundOptions, 'target' | 'preamble'> {
    const { tools } = this.source;
    const of = toolIndex === undefined ? tool : tools[toolIndex];
    if (of === undefined) throw new Error(`a carried round names tool ${toolIndex}, which the server lacks`);
    const favoured = new Set(producers?.flatMap((at) => tools[at]?.name ?? []));
    const candidates =
      producers === undefined
        ? []
        : preambleCandidates(tools, favoured).filter(
            (candidate) => this.producer(candidate.tool) !== undefined,
          );
    return this.forRound(of, candidates);
  }

  private generation(of: ToolInfo, live: boolean, building: boolean): ToolArguments {
    const key = `${of.name}\0${String(live)}\0${String(building)}`;
    let generation = this.#made.get(key);
    if (generation === undefined && of.tasksOnly === true) generation = { ok: false, reason: TASKS_ONLY };
    if (generation === undefined) {
      generation = argumentsFor(of, this.source.harvested, {
        resolve: (args) => substituteDeep(args, this.source.probePlaceholders),
        live,
        building,
      });
      this.#made.set(key, generation);
    }
    return generation;
  }
}

/** Why a tool that answers only task-augmented calls is not called. */
const TASKS_ONLY =
  'not called: the tool requires task-augmented calls (execution.taskSupport "required", MCP tasks), which ' +
  'hintproof does not make yet';
