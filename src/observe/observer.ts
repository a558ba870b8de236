/**
 * An observer: a resource, a tool claiming `readOnlyHint: true`, or the server's resource listing itself, that
 * shows state no sandbox can diff (process memory, services). hintproof reads every observer before and after
 * each call and diffs what they show (`diffObserved`), in the `observed` environment.
 */
export interface Observer {
  readonly kind: 'resource' | 'tool' | 'listing';
  /** resource uri, tool name, or `resources/list` for the listing (`RESOURCE_LISTING`) */
  readonly name: string;
  /** tool arguments ({} for a tool with no required arguments) */
  readonly args?: Readonly<Record<string, unknown>>;
}

/**
 * What each observer showed at one instant, by observer key: its text, or why it could not be read.
 * `answered` marks an error the server itself answered with (an `isError` result, such as "no item n1"): a
 * statement about its state, unlike a time-out or a lost connection.
 */
export type ObservedSnapshot = ReadonlyMap<string, ObservedEntry>;

/** One observer's reading (see `ObservedSnapshot`). */
export type ObservedEntry = { text: string } | { error: string; answered?: boolean };

/**
 * The resource listing as an observer: `resources/list` (every page) read as state, each listed uri an entity
 * (`observed:resources/list#/[id=note:///7]`), so a call that makes or removes a resource that shows nowhere
 * else is seen (see `readListing`).
 */
export const RESOURCE_LISTING: Observer = { kind: 'listing', name: 'resources/list' };

/** The environment of every change found through observers: `observed:list_items#/[id=i1]/views`. */
export const OBSERVED_ENVIRONMENT = 'observed';

/**
 * An observer's key in snapshots, masks and change entities: the resource's uri, the tool's name, or for a
 * tool called with arguments its name and the arguments as JSON (`get_item {"id":"i1"}`).
 */
export function observerKey(observer: Observer): string {
  const args = observer.args ?? {};
  return Object.keys(args).length === 0 ? observer.name : `${observer.name} ${JSON.stringify(args)}`;
}
