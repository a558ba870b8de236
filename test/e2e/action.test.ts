import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HINT_NAMES } from '../../src/model/hints.js';
import { repoRoot } from './runCli.js';

/**
 * The GitHub Action's script (`action.yml` → the built `dist/src/action/entry.js`) run as the runner runs it: a
 * real process with the step's environment, the built CLI checking a bundled scenario server. The one part
 * that cannot run here is GitHub's REST API: `GITHUB_API_URL` points at a small server on 127.0.0.1 below,
 * which keeps the pull request's comments in memory and records every request. The SARIF upload is a step of
 * action.yml (github/codeql-action/upload-sarif), not of the script: here, its file is checked.
 */
const entry = join(repoRoot, 'dist/src/action/entry.js');
const notes = join(repoRoot, 'scenarios/notes');
const work = mkdtempSync(join(tmpdir(), 'hintproof-action-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
  readonly body: unknown;
}
interface Comment {
  readonly id: number;
  body: string;
  readonly html_url: string;
}

/** A fake of the three comment endpoints of GitHub's REST API the action uses, for pull request 7 of acme/notes. */
function fakeGitHub(): { server: Server; requests: Recorded[]; comments: Comment[] } {
  const requests: Recorded[] = [];
  const comments: Comment[] = [{ id: 1, body: 'Looks good to me', html_url: 'https://example.test/c/1' }];
  const read = async (request: IncomingMessage): Promise<unknown> => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  };
  const server = createServer((request, response) => {
    void read(request).then((body) => {
      const url = request.url ?? '';
      requests.push({
        method: request.method ?? '',
        url,
        authorization: request.headers.authorization,
        body,
      });
      const answer = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      const text = (body as { body?: string } | undefined)?.body ?? '';
      if (request.method === 'GET' && url.startsWith('/repos/acme/notes/issues/7/comments?')) {
        return answer(200, comments);
      }
      if (request.method === 'POST' && url === '/repos/acme/notes/issues/7/comments') {
        const created = {
          id: 100 + comments.length,
          body: text,
          html_url: `https://example.test/c/${100 + comments.length}`,
        };
        comments.push(created);
        return answer(201, created);
      }
      const patch = /^\/repos\/acme\/notes\/issues\/comments\/(\d+)$/.exec(url);
      const target = comments.find((comment) => comment.id === Number(patch?.[1]));
      if (request.method === 'PATCH' && target !== undefined) {
        target.body = text;
        return answer(200, target);
      }
      return answer(404, { message: 'Not Found' });
    });
  });
  return { server, requests, comments };
}

const github = fakeGitHub();
let api = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => github.server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(github.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => github.server.close(() => resolve())));

interface ActionRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly summary: string;
  readonly outputs: Record<string, string>;
}

/**
 * Runs the action's script once, in a fresh step: its own summary and output files, a `pull_request` event (or
 * `event`), the scenario server by absolute path from a working directory of its own.
 */
async function runAction(
  name: string,
  inputs: Record<string, string>,
  event: object = { pull_request: { number: 7 } },
): Promise<ActionRun> {
  const step = join(work, name);
  mkdirSync(join(step, 'repo'), { recursive: true });
  const summary = join(step, 'summary.md');
  const output = join(step, 'output.txt');
  const eventFile = join(step, 'event.json');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  writeFileSync(eventFile, JSON.stringify(event));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? step,
    NO_COLOR: '1',
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_API_URL: api,
    GITHUB_REPOSITORY: 'acme/notes',
    GITHUB_TOKEN: 'test-token',
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: '42',
    // The scenario server lies under the repository root: SARIF paths become relative to it.
    GITHUB_WORKSPACE: repoRoot,
    ...Object.fromEntries(
      Object.entries({
        'working-directory': join(step, 'repo'),
        command: `node ${notes}/server.js {fs}`,
        fs: join(notes, 'seed'),
        comment: 'true',
        ...inputs,
      }).map(([key, value]) => [`INPUT_${key.toUpperCase().replace(/-/g, '_')}`, value]),
    ),
  };
  const child = spawn(process.execPath, [entry], { cwd: step, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    code,
    stdout,
    stderr,
    summary: readFileSync(summary, 'utf8'),
    outputs: parseOutputs(readFileSync(output, 'utf8')),
  };
}

