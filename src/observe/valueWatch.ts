import { setTimeout as sleep } from 'node:timers/promises';
import type { McpConnection, ResourceTemplateInfo, ToolInfo } from '../mcp/index.js';
import type { ObservedEntry, Observer } from './observer.js';
import { observerKey } from './observer.js';
import { readObservers } from './readObservers.js';
import { msUntilTheClockMoves, showsTheTime } from './showsTheTime.js';
import { observableByValue, valueObservers } from './valueObservers.js';

/** Value observers one session reads at most, besides the check's own observers. */
const MAX_VALUE_OBSERVERS = 4;

/** Value observers one session tries at most (each tried costs two reads and two snapshots). */
const MAX_TRIED = 12;

/** New values taken from one call's answer at most (and new uris from one listing). */
const VALUES_PER_CALL = 8;

/** Longest uri of a listed resource tried as an observer (its key names every change it shows). */
const MAX_URI_CHARS = 1024;

/**
 * The value observers of one session (see `valueObservers`): read-only tools that need one id and resource
 * templates, filled with the values the session's calls return (`create_note` answers `n1`, then
 * `get_note {"id":"n1"}` is read around every later call). Each candidate is tried once before it is used:
 * read twice back to back, between two snapshots of everything else; it is used only when both reads show
 * the same text and nothing else moved meanwhile (a "read" that counts views, or an id that does not exist
 * yet, is never used). One whose second read shows the time it was made (`showsTheTime`: two reads within a
 * second agree on a clock that counts seconds) is read a third time once the clock has moved on, and used only
 * if that read agrees too. No mask: what it shows must be stable as it is.
 */
export class ValueWatch {
  readonly #tools: readonly ToolInfo[];
  readonly #templates: readonly ResourceTemplateInfo[];
  readonly #readSeconds: number;
  readonly #listing: boolean;
  readonly #tried = new Set<string>();
  readonly #used: Observer[] = [];
  /**
   * Tools whose trial moved something: never tried again in this session. A tool that claims read-only but
   * writes (`complete_task` marking a task done) would otherwise be tried on every new id, and act on each
   * before any call of it is checked, so that its checked calls only ever meet what it already changed.
   */
  readonly #writers = new Set<string>();

  /** `listing`: the server lists resources, so resources that appear in a session may be read by uri. */
  constructor(
    tools: readonly ToolInfo[],
    templates: readonly ResourceTemplateInfo[],
    readSeconds: number,
    listing = false,
  ) {
    this.#tools = tools;
    this.#templates = templates;
    this.#readSeconds = readSeconds;
    this.#listing = listing;
  }

  /**
   * Whether the server has anything a value could fill (see `observableByValue`), or, with `listing`, lists
   * resources that may appear in a session.
   */
  static possible(
    tools: readonly ToolInfo[],
    templates: readonly ResourceTemplateInfo[],
    listing = false,
  ): boolean {
    return listing || observableByValue(tools, templates);
  }

  /** The value observers in use, in the order they were admitted. */
  used(): readonly Observer[] {
    return this.#used;
  }

  /**
   * The observers not tried yet that `values` (one call's answer) give, then the resources of `uris` (those
   * that appeared in the session's listing since it began: read by uri, as a resource listed at start-up is),
   * within this session's limits: each listing offers `VALUES_PER_CALL` uris at most, and a session tries
   * `MAX_TRIED` and uses `MAX_VALUE_OBSERVERS` at most, so a server listing thousands costs a few reads.
   */
  candidates(values: readonly string[], uris: readonly string[] = []): Observer[] {
    const room = Math.min(MAX_VALUE_OBSERVERS - this.#used.length, MAX_TRIED - this.#tried.size);
    if (room <= 0) return [];
    const fresh = [...new Set(values)].slice(0, VALUES_PER_CALL);
    const typed = fresh.flatMap((value) => (/^-?\d{1,15}$/.test(value) ? [value, Number(value)] : [value]));
    const listed = this.#listing
      ? uris
          .filter((uri) => uri !== '' && uri.length <= MAX_URI_CHARS)
          .slice(0, VALUES_PER_CALL)
          .map((uri): Observer => ({ kind: 'resource', name: uri }))
      : [];
    return [...valueObservers(this.#tools, this.#templates, typed, MAX_TRIED), ...listed]
      .filter((observer) => !this.#tried.has(observerKey(observer)))
      .filter((observer) => observer.kind !== 'tool' || !this.#writers.has(observer.name))
      .slice(0, room);
  }

  /**
   * Tries `candidates`: `around` runs the two reads of each between two snapshots of everything else and says
   * whether anything moved; when something did, none of them is used (no single one is to blame for sure),
   * and none of their tools is tried again.
   */
  async admit(
    connection: McpConnection,
    candidates: readonly Observer[],
    around: (reads: () => Promise<void>) => Promise<boolean>,
  ): Promise<void> {
    for (const candidate of candidates) this.#tried.add(observerKey(candidate));
    const texts: Array<string | undefined> = [];
    const moved = await around(async () => {
      const clocks: number[] = [];
      let lastRead = 0;
      for (const candidate of candidates) {
        const first = textOf(await this.#read(connection, candidate));
        const from = Date.now();
        const second = textOf(await this.#read(connection, candidate));
        lastRead = Date.now();
        const agreed = first !== undefined && first === second ? second : undefined;
        if (agreed !== undefined && showsTheTime(agreed, from, lastRead)) clocks.push(texts.length);
        texts.push(agreed);
      }
      if (clocks.length === 0) return;
      // Two reads within one second agree on a clock that counts seconds: read again once it has moved on.
      await sleep(msUntilTheClockMoves(lastRead, Date.now()));
      for (const index of clocks) {
        const third = textOf(await this.#read(connection, candidates[index] as Observer));
        if (third !== texts[index]) texts[index] = undefined;
      }
    });
    if (moved) {
      for (const candidate of candidates) if (candidate.kind === 'tool') this.#writers.add(candidate.name);
      return;
    }
    candidates.forEach((candidate, index) => {
      if (texts[index] !== undefined) this.#used.push(candidate);
    });
  }

  async #read(connection: McpConnection, observer: Observer): Promise<ObservedEntry | undefined> {
    return (await readObservers(connection, [observer], this.#readSeconds)).get(observerKey(observer));
  }
}

function textOf(entry: ObservedEntry | undefined): string | undefined {
  return entry !== undefined && 'text' in entry ? entry.text : undefined;
}
