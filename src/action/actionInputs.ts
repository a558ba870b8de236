import { shellWords } from './shellWords.js';

/**
 * The inputs of `action.yml` that the action's script reads, each from the environment variable its step
 * maps it to (`inputVariable`). The inputs the YAML alone uses (the token, the SARIF upload's category, the
 * versions to install) are not here; a test holds this list and `action.yml` to each other.
 */
export const SCRIPT_INPUTS = [
  'command',
  'args',
  'fs',
  'home',
  'sqlite',
  'pg',
  'config',
  'baseline',
  'reporters',
  'output-dir',
  'working-directory',
  'fail-on',
  'summary',
  'comment',
  'comment-key',
  'upload-sarif',
] as const;
type InputName = (typeof SCRIPT_INPUTS)[number];

/** The environment variable an input reaches the script in: `fail-on` → `INPUT_FAIL_ON`. */
export function inputVariable(name: string): string {
  return `INPUT_${name.toUpperCase().replace(/-/g, '_')}`;
}

/** The action's inputs, read and checked. */
export interface ActionInputs {
  /** The server command's words; empty when the config file names the server. */
  readonly command: readonly string[];
  /** More `hintproof check` options, as words. */
  readonly args: readonly string[];
  readonly fs?: string;
  readonly home?: string;
  readonly sqlite?: string;
  readonly pg?: string;
  readonly config?: string;
  readonly baseline?: string;
  /** The reporters the user asked for (default: text); the action adds those it needs. */
  readonly reporters: readonly string[];
  readonly outputDir: string;
  readonly workingDirectory: string;
  /** `--fail-on`, when given (else the config's, or the CLI's default). */
  readonly failOn?: string;
  readonly summary: boolean;
  readonly comment: boolean;
  readonly commentKey: string;
  readonly uploadSarif: boolean;
}

/** Reads the inputs from `env`; throws, naming the input and what it received, when one cannot be used. */
export function readInputs(env: Readonly<Record<string, string | undefined>>): ActionInputs {
  const raw = (name: InputName): string => (env[inputVariable(name)] ?? '').trim();
  const optional = (name: InputName): string | undefined => (raw(name) === '' ? undefined : raw(name));
  const flag = (name: InputName, fallback: boolean): boolean => {
    const value = raw(name).toLowerCase();
    if (value === '') return fallback;
    if (value === 'true' || value === 'false') return value === 'true';
    throw new Error(`input ${name}: expected true or false, received ${JSON.stringify(raw(name))}.`);
  };
  const fs = optional('fs');
  const home = optional('home');
  const sqlite = optional('sqlite');
  const pg = optional('pg');
  const config = optional('config');
  const baseline = optional('baseline');
  const failOn = optional('fail-on');
  const args = shellWords(raw('args'), 'input args');
  const taken = args.find((word) => /^--output-dir(=|$)/.test(word));
  if (taken !== undefined) {
    throw new Error(
      `input args: ${taken} is the action's to set, since it reads the reports there; use the output-dir input.`,
    );
  }
  return {
    command: shellWords(raw('command'), 'input command'),
    args,
    ...(fs === undefined ? {} : { fs }),
    ...(home === undefined ? {} : { home }),
    ...(sqlite === undefined ? {} : { sqlite }),
    ...(pg === undefined ? {} : { pg }),
    ...(config === undefined ? {} : { config }),
    ...(baseline === undefined ? {} : { baseline }),
    reporters: (optional('reporters') ?? 'text').split(/[\s,]+/).filter((name) => name !== ''),
    outputDir: optional('output-dir') ?? 'hintproof-report',
    workingDirectory: optional('working-directory') ?? '.',
    ...(failOn === undefined ? {} : { failOn }),
    summary: flag('summary', true),
    comment: flag('comment', false),
    commentKey: optional('comment-key') ?? 'default',
    uploadSarif: flag('upload-sarif', true),
  };
}

/**
 * The `hintproof check` arguments for the inputs: the reporters the action needs added to the user's
 * (markdown for the summary and the comment, json for the outputs, sarif for code scanning), each seed and file
 * input as its flag, `args` as given, then the server command after `--`.
 */
export function checkArguments(inputs: ActionInputs): string[] {
  const reporters = new Set([
    ...inputs.reporters,
    'markdown',
    'json',
    ...(inputs.uploadSarif ? ['sarif'] : []),
  ]);
  const file = (flag: string, value: string | undefined) => (value === undefined ? [] : [flag, value]);
  return [
    'check',
    '--reporter',
    [...reporters].join(','),
    '--output-dir',
    inputs.outputDir,
    ...file('--fs', inputs.fs),
    ...file('--home', inputs.home),
    ...file('--sqlite', inputs.sqlite),
    ...file('--pg', inputs.pg),
    ...file('--config', inputs.config),
    ...file('--baseline', inputs.baseline),
    ...file('--fail-on', inputs.failOn),
    ...inputs.args,
    ...(inputs.command.length === 0 ? [] : ['--', ...inputs.command]),
  ];
}
