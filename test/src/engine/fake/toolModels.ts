import type { FakeAnswer, FakeCall, FakeTool } from './fakeServer.js';
import { entityOf } from './fakeServer.js';

type Annotations = Readonly<Record<string, boolean>>;

/** Reads the named entity; changes nothing. */
export function reader(name: string, annotations?: Annotations): FakeTool {
  return {
    name,
    ...(annotations === undefined ? {} : { annotations }),
    handler: (args, call) => {
      const entity = entityOf(args, call.fs);
      const content = entity === undefined ? undefined : call.state.get(entity);
      return content === undefined ? { error: `no such entity: ${String(args.name)}` } : content;
    },
  };
}

/**
 * How a writer changes the state: `append` adds a line to `log` (an `add`, then `append`s), `count` rewrites
 * `counter` with the next number (an `add`, then `modify`s), `create` makes an entity never made before (an
 * `add`), `set` sets the named entity to a fixed value (an `add` or `modify`, and nothing the second time),
 * `appendNamed` adds a line to the named entity.
 */
export type WriteEffect = 'append' | 'count' | 'create' | 'set' | 'appendNamed';

/** Applies `effect` to the state; false when it could not (the named entity is not a valid name). */
export function write(effect: WriteEffect, args: Readonly<Record<string, unknown>>, call: FakeCall): boolean {
  const { state } = call;
  switch (effect) {
    case 'append':
      state.set('log', `${state.get('log') ?? ''}line\n`);
      return true;
    case 'count':
      state.set('counter', String(Number(state.get('counter') ?? '0') + 1));
      return true;
    case 'create':
      state.set(`made-${call.calls}-${state.size}`, 'made');
      return true;
    case 'set':
    case 'appendNamed': {
      const entity = entityOf(args, call.fs);
      if (entity === undefined) return false;
      state.set(entity, effect === 'set' ? 'value' : `${state.get(entity) ?? ''}line\n`);
      return true;
    }
  }
}

/** Writes with `effect` on every `every`-th call of the tool on one server instance, else only reads. */
export function writer(
  name: string,
  annotations: Annotations | undefined,
  effect: WriteEffect,
  every = 1,
): FakeTool {
  return {
    name,
    ...(annotations === undefined ? {} : { annotations }),
    handler: (args, call) => {
      if (call.calls % every !== 0) return 'read';
      return write(effect, args, call) ? 'written' : { error: 'not a valid name' };
    },
  };
}

/** Deletes the named entity when it exists (an error otherwise). */
export function deleter(name: string, annotations?: Annotations): FakeTool {
  return {
    name,
    ...(annotations === undefined ? {} : { annotations }),
    handler: (args, call) => {
      const entity = entityOf(args, call.fs);
      if (entity === undefined || !call.state.delete(entity)) return { error: 'no such entity' };
      return `deleted ${entity}`;
    },
  };
}

/**
 * The ways a call fails that the design names: `isError`, an answer that says it failed in its content, and a
 * time-out (the server is killed).
 */
export const FAILURES = [
  { error: 'it failed' },
  'Error: it failed',
  '{"status":"error","message":"it failed"}',
  '{"success":false}',
  '{"error":"it failed"}',
  '[{"item":1,"success":false},{"item":2,"success":false}]',
  { hang: true },
] as const satisfies readonly FakeAnswer[];

/** Fails every call with `failure`; with `effect`, after writing it (a failing call that wrote). */
export function failing(
  name: string,
  annotations: Annotations | undefined,
  failure: FakeAnswer,
  effect?: WriteEffect,
): FakeTool {
  return {
    name,
    ...(annotations === undefined ? {} : { annotations }),
    handler: (args, call) => {
      if (effect !== undefined) write(effect, args, call);
      return failure;
    },
  };
}

/** Writes with `effect` only on the `nth` call of the tool over every instance: once, never again. */
export function onceEver(name: string, annotations: Annotations, effect: WriteEffect, nth: number): FakeTool {
  return {
    name,
    annotations,
    handler: (args, call) => (call.everCalls === nth && write(effect, args, call) ? 'written' : 'read'),
  };
}

/**
 * Writes with `effect` on every `every`-th call of the tool over every instance (sampled telemetry): a fresh
 * replay does not start the count again, and the calls a replay makes again before the command move it.
 */
export function sampled(
  name: string,
  annotations: Annotations,
  effect: WriteEffect,
  every: number,
): FakeTool {
  return {
    name,
    annotations,
    handler: (args, call) => (call.everCalls % every === 0 && write(effect, args, call) ? 'written' : 'read'),
  };
}

/** Reaches `destination` on every call; changes nothing. */
export function reacher(name: string, annotations: Annotations, destination: string): FakeTool {
  return {
    name,
    annotations,
    handler: (_args, call) => {
      call.reach(destination);
      return 'sent';
    },
  };
}
