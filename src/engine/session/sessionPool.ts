import { runDirectory, SandboxLost } from '../../../harness/index.js';
import type { RunSession } from './session.js';

/** Starts one session in a fresh run directory (a spawned server, or an in-process one). */
export type SessionStarter = (directory: string) => Promise<RunSession>;

/** How the sessions handed out are seen (the probe's observers read around every call); see `SessionPool.view`. */
export type SessionView = (session: RunSession) => Promise<RunSession>;

/**
 * Hands out fresh sessions, keeping up to `spares` of them prepared (sandbox copy, process spawn, initialize,
 * tools/list, baseline) while the current runs execute, so that spawn latency hides behind the work. One pool
 * serves a whole check, the probe and every tool: a session prepared and not taken by one tool is taken by
 * the next, so only the last few are ever started for nothing (`limitSpares`).
 */
export class SessionPool implements AsyncDisposable {
  readonly #prepared: Array<Promise<RunSession>> = [];
  readonly #retired: Array<Promise<void>> = [];
  #view: SessionView | undefined;
  #number = 0;
  #spares: number;

  constructor(
    private readonly start: SessionStarter,
    private readonly root: string,
    /** Sessions kept prepared: one per taker that runs at once (`--jobs`). */
    spares = 1,
  ) {
    this.#spares = spares;
  }

  /**
   * Keep no more than `count` sessions prepared from now on (see `checkInOrder`'s `onDemand`), so that the end
   * of a check starts fewer sessions nobody takes.
   */
  limitSpares(count: number): void {
    this.#spares = Math.min(this.#spares, Math.max(0, count));
  }

  /**
   * Sessions taken from now on are seen through `view` (prepared ones too: it applies when one is taken, so
   * what it reads is read then). Disposing a viewed session disposes the session it wraps.
   */
  view(view: SessionView): void {
    this.#view = view;
  }

  /**
   * A fresh session; the caller disposes it through `release`. With `youngerThanMs`, one that has been ready
   * for less than that long: a prepared session that has waited longer stays prepared for the next taker, and
   * one is started for this caller (a control run must begin about when the call it speaks for began).
   */
  async take(youngerThanMs?: number): Promise<RunSession> {
    const prepared = this.#prepared.shift();
    const handed = prepared === undefined ? undefined : await this.#fromPrepared(prepared, youngerThanMs);
    if (handed !== undefined) return handed;
    // A start that failed prepares nothing more: the next take starts one and sees the failure itself.
    const ready = await this.#start();
    this.#refill();
    return this.viewed(ready);
  }

  /**
   * The prepared session, seen now through the view; undefined when it is too old for the caller (it stays
   * prepared for the next taker) or was lost while it waited. What the server did in other sessions (ended
   * every database session of its role, dropped the template mid-copy) can reach a session prepared beside
   * them: a fresh one, started after, says whether this server can be observed at all.
   */
  async #fromPrepared(
    prepared: Promise<RunSession>,
    youngerThanMs?: number,
  ): Promise<RunSession | undefined> {
    let ready: RunSession;
    try {
      ready = await prepared;
    } catch (error) {
      if (error instanceof SandboxLost) return undefined;
      throw error;
    }
    if (youngerThanMs !== undefined && performance.now() - ready.startedAt >= youngerThanMs) {
      this.#prepared.unshift(Promise.resolve(ready));
      return undefined;
    }
    this.#refill();
    try {
      // What other sessions did to shared state while it waited (a database made in the cluster) is not its own.
      return await this.viewedNow(ready);
    } catch (error) {
      // viewedNow has released it.
      if (error instanceof SandboxLost) return undefined;
      throw error;
    }
  }

  #refill(): void {
    while (this.#prepared.length < this.#spares) this.#prepared.push(this.#start());
  }

  /**
   * A session that was ready some time ago, seen through the view, with its state now as its baseline (a run
   * on it meets what was made before; the cluster's databases other sessions made meanwhile are not its first
   * call's doing). Disposing what it returns disposes the session.
   */
  async viewedNow(session: RunSession): Promise<RunSession> {
    const viewed = await this.viewed(session);
    // A view that wraps the session (observers) has taken its baseline again already.
    if (viewed !== session) return viewed;
    try {
      return { ...viewed, baseline: await viewed.sandbox.snapshot() };
    } catch (error) {
      this.release(viewed);
      throw error;
    }
  }

  /**
   * A session taken from this pool before `view` was set (the probe's), seen through the view now, as `take`
   * would hand it out. Disposing what it returns disposes the session.
   */
  async viewed(session: RunSession): Promise<RunSession> {
    if (this.#view === undefined) return session;
    try {
      return await this.#view(session);
    } catch (error) {
      this.release(session);
      throw error;
    }
  }

  /** Disposes a session in the background; `dispose` waits for every one. */
  release(session: RunSession): void {
    this.#retired.push(Promise.resolve(session[Symbol.asyncDispose]()).catch(() => {}));
  }

  async [Symbol.asyncDispose](): Promise<void> {
    const pending = this.#prepared.splice(0);
    await Promise.all(
      pending.map((prepared) => prepared.then((session) => session[Symbol.asyncDispose]()).catch(() => {})),
    );
    await Promise.all(this.#retired);
  }

  #start(): Promise<RunSession> {
    const session = this.start(runDirectory(this.root, this.#number++));
    // A prepared session that nobody takes must not become an unhandled rejection.
    session.catch(() => {});
    return session;
  }
}
