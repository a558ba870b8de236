import { describe, expect, it } from 'vitest';
import { checkArguments, inputVariable, readInputs } from '../../../src/action/actionInputs.js';

const env = (inputs: Record<string, string>) =>
  Object.fromEntries(Object.entries(inputs).map(([name, value]) => [inputVariable(name), value]));

describe('readInputs and checkArguments', () => {
  it('names the variables as the action maps them', () => {
    expect(inputVariable('fail-on')).toBe('INPUT_FAIL_ON');
    expect(inputVariable('working-directory')).toBe('INPUT_WORKING_DIRECTORY');
  });

  it('runs the command with the reporters the action needs added, and nothing the user left out', () => {
    const inputs = readInputs(env({ command: 'node build/main.js {fs}', fs: ' fixtures ' }));
    expect(checkArguments(inputs)).toEqual([
      'check',
      '--reporter',
      'text,markdown,json,sarif',
      '--output-dir',
      'hintproof-report',
      '--fs',
      'fixtures',
      '--',
      'node',
      'build/main.js',
      '{fs}',
    ]);
    expect(inputs).toMatchObject({
      summary: true,
      comment: false,
      commentKey: 'default',
      workingDirectory: '.',
    });
  });

  it('passes every seed and file, fail-on and args, and leaves sarif out when not uploaded', () => {
    const inputs = readInputs(
      env({
        command: '',
        args: `--runs 3 --env 'NAME=a b'`,
        home: 'h',
        sqlite: 's.sql',
        pg: 'p.sql',
        config: 'c.ts',
        baseline: 'b.json',
        reporters: 'junit, text',
        'output-dir': 'out',
        'fail-on': 'high',
        'upload-sarif': 'false',
      }),
    );
    expect(checkArguments(inputs)).toEqual([
      'check',
      '--reporter',
      'junit,text,markdown,json',
      '--output-dir',
      'out',
      '--home',
      'h',
      '--sqlite',
      's.sql',
      '--pg',
      'p.sql',
      '--config',
      'c.ts',
      '--baseline',
      'b.json',
      '--fail-on',
      'high',
      '--runs',
      '3',
      '--env',
      'NAME=a b',
    ]);
  });

  it('refuses --output-dir in args: the action reads the reports from its own', () => {
    expect(() => readInputs(env({ args: '--runs 3 --output-dir elsewhere' }))).toThrow(
      "input args: --output-dir is the action's to set, since it reads the reports there; use the output-dir input.",
    );
    expect(() => readInputs(env({ args: '--output-dir=x' }))).toThrow(/^input args: --output-dir=x is/);
  });

  it('refuses a switch that is neither true nor false, naming it', () => {
    expect(() => readInputs(env({ comment: 'yes' }))).toThrow(
      'input comment: expected true or false, received "yes".',
    );
    expect(readInputs(env({ comment: 'TRUE', summary: 'False' }))).toMatchObject({
      comment: true,
      summary: false,
    });
  });
});
