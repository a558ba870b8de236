/**
 * Largest file whose text a snapshot keeps for record- and line-level diffs; bigger files are compared by hash
 * only.
 */
export const JSON_FILE_LIMIT = 2 * 1024 * 1024;

/** Bytes of text one snapshot may keep in all (by the files' sizes when the walk listed them). */
export const JSON_SNAPSHOT_BUDGET = 32 * 1024 * 1024;

/**
 * How a file's content is read: `none`, hashed only; `keep`, its text kept (a `.json`, `.jsonl` or `.ndjson`
 * file); `sniff`, its text kept if it holds no NUL byte (text, read by lines or as JSON; see `diffTextFile`).
 * Whether it is valid UTF-8 is decided at the end (`TextCollector.text`).
 */
export type TextMode = 'none' | 'keep' | 'sniff';

function isJsonPath(path: string): boolean {
  return /\.(?:json|jsonl|ndjson)$/i.test(path);
}

/**
 * Which files of a snapshot may keep their text: non-empty files up to `JSON_FILE_LIMIT` bytes, those named
 * like JSON first and then the others (to be sniffed), each group in path order, while their sizes fit in
 * `JSON_SNAPSHOT_BUDGET`. Deterministic for a given tree, so a replay keeps the same texts. Files not in the
 * map are `none`. Pure.
 */
export function planTextModes(files: readonly { path: string; size: number }[]): Map<string, TextMode> {
  const modes = new Map<string, TextMode>();
  let left = JSON_SNAPSHOT_BUDGET;
  for (const mode of ['keep', 'sniff'] as const) {
    for (const { path, size } of files) {
      if (size === 0 || size > JSON_FILE_LIMIT || size > left || isJsonPath(path) !== (mode === 'keep'))
        continue;
      modes.set(path, mode);
      left -= size;
    }
  }
  return modes;
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Whether `sniff` already decided against these bytes as the start of a file: they hold a NUL byte, which no
 * text does (binary data, a database). Bytes that only grew after them are decided the same way.
 */
export function sniffedNotText(bytes: Uint8Array): boolean {
  return bytes.includes(0);
}

/**
 * Collects a file's bytes while it is hashed, as `mode` asks, and gives them back as text: only up to
 * `JSON_FILE_LIMIT` bytes, only valid UTF-8 (so two different byte strings never become one text), a byte
 * order mark kept (then it does not parse as JSON, and is one more character of the first line). A sniffed
 * file is dropped at its first NUL byte.
 */
export class TextCollector {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private collecting: boolean;
  private readonly sniffing: boolean;

  constructor(mode: TextMode, size: number) {
    this.collecting = mode !== 'none' && size <= JSON_FILE_LIMIT;
    this.sniffing = mode === 'sniff';
  }

  /** Called with each chunk read, in order; copies it if it is still wanted. */
  add(chunk: Buffer): void {
    if (!this.collecting || chunk.length === 0) return;
    if (this.sniffing && chunk.includes(0)) return this.drop();
    this.bytes += chunk.length;
    if (this.bytes > JSON_FILE_LIMIT) return this.drop();
    this.chunks.push(Buffer.from(chunk));
  }

  /** The text, or `undefined` when none was wanted, the file was too big, or it is not valid UTF-8. */
  text(): string | undefined {
    if (!this.collecting) return undefined;
    try {
      return decoder.decode(Buffer.concat(this.chunks, this.bytes));
    } catch {
      return undefined;
    }
  }

  private drop(): void {
    this.collecting = false;
    this.chunks = [];
  }
}
