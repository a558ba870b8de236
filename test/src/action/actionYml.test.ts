import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { inputVariable, readInputs, SCRIPT_INPUTS } from '../../../src/action/actionInputs.js';

interface Step {
  readonly id?: string;
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly shell?: string;
  readonly if?: string;
  readonly env?: Record<string, string>;
  readonly with?: Record<string, string>;
  readonly 'continue-on-error'?: boolean;
}
interface ActionYml {
  readonly name: string;
  readonly description: string;
  readonly inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  readonly outputs: Record<string, { description: string; value: string }>;
  readonly runs: { using: string; steps: Step[] };
}

const text = readFileSync(fileURLToPath(new URL('../../../action.yml', import.meta.url)), 'utf8');
const action = parse(text) as ActionYml;
const steps = action.runs.steps;
const check = steps.find((step) => step.id === 'check')!;

/** The INPUT_* variables `readInputs` reads: an environment that records each name asked for. */
function variablesRead(): string[] {
  const read = new Set<string>();
  const target: Record<string, string | undefined> = {};
  const env = new Proxy(target, {
    get: (_target, name) => {
      if (typeof name === 'string') read.add(name);
      return undefined;
    },
  });
  readInputs(env);
  return [...read].sort();
}

describe('action.yml', () => {
  it('is a composite action whose inputs are all described, none required', () => {
    expect(action.name).toBe('hintproof');
    expect(action.runs.using).toBe('composite');
    for (const [name, input] of Object.entries(action.inputs)) {
      expect(input.description, name).toMatch(/\S/);
      expect(input.required ?? false, name).toBe(false);
      expect(typeof (input.default ?? ''), name).toBe('string');
    }
  });

  it('maps exactly the inputs the script reads onto the variables it reads them from', () => {
    expect(variablesRead()).toEqual(SCRIPT_INPUTS.map(inputVariable).sort());
    const mapped = Object.entries(check.env ?? {}).filter(([variable]) => variable.startsWith('INPUT_'));
    expect(Object.fromEntries(mapped)).toEqual(
      Object.fromEntries(SCRIPT_INPUTS.map((name) => [inputVariable(name), `\${{ inputs.${name} }}`])),
    );
    expect(check.env?.GITHUB_TOKEN).toBe('${{ inputs.github-token }}');
  });

  it('declares every input it uses, and uses every input it declares', () => {
    const used = new Set([...text.matchAll(/\binputs\.([a-z][a-z0-9-]*)/g)].map((match) => match[1]!));
    expect([...used].sort()).toEqual(Object.keys(action.inputs).sort());
  });

  it('runs the built script, uploads SARIF after it whatever the verdict, then fails on its exit code', () => {
    expect(check.run).toContain('node_modules/hintproof/dist/src/action/entry.js');
    expect(check['continue-on-error']).toBe(true);
    const at = (predicate: (step: Step) => boolean) => steps.findIndex(predicate);
    const upload = steps[at((step) => step.uses?.startsWith('github/codeql-action/upload-sarif@') === true)]!;
    expect(upload.with?.sarif_file).toBe('${{ steps.check.outputs.sarif-file }}');
    expect(upload.if).not.toMatch(/success|outcome/);
    const fail = steps.at(-1)!;
    expect(fail.if).toBe("steps.check.outcome != 'success'");
    expect(fail.run).toMatch(/exit 1/);
    expect(at((step) => step === check)).toBeLessThan(at((step) => step === upload));
  });

  it("the README's workflow parses and gives the action only inputs it declares", () => {
    const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
    const section = readme.slice(readme.indexOf('\n## GitHub Action\n'));
    const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
    const workflow = parse(block ?? '') as { jobs: Record<string, { steps: Step[] }> };
    const ours = Object.values(workflow.jobs)
      .flatMap((job) => job.steps)
      .filter((step) => step.uses?.includes('/hintproof@') === true);
    expect(ours).toHaveLength(1);
    for (const name of Object.keys(ours[0]!.with ?? {})) expect(Object.keys(action.inputs)).toContain(name);
    expect(ours[0]!.with?.command).toMatch(/\{fs\}/);
  });

  it("gives each output from the check step's outputs", () => {
    for (const [name, output] of Object.entries(action.outputs)) {
      expect(output.value, name).toBe(`\${{ steps.check.outputs.${name} }}`);
      expect(output.description, name).toMatch(/\S/);
    }
  });
});
