import type { PgRow } from './pgSnapshot.js';

/** Whole rows counted by their JSON text: how a keyless table's rows are compared. */
export class RowMultiset {
  readonly #counts = new Map<string, { row: PgRow; count: number }>();

  /** Counts `row` `delta` more times (negative: fewer). */
  add(row: PgRow, delta: number): void {
    const text = JSON.stringify(row);
    const seen = this.#counts.get(text) ?? { row, count: 0 };
    seen.count += delta;
    this.#counts.set(text, seen);
  }

  /** Every distinct row with its net count (zero counts included). */
  entries(): IterableIterator<{ readonly row: PgRow; readonly count: number }> {
    return this.#counts.values();
  }
}
