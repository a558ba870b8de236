import type { CaptureState } from './readCapture.js';

/** Whether the change log can be trusted for the interval since the previous snapshot, table by table. */
export interface CaptureJudgement {
  /** Whether hintproof's own capture objects still are the template's (once false, false for the rest of the run). */
  readonly intact: boolean;
  /** Why capture is not intact (first reason seen). */
  readonly broken?: string;
  /** Table → why its log entries for this interval cannot be trusted; such tables are compared in full. */
  readonly untrusted: ReadonlyMap<string, string>;
  /** Capture defeated during this interval (not before it), one line each, for the report. */
  readonly notes: readonly string[];
}

export interface JudgeInput {
  /** The template's capture state, the reference for hintproof's own objects and for the first snapshot. */
  readonly template: CaptureState;
  /** The previous snapshot's state and judgement; absent for a run's first snapshot. */
  readonly previous?: { readonly capture: CaptureState; readonly judgement: CaptureJudgement };
  readonly current: CaptureState;
  /** An ALTER TYPE was logged in the interval: stored values may have changed without any row trigger. */
  readonly typeAltered: boolean;
}

/**
 * Trusts the log for a table over an interval only when every write to it in that interval must have
 * fired its capture trigger: hintproof's capture objects unchanged since the template and the log's id
 * sequence not moved back; the table the same (same oid, same catalog row — ALTER, TRUNCATE, REFRESH and
 * rewrites change it) at both ends; its capture trigger present, ours, firing ALWAYS (replica sessions
 * included) and unchanged (disabling and re-enabling it changes its xmin); and no ALTER TYPE. Pure.
 */
export function judgeCapture(input: JudgeInput): CaptureJudgement {
  const { template, previous, current } = input;
  const before = previous?.capture ?? template;
  const machineReason =
    current.machine !== template.machine
      ? current.machine === ''
        ? `hintproof's change capture (schema _hintproof) was dropped`
        : `hintproof's change capture (schema _hintproof: its log, functions, guards or event trigger) was altered`
      : current.logSequence < before.logSequence
        ? `the change log's id sequence was moved back (${before.logSequence} → ${current.logSequence})`
        : undefined;
  const wasIntact = previous?.judgement.intact ?? true;
  const intact = wasIntact && machineReason === undefined;
  const broken = previous?.judgement.broken ?? machineReason;
  const notes: string[] = [];
  if (wasIntact && machineReason !== undefined)
    notes.push(`${machineReason}; every table is compared in full`);
  const untrusted = new Map<string, string>();
  for (const [name, now] of current.tables) {
    const then = before.tables.get(name);
    const reason = !intact
      ? `change capture is not intact (${broken ?? 'unknown'})`
      : then === undefined
        ? 'created or renamed since the previous snapshot'
        : then.oid !== now.oid
          ? 'dropped and created again'
          : now.uncaptured !== undefined
            ? now.uncaptured
            : then.triggerSeal !== now.triggerSeal
              ? 'its capture trigger was dropped, replaced, disabled or re-enabled'
              : then.rowSeal !== now.rowSeal
                ? 'altered, truncated or rewritten (its catalog row changed)'
                : input.typeAltered
                  ? 'a type was altered (ALTER TYPE), which can change stored values'
                  : undefined;
    if (reason === undefined) continue;
    untrusted.set(name, reason);
    const defeated =
      intact &&
      then !== undefined &&
      then.oid === now.oid &&
      (then.triggerSeal !== now.triggerSeal ||
        (now.uncaptured !== undefined && then.uncaptured === undefined));
    if (defeated) notes.push(`${name}: ${reason}; its rows are compared in full`);
  }
  return { intact, ...(broken === undefined ? {} : { broken }), untrusted, notes };
}
