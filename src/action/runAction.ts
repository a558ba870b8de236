import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Report } from '../model/report.js';
import { contradictionsOf } from '../report/contradictionsOf.js';
import type { ActionInputs } from './actionInputs.js';
import { checkArguments, readInputs } from './actionInputs.js';
import { formatOutputs } from './githubOutput.js';
import { commentMarker, pullRequestNumber, upsertComment } from './pullRequestComment.js';
import { sarifRelativeTo } from './sarifUris.js';

/** What the action's script meets of the world: the step's environment, and where to write. */
export interface ActionIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** The CLI to run: this package's `bin/hintproof.js`. */
  readonly cli: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

/** The files `hintproof check` writes into `--output-dir` for the reporters the action asks for. */
const FILES = { json: 'report.json', markdown: 'report.md', sarif: 'hintproof.sarif' } as const;
/** The CLI's set-up error code (src/cli/exitCodes.ts), also the script's when it cannot run the check. */
const EXIT_SETUP = 2;
/** GitHub refuses comments over 65,536 characters: the report is cut well before, the summary keeps it all. */
const COMMENT_CHARS = 60_000;
/** Variables the server check has no use for and must not see: the token, the inputs, the runner's own. */
const WITHHELD = /^(GITHUB_TOKEN|INPUT_.*|ACTIONS_RUNTIME_TOKEN|ACTIONS_ID_TOKEN_REQUEST_.*)$/;

/**
 * The GitHub Action (`action.yml`): runs `hintproof check` on the inputs, makes its SARIF's paths relative to
 * the repository, leaves the Markdown report in the job summary (the CLI appends it to
 * `$GITHUB_STEP_SUMMARY`; a set-up error gets a note instead), comments on the pull request when asked, and
 * sets the step's outputs. Resolves to hintproof's exit code (0, 1 on a contradiction or drift, 2 on a set-up
 * error), which the action's last step fails the job on.
 */
export async function runAction(io: ActionIo): Promise<number> {
  const outputs: Record<string, string> = {};
  const finish = (code: number): number => {
    outputs['exit-code'] = String(code);
    if (io.env.GITHUB_OUTPUT) appendFileSync(io.env.GITHUB_OUTPUT, formatOutputs(outputs));
    io.stdout(`hintproof: exit ${code}: ${EXIT_MEANINGS[code] ?? 'the check did not finish'}.\n`);
    return code;
  };
  let inputs: ActionInputs;
  try {
    inputs = readInputs(io.env);
  } catch (error) {
    io.stdout(command('error', (error as Error).message));
    return finish(EXIT_SETUP);
  }
  const cwd = resolve(io.cwd, inputs.workingDirectory);
  if (!existsSync(cwd) || !statSync(cwd).isDirectory()) {
    io.stdout(
      command('error', `input working-directory: ${cwd} is not a directory. Check out the repository first.`),
    );
    return finish(EXIT_SETUP);
  }
  const reportDir = resolve(cwd, inputs.outputDir);
  // A report left by an earlier run must never pass for this one's.
  for (const file of Object.values(FILES)) rmSync(join(reportDir, file), { force: true });
  const args = checkArguments(inputs);
  io.stdout(`hintproof ${args.map((word) => JSON.stringify(word)).join(' ')}\n  (in ${cwd})\n`);
  const run = await runCli(io, args, cwd, childEnv(io.env, inputs));
  outputs['report-dir'] = reportDir;

  const reportFile = join(reportDir, FILES.json);
  if (existsSync(reportFile)) {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
    outputs['json-file'] = reportFile;
    outputs.contradictions = String(contradictionsOf(report).length);
    outputs.drift = String((report.drift ?? []).filter((entry) => entry.added.length > 0).length);
  }
  const sarifFile = join(reportDir, FILES.sarif);
  if (existsSync(sarifFile)) {
    const root = io.env.GITHUB_WORKSPACE;
    if (root) {
      const log = sarifRelativeTo(JSON.parse(readFileSync(sarifFile, 'utf8')) as object, cwd, root);
      writeFileSync(sarifFile, `${JSON.stringify(log, null, 2)}\n`);
    }
    outputs['sarif-file'] = sarifFile;
  }
  const markdownFile = join(reportDir, FILES.markdown);
  const markdown = existsSync(markdownFile) ? readFileSync(markdownFile, 'utf8') : undefined;
  if (markdown !== undefined) outputs['markdown-file'] = markdownFile;
  // The CLI appended the report to the summary itself; a run that made none says why there.
  const body = markdown ?? failureNote(run.code, run.stderr);
  if (markdown === undefined && inputs.summary && io.env.GITHUB_STEP_SUMMARY)
    appendFileSync(io.env.GITHUB_STEP_SUMMARY, body);
  if (inputs.comment) {
    const url = await comment(io, inputs, `${body}${runLink(io.env)}`);
    if (url !== undefined) outputs['comment-url'] = url;
  }
  return finish(run.code);
}

