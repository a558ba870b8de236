import { randomUUID } from 'node:crypto';

/**
 * Step outputs in the form `$GITHUB_OUTPUT` takes, each value between delimiters of its own (`name<<DELIM`),
 * so a value holding a newline or `=` cannot forge another output.
 */
export function formatOutputs(
  outputs: Readonly<Record<string, string>>,
  delimiter: () => string = () => `hintproof_${randomUUID()}`,
): string {
  return Object.entries(outputs)
    .map(([name, value]) => {
      let end = delimiter();
      while (value.includes(end)) end = delimiter();
      return `${name}<<${end}\n${value}\n${end}\n`;
    })
    .join('');
}
