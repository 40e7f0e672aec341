import { describe, expect, it } from 'vitest';
import { getAt, issuesByPath, sameJson, setAt } from './section-form';

describe('a section body, by dotted path', () => {
  const body = { lines: [{ mode: 'static', dns: ['8.8.8.8'] }], qvlan: false };

  it('reads and writes into lists and objects without touching the original', () => {
    expect(getAt(body, 'lines.0.dns.0')).toBe('8.8.8.8');
    expect(getAt(body, 'lines.3.mode')).toBeUndefined();
    const next = setAt(body, 'lines.0.dns', ['1.1.1.1', '8.8.4.4']);
    expect(next).toEqual({ lines: [{ mode: 'static', dns: ['1.1.1.1', '8.8.4.4'] }], qvlan: false });
    expect(body.lines[0]!.dns).toEqual(['8.8.8.8']);
    expect(Array.isArray(next.lines)).toBe(true);
  });

  it('an optional field left empty leaves the body without its key', () => {
    expect(setAt({ relayServer: '10.0.0.1', pools: [] }, 'relayServer', undefined)).toEqual({ pools: [] });
  });

  it('tells an unchanged body from a changed one whatever the key order', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });

  it('keeps the first sentence per path, as the server names them in `fields`', () => {
    const byPath = issuesByPath([
      { path: ['vlans', 2, 'name'], message: 'rules.vlanName.reserved' },
      { path: ['vlans', 2, 'name'], message: 'rules.vlanTable.duplicateName' },
      { path: [], message: 'rules.wanLines.required' },
    ]);
    expect([...byPath]).toEqual([
      ['vlans.2.name', 'rules.vlanName.reserved'],
      ['', 'rules.wanLines.required'],
    ]);
  });
});