const EXIT_MEANINGS: Readonly<Record<number, string>> = {
  0: 'no hint contradicted',
  1: 'a hint is contradicted, or behaviour drifted from the baseline (see the report above)',
  2: 'usage or set-up error: nothing was checked (see the message above)',
};

/** The environment `hintproof check` runs in: the step's, without what it must not see. */
function childEnv(env: ActionIo['env'], inputs: ActionInputs): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined &&
        !WITHHELD.test(entry[0]) &&
        (inputs.summary || entry[0] !== 'GITHUB_STEP_SUMMARY'),
    ),
  );
}

/** Runs the CLI, its output passed on as it comes; keeps the end of its stderr for a set-up error's note. */
function runCli(
  io: ActionIo,
  args: readonly string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stderr: string }> {
  return new Promise((done) => {
    let stderr = '';
    const child = spawn(process.execPath, [io.cli, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.setEncoding('utf8').on('data', (text: string) => io.stdout(text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      io.stderr(text);
      stderr = (stderr + text).slice(-4000);
    });
    child.on('error', (error) =>
      done({ code: EXIT_SETUP, stderr: `could not run hintproof in ${cwd}: ${error.message}` }),
    );
    child.on('close', (code, signal) =>
      done({ code: code ?? EXIT_SETUP, stderr: signal === null ? stderr : `${stderr}\nkilled by ${signal}` }),
    );
  });
}

/** The summary and comment of a run that wrote no report: what the CLI said, in a code block. */
function failureNote(code: number, stderr: string): string {
  const fence = '`'.repeat(Math.max(3, ...[...stderr.matchAll(/`+/g)].map((run) => run[0].length + 1)));
  return (
    `## hintproof: the server was not checked\n\n` +
    `Exit ${code}: ${EXIT_MEANINGS[code] ?? 'the check did not finish'}.\n\n` +
    `${fence}\n${stderr.trim()}\n${fence}\n`
  );
}

/** A line linking the workflow run, under a comment. */
function runLink(env: ActionIo['env']): string {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: run } = env;
  if (!server || !repository || !run) return '';
  return `\n<sub>hintproof · [workflow run](${server}/${repository}/actions/runs/${run})</sub>\n`;
}

/** Creates or updates the pull request's comment; says why when there is none. Never fails the action. */
async function comment(io: ActionIo, inputs: ActionInputs, body: string): Promise<string | undefined> {
  const eventFile = io.env.GITHUB_EVENT_PATH;
  const event: unknown =
    eventFile && existsSync(eventFile) ? JSON.parse(readFileSync(eventFile, 'utf8')) : undefined;
  const pullRequest = pullRequestNumber(event);
  if (pullRequest === undefined) {
    io.stdout(
      command(
        'notice',
        `comment: true, but the ${io.env.GITHUB_EVENT_NAME ?? 'workflow'} event is not a pull request: no comment written.`,
      ),
    );
    return undefined;
  }
  const { GITHUB_TOKEN: token, GITHUB_REPOSITORY: repository } = io.env;
  if (!token || !repository) {
    io.stdout(
      command('warning', 'comment: true needs GITHUB_TOKEN (input github-token) and GITHUB_REPOSITORY.'),
    );
    return undefined;
  }
  const cut =
    body.length <= COMMENT_CHARS
      ? body
      : `${body.slice(0, COMMENT_CHARS)}\n\n… cut here: the whole report is in the job summary.\n`;
  try {
    return await upsertComment(
      { api: io.env.GITHUB_API_URL ?? 'https://api.github.com', repository, token, pullRequest },
      commentMarker(inputs.commentKey),
      cut,
    );
  } catch (error) {
    // A fork's pull request gets a read-only token: the report is still in the summary and code scanning.
    io.stdout(command('warning', `the pull-request comment was not written: ${(error as Error).message}`));
    return undefined;
  }
}

/** A workflow command (`::error title=hintproof::…`), its message escaped as the runner reads it. */
function command(kind: 'error' | 'warning' | 'notice', message: string): string {
  const escaped = message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return `::${kind} title=hintproof::${escaped}\n`;
}
