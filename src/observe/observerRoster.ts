import type { Observer } from './observer.js';

/** An observer left out, with why (calibration's reasons, or what it did during the check). */
export interface DroppedObserver {
  readonly observer: Observer;
  readonly reason: string;
}

/**
 * The observers of one check as they stand: those calibration admitted, minus those caught changing the
 * sandbox while they were read during the check (`retire`), which no session reads again. Shared by every
 * session of the check (all of them read the same server command's observers). Observers read together whose
 * reading changed something become suspects (`suspect`): from then on each is read on its own, between two
 * snapshots, so that the next change names the one that made it.
 */
export class ObserverRoster {
  readonly #admitted: readonly Observer[];
  readonly #retired = new Map<Observer, string>();
  readonly #suspects = new Set<Observer>();

  constructor(admitted: readonly Observer[]) {
    this.#admitted = admitted;
  }

  /** The observers still read around calls, in calibration's order. */
  active(): Observer[] {
    return this.#admitted.filter((observer) => !this.#retired.has(observer));
  }

  /** Whether `observer` is read on its own (a change was seen while it was read with others). */
  suspected(observer: Observer): boolean {
    return this.#suspects.has(observer);
  }

  /** Reads each of `observers` on its own from now on. */
  suspect(observers: readonly Observer[]): void {
    for (const observer of observers) this.#suspects.add(observer);
  }

  /** Stops reading `observer` for the rest of the check (the first reason given is kept). */
  retire(observer: Observer, reason: string): void {
    if (!this.#retired.has(observer)) this.#retired.set(observer, reason);
  }

  /** The observers retired during the check, in calibration's order, each with its reason. */
  retired(): DroppedObserver[] {
    return this.#admitted.flatMap((observer) => {
      const reason = this.#retired.get(observer);
      return reason === undefined ? [] : [{ observer, reason }];
    });
  }
}
