/** The `clientInfo` hintproof sends at initialize. */
export interface ClientIdentity {
  readonly name: string;
  readonly version: string;
}

/**
 * What hintproof calls itself at initialize unless told otherwise: a neutral name, so that a server cannot
 * learn from it that it is under test (one that behaves only when watched would pass). `--client-name` and
 * `--client-version` (config: `client`) send another, e.g. that of the client the server is written for.
 */
export const NEUTRAL_CLIENT: ClientIdentity = Object.freeze({ name: 'mcp-client', version: '1.0.0' });
