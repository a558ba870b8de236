import { parseSessionPath } from '../engine/run/sessionPath.js';
import { InvalidArgumentError } from 'commander';

/** A whole number within [min, max], for option parsers: says what was received when it is not. */
export function integerIn(min: number, max: number): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}, received "${value}".`);
    }
    return parsed;
  };
}

/** A positive number of seconds (fractions allowed). */
export function seconds(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed <= 0 || parsed > 86_400) {
    throw new InvalidArgumentError(`expected a number of seconds greater than 0, received "${value}".`);
  }
  return parsed;
}

/** Collects a repeatable option. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** Collects `KEY=VALUE` pairs of a repeatable `--env`. */
export function keyValue(value: string, previous: Record<string, string> = {}): Record<string, string> {
  const index = value.indexOf('=');
  if (index <= 0) {
    throw new InvalidArgumentError(`expected KEY=VALUE (e.g. --env DATA_DIR={fs}), received "${value}".`);
  }
  return { ...previous, [value.slice(0, index)]: value.slice(index + 1) };
}

/** A fast-check replay path: numbers separated by colons, e.g. `7:0:1`. */
export function replayPath(value: string): string {
  if (parseSessionPath(value) === undefined) {
    throw new InvalidArgumentError(
      `expected a replay path such as "7:0:1", "12:0/s9/k0.3" or "3:0/s0/k1/p2-5/p0-6@1.4" (from a report), ` +
        `received "${value}".`,
    );
  }
  return value;
}

/** `a,b` → `['a', 'b']`: tool names separated by commas; `none` → `[]`; an empty list is refused. */
export function toolList(value: string): string[] {
  if (value.trim() === 'none') return [];
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) {
    throw new InvalidArgumentError(
      `expected tool names separated by commas (e.g. add_item,create_list), received "${value}".`,
    );
  }
  return names;
}

/**
 * A file or directory name for an option that takes one (`--json`, `--fs`…). A long option in its place was
 * meant as an option: `--json --output-dir x` would otherwise write the report to a file named
 * `--output-dir` and take `x` as the server command.
 */
export function pathValue(option: string, example: string): (value: string) => string {
  return (value) => {
    if (/^--[a-z]/.test(value)) {
      throw new InvalidArgumentError(
        `expected a file or directory name, received the option "${value}". Give ${option} its name first ` +
          `(e.g. ${option} ${example}), or write ./${value} for a file called that.`,
      );
    }
    return value;
  };
}
