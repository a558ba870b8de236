import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  argumentsFor,
  extendSeenValues,
  isIntegerIdName,
  LiveChoice,
  resolveLiveChoices,
  seenFrom,
  valuesIn,
} from '../../../src/generate/index.js';

/** A tool taking a whole-number id, bounded: what a tracker's `close_ticket` takes. */
const closeTicket = {
  name: 'close_ticket',
  inputSchema: {
    type: 'object',
    properties: { ticket_id: { type: 'integer', minimum: 1, maximum: 100000 }, limit: { type: 'integer' } },
    required: ['ticket_id', 'limit'],
  },
};

describe('whole-number ids', () => {
  it('are seen under an id-like key, as identifiers; counts are not', () => {
    expect(valuesIn({ ticket: { id: 1001, votes: 3 }, issue_number: 7, count: 9, score: 1.5 })).toEqual([
      { kind: 'identifier', value: '1001', names: expect.arrayContaining(['id']) as unknown },
      { kind: 'identifier', value: '7', names: expect.arrayContaining(['issuenumber']) as unknown },
    ]);
    expect(valuesIn({ id: 2.5 })).toEqual([]);
  });

  it('name ids and tracker numbers, not counts or a bare number', () => {
    for (const name of ['id', 'ticket_id', 'noteId', 'issue_number', 'pull_number', 'ticketNo', 'pr-num'])
      expect(isIntegerIdName(name), name).toBe(true);
    for (const name of ['limit', 'count', 'number', 'page', 'timeout', 'port', 'width', 'piano'])
      expect(isIntegerIdName(name), name).toBe(false);
  });

  it('are drawn live for an id-like integer and sent as numbers the schema accepts', () => {
    const generated = argumentsFor(closeTicket, [], { live: true });
    if (!generated.ok) throw new Error(generated.reason);
    const samples = fc.sample(generated.arbitrary, { seed: 11, numRuns: 200 });
    const live = samples.filter((args) => (args as { ticket_id: unknown }).ticket_id instanceof LiveChoice);
    // Most draws of the id are live; `limit` is a count and never is.
    expect(live.length).toBeGreaterThan(100);
    expect(samples.some((args) => (args as { limit: unknown }).limit instanceof LiveChoice)).toBe(false);
    const seen = extendSeenValues(
      [],
      seenFrom(
        [...valuesIn({ id: 1001 }), { kind: 'identifier', value: '1002', names: ['ticketid'] }],
        'open_ticket',
        'answer',
      ),
    );
    // Out of the schema's range, or not digits: never sent.
    const hostile = extendSeenValues(
      seen,
      seenFrom(
        [
          { kind: 'identifier', value: '999999999' },
          { kind: 'identifier', value: '12abc' },
          { kind: 'identifier', value: '0x10' },
        ],
        'open_ticket',
        'answer',
      ),
    );
    const sent = live.map(
      (args) => resolveLiveChoices(args, hostile, [], 'close_ticket') as { ticket_id: unknown },
    );
    for (const args of sent) {
      expect(typeof args.ticket_id).toBe('number');
      expect(Number.isInteger(args.ticket_id)).toBe(true);
      expect(args.ticket_id as number).toBeGreaterThanOrEqual(1);
      expect(args.ticket_id as number).toBeLessThanOrEqual(100000);
    }
    // The value seen under the property's own name comes first: 1002 (`ticketid`) over 1001 (`id`).
    expect(new Set(sent.map((args) => args.ticket_id))).toEqual(new Set([1002]));
    // With nothing seen, the schema's own integer is sent.
    const fallback = resolveLiveChoices(live[0], [], [], 'close_ticket') as { ticket_id: unknown };
    expect(typeof fallback.ticket_id).toBe('number');
    expect((live[0] as { ticket_id: LiveChoice }).ticket_id.fallback).toBe(fallback.ticket_id);
  });

  it('are not live without live generation', () => {
    const generated = argumentsFor(closeTicket, [], {});
    if (!generated.ok) throw new Error(generated.reason);
    const samples = fc.sample(generated.arbitrary, { seed: 2, numRuns: 50 });
    expect(samples.every((args) => typeof (args as { ticket_id: unknown }).ticket_id === 'number')).toBe(
      true,
    );
  });
});
