import { describe, expect, it } from 'vitest';
import { commentMarker, pullRequestNumber } from '../../../src/action/pullRequestComment.js';

describe('pullRequestNumber', () => {
  it('reads pull_request events and comments on pull requests', () => {
    expect(pullRequestNumber({ action: 'synchronize', pull_request: { number: 7 } })).toBe(7);
    expect(pullRequestNumber({ issue: { number: 9, pull_request: { url: 'u' } } })).toBe(9);
  });

  it('finds none in other events', () => {
    expect(pullRequestNumber({ ref: 'refs/heads/main' })).toBeUndefined();
    expect(pullRequestNumber({ issue: { number: 9 } })).toBeUndefined();
    expect(pullRequestNumber({ pull_request: { number: '7' } })).toBeUndefined();
    expect(pullRequestNumber(undefined)).toBeUndefined();
    expect(pullRequestNumber(null)).toBeUndefined();
  });
});

describe('commentMarker', () => {
  it('is a hidden HTML comment that a key cannot close early', () => {
    expect(commentMarker('default')).toBe('<!-- hintproof-action:default -->');
    expect(commentMarker('a-->b\nc')).toBe('<!-- hintproof-action:abc -->');
  });
});
