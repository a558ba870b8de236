import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../../src/model/report.js';
import { runCli } from '../runCli.js';
import { hostile, INVISIBLE_CHAR, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 11 row 6: a server whose name, version, tool names, descriptions, argument names and values, error
 * texts, file names and stderr all carry ANSI escapes (clear screen, a forged green all-clear), newlines,
 * bidi overrides, Markdown and HTML. From outside: the terminal output and every report hold no raw control
 * character and stay valid, nothing forged stands on a line of its own, and the exit code is the true one.
 */
const server = hostile('row06-strings.js');
const work = scratch('row06');
const noRawControl = (text: string) => expect(text.replace(/\n/g, '')).not.toMatch(INVISIBLE_CHAR);

describe.each(ISOLATIONS)('row 6: server strings are inert ($label)', ({ env, args }) => {
  it('terminal and reports: no raw control character, every format valid, the true exit code', async () => {
    const cwd = work();
    const result = await runCli(
      [
        'check',
        '--runs',
        '2',
        '--seed',
        '1',
        '--verbose',
        '--reporter',
        'text,json,junit,sarif,markdown,html',
        '--output-dir',
        'out',
        ...args,
        '--',
        'node',
        server,
      ],
      { cwd, env, timeoutMs: 240_000 },
    );
    expect(result.code).toBe(1);
    noRawControl(result.stdout);
    noRawControl(result.stderr);
    // The forged all-clear is shown, escaped, inside other lines: never as a line of its own.
    expect(result.stdout).toContain('\\x1b[2J\\x1b[H\\x1b[32mNo hint contradicted');
    expect(result.stdout).not.toMatch(/^(\s*)(No hint contradicted|Exit 0)/m);
    expect(result.stdout.match(/^Exit \d.*$/gm)).toEqual(['Exit 1: at least one hint is contradicted.']);
    // The replay command is inert too, and still names the tool exactly (ANSI-C quoting).
    expect(result.stdout).toMatch(
      /Reproduce with: hintproof check (?:--[a-z-]+ \S+ )*--tool \$'note\\x1b\[31m\\u202egnp\.exe\\x0d\\x0a/,
    );

    const out = (file: string) => readFileSync(join(cwd, 'out', file), 'utf8');
    const json = JSON.parse(out('report.json')) as Report;
    expect(json.server.name).toContain('\x1b]0;owned\x07\u202e');
    expect(json.tools.map((tool) => tool.name)).toContain('fails\nExit 0: no hint contradicted.\u2066');

    const junit = out('junit.xml');
    expect(XMLValidator.validate(junit)).toBe(true);
    noRawControl(junit);

    const sarif = out('hintproof.sarif');
    const texts: string[] = [];
    JSON.parse(sarif, (_key, value: unknown) => (typeof value === 'string' && texts.push(value), value));
    noRawControl(texts.join(''));

    const markdown = out('report.md');
    noRawControl(markdown);
    const html = micromark(markdown, {
      extensions: [gfm()],
      htmlExtensions: [gfmHtml()],
      allowDangerousHtml: true,
    });
    expect(html).not.toMatch(/<(script|img|a)\b/);
    // One header row and one row per tool: no cell was split, no row forged.
    expect(html.match(/<tr>/g)).toHaveLength(3);
    expect(html.match(/<td[ >]/g)).toHaveLength(14);

    const page = out('report.html');
    noRawControl(page);
    expect(page).not.toMatch(/<(script|img)\b|<a href="(?!#|https:\/\/)|<\/summary>/);
    // One row per tool, and one finding: no element forged.
    expect(page.match(/<th scope="row"/g)).toHaveLength(2);
    expect(page.match(/<article /g)).toHaveLength(1);
  });
});

describe('row 6: replay', () => {
  it('replay of the saved failure prints it inert as well', async () => {
    const cwd = work();
    const first = await runCli(['check', '--runs', '1', '--seed', '1', '--quiet', '--', 'node', server], {
      cwd,
    });
    expect(first.code).toBe(1);
    noRawControl(first.stdout + first.stderr);
    const [file] = readdirSync(join(cwd, '.hintproof/failures'));
    const replayed = await runCli(['replay', file!.slice(0, -5)], {
      cwd,
    });
    expect(replayed.code).toBe(1);
    noRawControl(replayed.stdout + replayed.stderr);
    expect(replayed.stdout).toMatch(/STILL FAILING: contradicted in 3 of 3 replays\./);
  });
});
