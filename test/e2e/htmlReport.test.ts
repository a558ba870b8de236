import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './runCli.js';

/**
 * Issue 37: the `--reporter html` page of real checks, opened in a real browser (Debian's chromium, driven by
 * playwright-core: npm's browser downloads do not work here). Where no chromium is installed the suite skips and
 * says why in its name, unless HINTPROOF_REQUIRE_BROWSER is set (as `.ci/run` sets it): then it fails.
 */
const CHROMIUM = [
  process.env.HINTPROOF_CHROMIUM ?? '',
  ...(process.env.PATH ?? '')
    .split(':')
    .flatMap((directory) => [join(directory, 'chromium'), join(directory, 'chromium-browser')]),
].find((path) => path !== '' && existsSync(path));
const MISSING = 'no chromium on the PATH nor at $HINTPROOF_CHROMIUM (apt-get install chromium)';
if (CHROMIUM === undefined && process.env.HINTPROOF_REQUIRE_BROWSER !== undefined) {
  throw new Error(`HINTPROOF_REQUIRE_BROWSER is set, but there is ${MISSING}`);
}
// The suite's name says it too, but a run's summary shows only counts.
if (CHROMIUM === undefined) console.warn(`The HTML report's browser tests are skipped: ${MISSING}.`);

/** What the hostile fixture's tool is called, as the page must show it: inert (the bidi override escaped). */
const HOSTILE_TOOL = `note"onmouseover=alert(1) x="</style><script>alert(2)</script><img src=x onerror=alert(3)>\\u202e`;
/** Anything a string could have injected: elements that run or fetch, and handler or style attributes. */
const INJECTED =
  'script, img, svg, iframe, object, embed, form, link, base, [onmouseover], [onerror], [onload], [onclick], [style]';

const out = mkdtempSync(join(tmpdir(), 'hintproof-html-'));

/** Runs `hintproof check --reporter html` on a server and returns the page's path. */
async function checkToHtml(name: string, cwd: string, args: readonly string[]): Promise<string> {
  const outputDir = join(out, name);
  const result = await runCli(
    ['check', '--seed', '1', '--runs', '2', '--reporter', 'html', '--output-dir', outputDir, ...args],
    { cwd },
  );
  expect(result.code, result.stderr).toBe(1);
  return join(outputDir, 'report.html');
}

/** A small window, so that following a link has to scroll. */
const VIEWPORT = { width: 1000, height: 400 };

/** The element the URL's fragment targets: its id, its heading (or text), and whether it was scrolled to. */
async function target(page: Page) {
  const element = page.locator(':target');
  const heading = element.locator('h3');
  const box = await element.boundingBox();
  return {
    id: await element.getAttribute('id'),
    heading: (await heading.count()) > 0 ? await heading.textContent() : await element.textContent(),
    // Scrolled to: in the window (a row scrolled to the top may start a fraction of a pixel above it).
    visible: box !== null && box.y > -1 && box.y < VIEWPORT.height,
  };
}

