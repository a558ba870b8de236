/** How far each store's bytes have been handed out: only the view that ends there may be extended in place. */
const handedOut = new WeakMap<ArrayBufferLike, number>();

/**
 * The bytes of a file that grew: `base` (bytes kept from an earlier read, never changed) followed by what is
 * appended. They are written in place after `base` when its store is one made here, has room, and nothing was
 * written there after it (another extension of the same bytes copies instead), else into a new store with
 * room to spare: a file read after every few appends costs its new bytes, not all of them, each time.
 */
export class GrowingBytes {
  private store: Uint8Array;
  private length: number;
  private inPlace: boolean;

  constructor(base: Uint8Array) {
    const end = base.byteOffset + base.length;
    // Only a store made here, and only right after the last view handed out (never Node's shared pool).
    this.inPlace = handedOut.get(base.buffer) === end;
    this.store = base;
    this.length = base.length;
  }

  append(chunk: Uint8Array): void {
    const end = this.store.byteOffset + this.length + chunk.length;
    if (!this.inPlace || end > this.store.buffer.byteLength) {
      const grown = new Uint8Array(Math.max(2 * (this.length + chunk.length), 64 * 1024));
      grown.set(this.store.subarray(0, this.length));
      this.store = grown;
      this.inPlace = true;
    }
    new Uint8Array(this.store.buffer, this.store.byteOffset + this.length, chunk.length).set(chunk);
    this.length += chunk.length;
  }

  /** The base and everything appended; the view is never written again (later extensions write after it). */
  bytes(): Uint8Array {
    const view = new Uint8Array(this.store.buffer, this.store.byteOffset, this.length);
    handedOut.set(view.buffer, view.byteOffset + view.length);
    return view;
  }
}
