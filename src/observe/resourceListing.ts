import type { McpConnection } from '../mcp/index.js';

/** Listings one session makes at most: each is a round trip, and the state is snapshotted again after it. */
const MAX_LISTINGS = 32;

/** What one listing showed: the uris not listed before, those gone since, and the server's templates. */
export interface Listed {
  readonly appeared: readonly string[];
  readonly vanished: readonly string[];
  readonly templates: readonly string[];
}

/**
 * The resources a server lists, read again as a session goes on (resources come and go: `note:///7` appears
 * once a note is saved). Bounded by `MAX_LISTINGS`; a listing that fails ends the listings of the session. A
 * server that declares no resources is never asked.
 */
export class ResourceListing {
  readonly #known = new Set<string>();
  #templates: string[] | undefined;
  #listings = 0;
  #over = false;

  constructor(readonly max = MAX_LISTINGS) {}

  /**
   * Lists the resources again: what appeared and vanished since the last listing (everything appears at the
   * first); `undefined` when nothing was asked (no resources, the limit reached, an earlier failure).
   */
  async list(connection: McpConnection): Promise<Listed | undefined> {
    if (this.#over || this.#listings >= this.max || connection.declaresResources?.() !== true)
      return undefined;
    this.#listings++;
    try {
      this.#templates ??= (await connection.listResourceTemplates().catch(() => [])).map(
        (template) => template.uriTemplate,
      );
      const uris = new Set((await connection.listResources()).map((resource) => resource.uri));
      const appeared = [...uris].filter((uri) => !this.#known.has(uri));
      const vanished = [...this.#known].filter((uri) => !uris.has(uri));
      this.#known.clear();
      for (const uri of uris) this.#known.add(uri);
      return { appeared, vanished, templates: this.#templates };
    } catch {
      this.#over = true;
      return undefined;
    }
  }
}
