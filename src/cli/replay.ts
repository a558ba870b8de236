import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Report } from '../model/report.js';
import { inertText } from '../model/inertText.js';
import { loadFailure } from './failures.js';
import type { Io } from './io.js';
import { replayWords } from './replayLine.js';
import { shellJoin } from '../report/shellQuote.js';

const REPLAY_ATTEMPTS = 3;

type ReplayOutcome = 'FIXED' | 'FLAKY' | 'STILL FAILING';

/**
 * `hintproof replay <id>`: re-runs a saved failing case three times, each from a fresh sandbox, and says
 * whether the contradiction is FIXED (never again), FLAKY (sometimes) or STILL FAILING (every time).
 * Exit 0 only when FIXED.
 */
export async function replay(
  id: string,
  io: Io,
  runCheck: (argv: readonly string[], io: Io) => Promise<number>,
): Promise<number> {
  const saved = loadFailure(id, io.cwd);
  const words = replayWords(
    saved.check,
    saved.tool,
    saved.seed,
    saved.path,
    saved.evidence.producers,
    saved.cwd,
  );
  io.stdout(`Replaying ${saved.id}: ${inertText(saved.evidence.title)}\n  ${shellJoin(words)}\n`);
  const work = mkdtempSync(join(tmpdir(), 'hintproof-replay-'));
  let failing = 0;
  try {
    for (let attempt = 1; attempt <= REPLAY_ATTEMPTS; attempt++) {
      const errors: string[] = [];
      const quiet: Io = { ...io, stdout: () => {}, stderr: (text) => errors.push(text), cwd: saved.cwd };
      const code = await runCheck(
        ['check', '--reporter', 'json', '--output-dir', work, ...words.slice(2)],
        quiet,
      );
      if (code === 2) {
        io.stderr(errors.join(''));
        return 2;
      }
      const report = JSON.parse(readFileSync(join(work, 'report.json'), 'utf8')) as Report;
      const verdict = report.tools[0]?.verdicts[saved.hint as keyof Report['tools'][number]['verdicts']];
      const still = verdict?.status === 'contradicted';
      if (still) failing++;
      io.stdout(
        `  attempt ${attempt}/${REPLAY_ATTEMPTS}: ${still ? `still contradicted (${inertText(verdict.evidence.title)})` : `${verdict?.status ?? 'no verdict'}`}\n`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const outcome: ReplayOutcome =
    failing === 0 ? 'FIXED' : failing === REPLAY_ATTEMPTS ? 'STILL FAILING' : 'FLAKY';
  io.stdout(`${outcome}: contradicted in ${failing} of ${REPLAY_ATTEMPTS} replays.\n`);
  return outcome === 'FIXED' ? 0 : 1;
}
