import { NotUnderstood } from './notUnderstood.js';

/** What one reading by meaning may spend: bytes it decodes or allocates, steps (pages, entries), time. */
export interface BudgetLimits {
  readonly bytes: number;
  readonly steps: number;
  readonly ms: number;
}

/**
 * Fixed allowance plus a multiple of the input: an honest reading touches each input byte a few times (a
 * database's pages are listed, compared and decoded; a git index's paths are decoded once), so these are far
 * past anything honest, and far below what a 12 KiB file whose cells all share one looping overflow chain
 * asked for (6 GB, 63 s).
 */
const BASE_BYTES = 64 * 1024 * 1024;
const BYTES_PER_INPUT_BYTE = 8;
const BASE_STEPS = 100_000;
/** Steps (a page visited, an entry read) per 512 bytes of input, the smallest SQLite page. */
const STEPS_PER_512_BYTES = 16;
/** A last resort only (it depends on the machine's load): the other two stop every known bomb first. */
const MAX_MS = 30_000;
/** The clock is read once per this many steps: a step stays an add and a compare. */
const CLOCK_EVERY = 1024;

/**
 * The budget of one reading by meaning of what a server wrote, carried by the reader and spent as it goes:
 * `spend` before decoding or allocating bytes, `step` for each page, entry or node visited. Past any limit it
 * throws NotUnderstood naming the limit, and the file is compared as bytes. Cheap by design: no per-byte work.
 */
export class ParseBudget {
  private bytes = 0;
  private steps = 0;
  private readonly deadline: number;

  constructor(
    readonly format: string,
    private readonly limits: BudgetLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.deadline = now() + limits.ms;
  }

  /** The budget for reading `inputBytes` of input as `format`. */
  static forInput(format: string, inputBytes: number): ParseBudget {
    return new ParseBudget(format, {
      bytes: BASE_BYTES + BYTES_PER_INPUT_BYTE * inputBytes,
      steps: BASE_STEPS + Math.ceil((STEPS_PER_512_BYTES * inputBytes) / 512),
      ms: MAX_MS,
    });
  }

  /** Accounts for `count` bytes about to be decoded or allocated (`what` names them in the failure). */
  spend(count: number, what: string): void {
    this.bytes += count;
    if (this.bytes > this.limits.bytes || !Number.isFinite(count) || count < 0) {
      throw new NotUnderstood(
        this.format,
        `${what} (${count} bytes) would take its reading past ${mib(this.limits.bytes)} of decoded data, ` +
          'more than a file of its size holds',
      );
    }
  }

  /** Accounts for one more page, entry or node visited. */
  step(): void {
    this.steps++;
    if (this.steps > this.limits.steps) {
      throw new NotUnderstood(
        this.format,
        `its reading visited more than ${this.limits.steps} pages or entries, more than a file of its size holds (a loop or a fan-out)`,
      );
    }
    if (this.steps % CLOCK_EVERY === 0 && this.now() > this.deadline) {
      throw new NotUnderstood(this.format, `its reading took more than ${this.limits.ms / 1000} s`);
    }
  }
}

function mib(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MiB`;
}
