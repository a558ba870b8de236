import { describe, expect, it } from 'vitest';
import { describeFailure, succeeded } from '../../../src/model/callOutcome.js';
import { reportsFailure } from '../../../src/model/reportedFailure.js';

describe('reportsFailure: an answer without isError that says the call failed', () => {
  it.each([
    '{"status":"error","message":"Request not found"}',
    '{\n  "status": "Failed",\n  "reason": "locked"\n}',
    '{"success":false}',
    '{"ok":false,"why":"no such row"}',
    '{"error":"not found"}',
    '{"error":{"code":404}}',
    '{"errors":["title is required"]}',
    '{"status":"task_not_found","message":"No such task found"}',
    'Error: no note named x',
    'error : permission denied',
    'Failed to open /nope',
    'FAILURE: disk full',
    'Error occurred: tasksRaw is not valid JSON',
    'An error occurred while saving the task',
    'Error executing tool split_tasks: boom',
    '[\n  {"source": "/a", "success": false, "error": "Absolute paths are not allowed"}\n]',
    '[{"path":"x","ok":false},{"path":"y","success":false}]',
  ])('%s', (text) => {
    expect(reportsFailure(text)).toBe(true);
  });

  it.each([
    '{"status":"ok","items":[]}',
    '[]',
    '[{"source":"a","success":true},{"source":"/b","success":false,"error":"absolute"}]',
    '[1, 2]',
    '{"error":null,"value":3}',
    '{"error":"","value":3}',
    '{"errors":[]}',
    '{"success":true}',
    '{"status":"found"}',
    '[{"status":"error"}]',
    'Error rate is 5% today',
    'Errors found: 0',
    'Error occurrences: 0 this week',
    'Error handling: retries are on',
    'no error here',
    '',
    '{ not json',
  ])('not %s', (text) => {
    expect(reportsFailure(text)).toBe(false);
  });

  it('reads structuredContent too', () => {
    expect(reportsFailure('', { status: 'error' })).toBe(true);
    expect(reportsFailure('', { status: 'done' })).toBe(false);
  });

  it('makes such a call fail: not succeeded, described as reporting an error', () => {
    const outcome = {
      status: 'returned',
      isError: false,
      text: '{"status":"error","message":"gone"}',
    } as const;
    expect(succeeded(outcome)).toBe(false);
    expect(describeFailure(outcome)).toBe('reports an error: {"status":"error","message":"gone"}');
    expect(succeeded({ status: 'returned', isError: false, text: '{"status":"ok"}' })).toBe(true);
  });
});
