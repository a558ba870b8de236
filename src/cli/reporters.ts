import {
  accessSync,
  appendFileSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import {
  createJsonReporter,
  createLiveProgress,
  createSummaryReporter,
  createJunitReporter,
  createMarkdownReporter,
  createHtmlReporter,
  createSarifReporter,
  createTextReporter,
} from '../report/index.js';
import type { EngineEvent, EventSink } from '../model/events.js';
import { SetupError } from '../model/setupError.js';
import { VERSION } from '../version.js';
import type { CheckArguments } from './checkArguments.js';
import type { Io } from './io.js';
import type { ReporterName } from '../settings/reporterNames.js';

/** The file each file reporter writes in `--output-dir`. */
const REPORT_FILES: Readonly<Record<Exclude<ReporterName, 'text'>, string>> = {
  json: 'report.json',
  junit: 'junit.xml',
  sarif: 'hintproof.sarif',
  markdown: 'report.md',
  html: 'report.html',
};

export interface Reporters {
  readonly emit: EventSink;
  /** Writes every collected file; returns the paths written. */
  finish(): string[];
}

/**
 * Wires the chosen reporters: text to stdout, the others into files (`--json FILE`, and `--output-dir` for
 * `--reporter json,junit,sarif,markdown,html`); Markdown is also appended to `$GITHUB_STEP_SUMMARY` when set.
 * Fails before any work when an output cannot be written.
 */
export function createReporters(args: CheckArguments, io: Io, command: readonly string[]): Reporters {
  const chosen = new Set<ReporterName>(args.reporter ?? ['text']);
  const outputDir = args.outputDir ?? 'hintproof-report';
  const fileReporters = [...chosen].filter((name): name is Exclude<ReporterName, 'text'> => name !== 'text');
  if (fileReporters.length > 0) ensureDirectory(outputDir);

  const outputs = new Map<string, string>();
  const collect = (path: string) => (text: string) => outputs.set(path, (outputs.get(path) ?? '') + text);
  const sinks: EventSink[] = [];
  if (chosen.has('text')) {
    const color = args.color ?? (io.isTty && !io.env.NO_COLOR);
    if (args.quiet) {
      sinks.push(createSummaryReporter({ write: io.stdout, color, failOn: args.failOn }));
    } else {
      // On a terminal (and not in CI, not --verbose) a live line shows the tool at work.
      if (io.isTty && !io.env.CI && !args.verbose)
        sinks.push(createLiveProgress({ write: io.stdout, now: io.now }));
      sinks.push(
        createTextReporter({
          write: io.stdout,
          color,
          progress: true,
          verbose: args.verbose,
          version: VERSION,
          failOn: args.failOn,
        }),
      );
    }
  }
  if (args.json !== undefined) sinks.push(createJsonReporter({ write: collect(args.json) }));
  for (const name of fileReporters) {
    const write = collect(join(outputDir, REPORT_FILES[name]));
    if (name === 'json') sinks.push(createJsonReporter({ write }));
    if (name === 'junit') sinks.push(createJunitReporter({ write }));
    if (name === 'markdown') sinks.push(createMarkdownReporter({ write }));
    if (name === 'html') sinks.push(createHtmlReporter({ write }));
    if (name === 'sarif') {
      const artifact = serverArtifact(command, io.cwd);
      sinks.push(createSarifReporter({ write, version: VERSION, ...(artifact ? { artifact } : {}) }));
    }
  }
  return {
    emit: (event: EngineEvent) => sinks.forEach((sink) => sink(event)),
    finish: () => {
      for (const [path, text] of outputs) writeFileSync(path, text);
      const summary = io.env.GITHUB_STEP_SUMMARY;
      const markdown = outputs.get(join(outputDir, REPORT_FILES.markdown));
      if (summary && markdown !== undefined) appendFileSync(summary, markdown);
      return [...outputs.keys()];
    },
  };
}

/**
 * Creates `directory` and the directories leading to it, one level at a time from the nearest one that exists
 * (node's recursive mkdir spins forever on a path under /proc), and fails before any work when it cannot be
 * written.
 */
function ensureDirectory(directory: string): void {
  const fail = (why: string): never => {
    throw new SetupError(`--output-dir ${directory}: ${why}. Choose a writable directory.`);
  };
  const missing: string[] = [];
  let existing = resolve(directory);
  while (!existsSync(existing)) {
    missing.unshift(existing);
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  if (!statSync(existing).isDirectory()) fail(`${existing} is not a directory`);
  for (const path of missing) {
    try {
      mkdirSync(path);
    } catch (error) {
      fail(`cannot create ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  try {
    accessSync(resolve(directory), constants.W_OK);
  } catch {
    fail('it is not writable');
  }
}

/**
 * The server's own file, for SARIF locations: the first argument naming an existing file (`server.js` in
 * `node server.js`), else the command itself when it is a file under the invocation directory.
 */
function serverArtifact(command: readonly string[], cwd: string): { uri: string; text?: string } | undefined {
  const isFile = (word: string) => word !== '' && existsSync(word) && statSync(word).isFile();
  const [program, ...args] = command;
  const file =
    args.find(isFile) ??
    (program !== undefined && isFile(program) && !relative(cwd, program).startsWith('..')
      ? program
      : undefined);
  if (file === undefined) return undefined;
  const uri = relative(cwd, file).split('\\').join('/');
  const text = statSync(file).size < 1_000_000 ? readFileSync(file, 'utf8') : undefined;
  return { uri, ...(text === undefined ? {} : { text }) };
}
