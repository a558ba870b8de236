import { describe, expect, it } from 'vitest';
import { matchTemplate, URI_LIMITS, valuesInUris } from '../../../src/generate/valuesInUris.js';

describe('values in resource uris', () => {
  it('takes a template’s variables under their own names', () => {
    expect(valuesInUris(['memo://inbox/c3f1'], ['memo://inbox/{memoId}'])).toEqual([
      { kind: 'identifier', value: 'c3f1', names: ['memoid'] },
    ]);
    expect(
      valuesInUris(['repo://acme/widgets/issues/12'], ['repo://{owner}/{repo}/issues/{number}']),
    ).toEqual([
      { kind: 'identifier', value: 'acme', names: ['owner'] },
      { kind: 'identifier', value: 'widgets', names: ['repo'] },
      { kind: 'identifier', value: '12', names: ['number'] },
    ]);
  });

  it('matches reserved expansion across slashes, decodes, and refuses what does not fit', () => {
    expect(matchTemplate('file:///{+path}', 'file:///notes/a%20b.md')).toEqual([['path', 'notes/a b.md']]);
    expect(matchTemplate('memo://inbox/{memoId}', 'memo://inbox/a/b')).toBeUndefined();
    expect(matchTemplate('memo://inbox/{memoId}', 'memo://outbox/a')).toBeUndefined();
    expect(matchTemplate('memo://inbox/{memoId}', 'memo://inbox/')).toBeUndefined();
    expect(matchTemplate('search://{?q}', 'search://?q=x')).toBeUndefined();
  });

  it('without a template, names the last segment after what holds it, and query values after their keys', () => {
    expect(valuesInUris(['db://tasks/42'], [])).toEqual([
      { kind: 'identifier', value: '42', names: ['taskid'] },
    ]);
    expect(valuesInUris(['note:///7'], [])).toEqual([{ kind: 'identifier', value: '7', names: ['noteid'] }]);
    expect(valuesInUris(['file:///notes/abc.md'], [])).toEqual([
      { kind: 'identifier', value: 'abc.md', names: ['noteid'] },
      { kind: 'identifier', value: 'abc', names: ['noteid'] },
    ]);
    expect(
      valuesInUris(['api://boards/b1/cards?card_id=k7&x=', 'api://boards/b1/cards?card_id=k7'], []),
    ).toEqual([
      { kind: 'identifier', value: 'cards', names: [] },
      { kind: 'identifier', value: 'k7', names: ['cardid'] },
    ]);
  });

  it('stays bounded on hostile listings', () => {
    const many = Array.from({ length: 100_000 }, (_, index) => `x://items/${index}`);
    expect(valuesInUris(many, ['x://items/{id}']).length).toBeLessThanOrEqual(URI_LIMITS.values);
    expect(valuesInUris([`x://items/${'9'.repeat(5000)}`], [])).toEqual([]);
    expect(valuesInUris(['%E0%A4%A', '::::', '', '?', '#', '/'], ['{a}{b}'])).toEqual([
      { kind: 'identifier', value: '%E0%A4%A', names: [] },
    ]);
  });
});
