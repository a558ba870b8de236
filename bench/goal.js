// A bench figure held against its goal: one printed line ("figure · goal · met/NOT met") and one JSON entry,
// which each bench/*.js puts in its output's `goals` list and bench/index.js gathers into one summary.

/**
 * @typedef {{ figure: string, value: number, unit: string, goal: string, met: boolean, note?: string }} Goal
 */

/** A number with its unit: "20 s", "300 MB", "2×". */
function withUnit(value, unit) {
  return unit === '' || unit === '×' ? `${value}${unit}` : `${value} ${unit}`;
}

/**
 * @param {string} figure what was measured, e.g. "server-filesystem default check"
 * @param {number} value the measured value
 * @param {{ unit?: string, max?: number, min?: number, note?: string }} target at most `max`, or at least `min`
 * @returns {Goal}
 */
export function goal(figure, value, { unit = '', max, min, note }) {
  if ((max === undefined) === (min === undefined)) throw new Error(`goal "${figure}": give max or min`);
  const rounded = Math.round(value * 100) / 100;
  const bound = max ?? min;
  return {
    figure,
    value: rounded,
    unit,
    goal: `${max === undefined ? '≥' : '≤'} ${withUnit(bound, unit)}`,
    met: max === undefined ? value >= min : value <= max,
    ...(note === undefined ? {} : { note }),
  };
}

/** "figure  value unit · goal ≤ x · met", with how far off when NOT met. */
export function goalLine(/** @type {Goal} */ entry) {
  const value = withUnit(entry.value, entry.unit);
  const bound = Number.parseFloat(entry.goal.slice(2));
  const off =
    entry.met || bound === 0
      ? ''
      : ` (${Math.round(Math.abs(entry.value / bound - 1) * 100)}% ${entry.goal.startsWith('≤') ? 'over' : 'under'})`;
  const note = entry.note === undefined ? '' : `  [${entry.note}]`;
  return `${entry.figure.padEnd(50)} ${value.padStart(10)} · goal ${entry.goal} · ${entry.met ? 'met' : 'NOT met'}${off}${note}`;
}

/** Prints the goal's line and returns it, for the figure's JSON. */
export function report(/** @type {Goal} */ entry) {
  console.log(`  ${goalLine(entry)}`);
  return entry;
}
