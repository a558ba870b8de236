/** Keeps the last `limit` characters written to it: a stderr tail to show when a server fails. */
export class TailBuffer {
  #text = '';
  #dropped = 0;

  constructor(private readonly limit = 4000) {}

  push(chunk: string): void {
    this.#text += chunk;
    if (this.#text.length > this.limit) {
      this.#dropped += this.#text.length - this.limit;
      this.#text = this.#text.slice(this.#text.length - this.limit);
    }
  }

  /** The kept text, prefixed with a marker when older text was dropped. */
  toString(): string {
    return this.#dropped > 0 ? `[… ${this.#dropped} earlier characters]\n${this.#text}` : this.#text;
  }
}