describe.skipIf(CHROMIUM === undefined)(
  `the HTML report in chromium${CHROMIUM === undefined ? ` (skipped: ${MISSING})` : ''}`,
  () => {
    let browser: Browser | undefined;
    let notes = '';
    let hostile = '';
    beforeAll(async () => {
      const isRoot = process.getuid?.() === 0;
      [browser, notes, hostile] = await Promise.all([
        chromium.launch({ executablePath: CHROMIUM, headless: true, args: isRoot ? ['--no-sandbox'] : [] }),
        checkToHtml('notes', join(repoRoot, 'scenarios/notes'), [
          ...['--tool', 'read_note', '--tool', 'list_notes', '--fs', 'seed'],
          ...['--', 'node', 'server.js', '{fs}'],
        ]),
        checkToHtml('hostile', out, [
          '--',
          'node',
          join(repoRoot, 'test/fixtures/hostile/html-injection.js'),
        ]),
      ]);
    });
    afterAll(async () => {
      await browser?.close();
      rmSync(out, { recursive: true, force: true });
    });

    /** A page, every request it made and every dialog it opened. */
    async function open(file: string): Promise<{ page: Page; requests: string[]; dialogs: string[] }> {
      const page = await browser!.newPage({ viewport: VIEWPORT });
      // A link that lands nowhere fails in seconds, not after playwright's 30.
      page.setDefaultTimeout(5_000);
      const requests: string[] = [];
      const dialogs: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(pathToFileURL(file).href);
      return { page, requests, dialogs };
    }

    it('renders a real check: the summary first with its severity, links that land on the right tool', async () => {
      const { page, requests } = await open(notes);
      expect(await page.title()).toBe('hintproof: notes-scenario · 1 hint contradicted in 2 tools');
      expect(await page.locator('main > section').first().getAttribute('id')).toBe('summary');
      expect(await page.locator('#summary li.critical b').textContent()).toBe('1');
      expect(await page.locator('#summary').textContent()).toContain(
        '1 hint contradicted in 1 of 2 tools (1 critical)',
      );
      // read_note's contradicted cell leads to its finding, and the finding back to read_note's row.
      const row = page.locator('tbody tr', { has: page.locator('th', { hasText: /^read_note$/ }) });
      const rowId = await row.locator('th').getAttribute('id');
      await row.locator('a').click();
      expect(await target(page)).toEqual({
        id: 'finding-1',
        heading: '1. critical (9.1) read_note claims readOnlyHint: true but changed the sandbox',
        visible: true,
      });
      expect(await page.locator('#finding-1').textContent()).toMatch(
        /Reproduce with\s*hintproof check .*--tool read_note/,
      );
      await page.locator('#finding-1 a[href^="#tool-"]').click();
      expect(await target(page)).toEqual({ id: rowId, heading: 'read_note', visible: true });
      // Every in-page link has its target; nothing was fetched but the page itself.
      const hrefs = await Promise.all(
        (await page.locator('a[href^="#"]').all()).map((link) => link.getAttribute('href')),
      );
      expect(hrefs.length).toBeGreaterThan(5);
      const dangling: string[] = [];
      for (const href of hrefs)
        if ((await page.locator(`[id="${href!.slice(1)}"]`).count()) !== 1) dangling.push(href!);
      expect(dangling).toEqual([]);
      expect(requests).toEqual([pathToFileURL(notes).href]);
      // Printed, the table of contents goes and the findings stay.
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('nav').isVisible()).toBe(false);
      expect(await page.locator('#finding-1').isVisible()).toBe(true);
    });

    it("a hostile server's tool name and evidence inject no element and run no script", async () => {
      // The listener and the query see an injection where there is one.
      const control = await browser!.newPage();
      const alerts: string[] = [];
      control.on('dialog', (dialog) => (alerts.push(dialog.message()), void dialog.dismiss()));
      await control.setContent('<img src=x onerror=alert(3)>');
      await expect.poll(() => alerts).toEqual(['3']);
      expect(await control.locator(INJECTED).count()).toBe(1);

      const { page, requests, dialogs } = await open(hostile);
      await page.locator('#tool-1').hover();
      await page.locator('#finding-1 h3').hover();
      expect(await page.locator(INJECTED).count()).toBe(0);
      expect(await page.locator('style').count()).toBe(1);
      expect(await page.title()).toBe(
        'hintproof: evil</title><script>alert(5)</script> · 1 hint contradicted in 2 tools',
      );
      // The name and the evidence are there, as text.
      expect(await page.locator('#tool-1').textContent()).toBe(HOSTILE_TOOL);
      expect(await page.locator('#finding-1').textContent()).toContain(
        `add fs:<svg onload=alert(4)>'"&amp;.txt`,
      );
      await page.locator('#finding-1 a[href^="#tool-"]').click();
      expect(await target(page)).toMatchObject({ id: 'tool-1', heading: HOSTILE_TOOL });
      expect(dialogs).toEqual([]);
      expect(requests).toEqual([pathToFileURL(hostile).href]);
      expect(readFileSync(hostile, 'utf8')).not.toMatch(/<script|<img|<svg/);
    });
  },
);
