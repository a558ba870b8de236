export { parsePgUrl, pgPlaceholders, pgUrl } from './pgTarget.js';
export { splitSql } from './splitSql.js';
export type { PgInstance } from './pgInstance.js';
export type { PgProvider, PgProviderOptions } from './pgProvider.js';
export { createPgProvider, PG_PROVIDERS } from './pgProvider.js';
export { startDockerServer } from './startDockerServer.js';
