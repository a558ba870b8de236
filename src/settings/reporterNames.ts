import { SetupError } from '../model/setupError.js';

/** The reporters `--reporter` chooses from. */
export const REPORTER_NAMES = ['text', 'json', 'junit', 'sarif', 'markdown', 'html'] as const;
export type ReporterName = (typeof REPORTER_NAMES)[number];

/** Parses `--reporter text,junit` (repeatable). */
export function reporterList(value: string, previous: ReporterName[] = []): ReporterName[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(REPORTER_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new SetupError(
      `--reporter: unknown reporter "${unknown.join('", "')}". Choose from ${REPORTER_NAMES.join(', ')}.`,
    );
  }
  return [...previous, ...(names as ReporterName[])];
}
