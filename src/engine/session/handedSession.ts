import type { RunSession } from './session.js';
import type { SessionPool } from './sessionPool.js';

/**
 * A session handed on from one part of a check to another (the probe's, to the first tool's first round),
 * taken at most once; `drop` releases it when nobody took it. Seen through the pool's view, as a session
 * taken from the pool would be, with its state when handed on as its baseline.
 */
export class HandedSession {
  #session: Promise<RunSession> | undefined;

  constructor(
    private readonly pool: SessionPool,
    session: RunSession | undefined,
  ) {
    this.#session = session === undefined ? undefined : pool.viewedNow(session);
    // Failing to view it releases it (see `viewed`); whoever takes it sees the failure.
    this.#session?.catch(() => {});
  }

  /** The session, the first time; undefined after (or when there was none). */
  readonly take = (): Promise<RunSession> | undefined => {
    const session = this.#session;
    this.#session = undefined;
    return session;
  };

  /** Releases the session if it was never taken. */
  drop(): void {
    void this.take()
      ?.then((session) => this.pool.release(session))
      .catch(() => {});
  }
}