/** `$GITHUB_OUTPUT` as the runner reads it: `name<<DELIMITER`, the value's lines, the delimiter. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const head = /^([\w-]+)<<(.+)$/.exec(lines[i]!);
    if (head === null) continue;
    const end = lines.indexOf(head[2]!, i + 1);
    outputs[head[1]!] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return outputs;
}

interface SarifLog {
  runs: Array<{
    tool: { driver: { rules: Array<{ id: string }> } };
    results: Array<{
      ruleId: string;
      locations: Array<{ physicalLocation?: { artifactLocation: { uri: string } } }>;
    }>;
  }>;
}
const sarif = (run: ActionRun) => JSON.parse(readFileSync(run.outputs['sarif-file']!, 'utf8')) as SarifLog;
const ourComments = () =>
  github.comments.filter((comment) => comment.body.includes('<!-- hintproof-action:default -->'));

describe('the GitHub Action script', () => {
  it('fails on a contradiction, with the report in the summary, SARIF and one pull-request comment', async () => {
    const run = await runAction('contradicted', { args: '--seed 1 --runs 3 --tool read_note' });
    expect(run.code, run.stderr).toBe(1);
    expect(run.outputs).toMatchObject({ 'exit-code': '1', contradictions: '1', drift: '0' });
    // The Markdown report, appended to the job summary by the CLI.
    expect(run.summary).toMatch(/^## hintproof: 1 hint contradicted in 1 of 1 tool/);
    expect(run.summary).toBe(readFileSync(run.outputs['markdown-file']!, 'utf8'));
    const log = sarif(run);
    expect(log.runs[0]!.tool.driver.rules.map((rule) => rule.id)).toEqual([
      ...HINT_NAMES,
      'closedWorldDeterminism',
    ]);
    expect(log.runs[0]!.results.map((result) => result.ruleId)).toEqual(['readOnlyHint']);
    expect(log.runs[0]!.results[0]!.locations[0]!.physicalLocation?.artifactLocation.uri).toBe(
      'scenarios/notes/server.js',
    );
    expect(github.requests.map((request) => request.method)).toEqual(['GET', 'POST']);
    expect(github.requests.every((request) => request.authorization === 'Bearer test-token')).toBe(true);
    const [ours] = ourComments();
    expect(ourComments()).toHaveLength(1);
    expect(ours!.body).toContain(run.summary);
    expect(ours!.body).toContain('(https://github.example/acme/notes/actions/runs/42)');
    expect(run.outputs['comment-url']).toBe(ours!.html_url);
  });

  it('passes on a clean run, updating the same comment and closing the alert with every rule', async () => {
    // The same pull request as the test before: its comment is the one to update.
    github.requests.length = 0;
    const run = await runAction('clean', { args: '--seed 1 --runs 3 --tool list_notes' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.outputs).toMatchObject({ 'exit-code': '0', contradictions: '0' });
    expect(run.summary).toMatch(/^## hintproof: no hint contradicted/i);
    const log = sarif(run);
    expect(log.runs[0]!.results).toEqual([]);
    expect(log.runs[0]!.tool.driver.rules.map((rule) => rule.id)).toEqual([
      ...HINT_NAMES,
      'closedWorldDeterminism',
    ]);
    expect(github.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /repos/acme/notes/issues/7/comments?per_page=100&page=1',
      `PATCH /repos/acme/notes/issues/comments/${ourComments()[0]!.id}`,
    ]);
    expect(ourComments()).toHaveLength(1);
    expect(ourComments()[0]!.body).toContain(run.summary);
    // The reviewer's comment is untouched.
    expect(github.comments[0]).toMatchObject({ id: 1, body: 'Looks good to me' });
  });

  it('passes a contradiction below fail-on, and fails it at its severity', async () => {
    // stamp_note's false idempotentHint: true is medium.
    const inputs = { args: '--seed 1 --runs 3 --tool stamp_note', comment: 'false', 'upload-sarif': 'false' };
    const requests = github.requests.length;
    const below = await runAction('fail-on-high', { ...inputs, 'fail-on': 'high', summary: 'false' });
    expect(below.code, below.stderr).toBe(0);
    expect(below.outputs).toMatchObject({ 'exit-code': '0', contradictions: '1' });
    expect(below.outputs['sarif-file']).toBeUndefined();
    expect(below.summary).toBe('');
    expect(below.stdout).toContain('Exit 0: no contradiction at high or worse (--fail-on high).');
    const at = await runAction('fail-on-medium', { ...inputs, 'fail-on': 'medium' });
    expect(at.code, at.stderr).toBe(1);
    expect(github.requests).toHaveLength(requests);
  });

  it('fails on drift from the baseline, with no contradiction', async () => {
    // A baseline in which create_note only read: that it adds now is behaviour the baseline never saw.
    const baseline = join(work, 'hintproof.baseline.json');
    const hints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
    writeFileSync(
      baseline,
      JSON.stringify({
        hintproof: '0.1.0',
        server: 'notes-scenario',
        tools: { create_note: { behaviour: ['reads only'], suggested: hints } },
      }),
    );
    const run = await runAction('drift', {
      args: '--seed 1 --runs 3 --tool create_note',
      baseline,
      comment: 'false',
    });
    expect(run.code, run.stderr).toBe(1);
    expect(run.outputs).toMatchObject({ 'exit-code': '1', contradictions: '0', drift: '1' });
    expect(run.stdout).toContain('Exit 1: behaviour drifted from the baseline.');
  });

  it('says in the summary why nothing was checked, exits 2, and comments only on a pull request', async () => {
    const requests = github.requests.length;
    const run = await runAction(
      'set-up-error',
      { command: 'node no-such-server.js', fs: 'no-such-seed' },
      { ref: 'refs/heads/main' },
    );
    expect(run.code).toBe(2);
    expect(run.outputs['exit-code']).toBe('2');
    expect(run.outputs['json-file']).toBeUndefined();
    expect(run.summary).toMatch(/^## hintproof: the server was not checked\n\nExit 2: usage or set-up error/);
    expect(run.summary).toContain('no-such-seed');
    expect(run.stdout).toContain('::notice title=hintproof::comment: true, but the pull_request event');
    expect(github.requests).toHaveLength(requests);
    expect(existsSync(join(work, 'set-up-error/repo/hintproof-report/report.md'))).toBe(false);
  });

  it('refuses an input it cannot read, naming it', async () => {
    const run = await runAction('bad-input', { comment: 'yes' });
    expect(run.code).toBe(2);
    expect(run.outputs['exit-code']).toBe('2');
    const nowhere = await runAction('no-directory', { 'working-directory': join(work, 'missing') });
    expect(nowhere.code).toBe(2);
    expect(nowhere.stdout).toContain(`input working-directory: ${join(work, 'missing')} is not a directory`);
    expect(run.stdout).toContain(
      '::error title=hintproof::input comment: expected true or false, received "yes".',
    );
  });
});
