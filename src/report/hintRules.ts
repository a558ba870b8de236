import type { HintName } from '../model/hints.js';

/** What contradicting each hint means: one rule per hint, shared by the SARIF and JUnit reporters. */
export const HINT_RULES: Readonly<
  Record<HintName, { readonly name: string; readonly summary: string; readonly detail: string }>
> = {
  readOnlyHint: {
    name: 'ReadOnlyHintContradicted',
    summary: 'A tool that claims readOnlyHint: true changed its environment',
    detail:
      'Clients run read-only tools without asking. hintproof observed a change (add, append, modify or delete) after a call of a tool declaring readOnlyHint: true.',
  },
  destructiveHint: {
    name: 'DestructiveHintContradicted',
    summary: 'A tool that claims destructiveHint: false rewrote or removed existing state',
    detail:
      'destructiveHint: false promises additive updates only. hintproof observed a modify or delete after a call of a tool declaring it.',
  },
  idempotentHint: {
    name: 'IdempotentHintContradicted',
    summary:
      'A tool that claims idempotentHint: true changed its environment again on a repeated identical call',
    detail:
      'idempotentHint: true promises that repeating a call with the same arguments has no further effect. hintproof called the tool twice and the second call changed the environment.',
  },
  openWorldHint: {
    name: 'OpenWorldHintContradicted',
    summary: 'A tool that claims openWorldHint: false reached outside its sandbox',
    detail:
      'openWorldHint: false promises a closed world. hintproof observed an attempt to reach outside the sandbox.',
  },
};
