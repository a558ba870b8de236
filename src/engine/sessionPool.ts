import { runDirectory } from '../../harness/index.js';
import type { RunSession } from './session.js';

/** Starts one session in a fresh run directory (a spawned server, or an in-process one). */
export type SessionStarter = (directory: string) => Promise<RunSession>;

/**
 * Hands out fresh sessions, preparing the next one (sandbox copy, process spawn, initialize, tools/list,
 * baseline) while the current run executes, so that spawn latency hides behind the work.
 */
export class SessionPool implements AsyncDisposable {
  #next: Promise<RunSession> | undefined;
  readonly #retired: Array<Promise<void>> = [];

  constructor(
    private readonly start: SessionStarter,
    private readonly root: string,
    /** Numbers run directories: pools that share a root share it. */
    private readonly numbering: RunNumbering = new RunNumbering(),
  ) {}

  /** A fresh session; the caller disposes it through `release`. */
  async take(): Promise<RunSession> {
    const session = this.#next ?? this.#start();
    this.#next = undefined;
    try {
      const ready = await session;
      this.#next = this.#start();
      return ready;
    } catch (error) {
      this.#next = undefined;
      throw error;
    }
  }

  /** Disposes a session in the background; `dispose` waits for every one. */
  release(session: RunSession): void {
    this.#retired.push(Promise.resolve(session[Symbol.asyncDispose]()).catch(() => {}));
  }

  async [Symbol.asyncDispose](): Promise<void> {
    const pending = this.#next;
    this.#next = undefined;
    if (pending) await pending.then((session) => session[Symbol.asyncDispose]()).catch(() => {});
    await Promise.all(this.#retired);
  }

  #start(): Promise<RunSession> {
    const session = this.start(runDirectory(this.root, this.numbering.next()));
    // A prepared session that nobody takes must not become an unhandled rejection.
    session.catch(() => {});
    return session;
  }
}

/** The next free run directory number under one root. */
export class RunNumbering {
  #next = 0;
  next(): number {
    return this.#next++;
  }
}

/** A pool of its own for `use` (one tool's check), disposed with every session it made once `use` settles. */
export async function withPool<R>(
  start: SessionStarter,
  root: string,
  numbering: RunNumbering,
  use: (pool: SessionPool) => Promise<R>,
): Promise<R> {
  await using pool = new SessionPool(start, root, numbering);
  return await use(pool);
}
