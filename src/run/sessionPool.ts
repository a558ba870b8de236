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
  #index = 0;
  readonly #retired: Array<Promise<void>> = [];

  constructor(
    private readonly start: SessionStarter,
    private readonly root: string,
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
    const session = this.start(runDirectory(this.root, this.#index++));
    // A prepared session that nobody takes must not become an unhandled rejection.
    session.catch(() => {});
    return session;
  }
}
