import { describe, expect, it } from 'vitest';
import { diffBodies, toConfigChange, type ChangeRow } from './config.js';

describe('field-level changes of a configuration write', () => {
  it('names list items by their key, so removing the first VLAN is one change, not a shift of all', () => {
    const before = { vlans: [{ id: 1, name: 'VLAN_Default' }, { id: 10, name: 'Staff' }, { id: 20, name: 'Guests' }] };
    const after = { vlans: [{ id: 1, name: 'VLAN_Default' }, { id: 20, name: 'Visitors' }] };
    expect(diffBodies(before, after)).toEqual([
      { path: 'vlans[id=10]', old: { id: 10, name: 'Staff' }, new: null },
      { path: 'vlans[id=20].name', old: 'Guests', new: 'Visitors' },
    ]);
  });

  it('follows lists without a key by position, keeps lists of plain values whole, and finds nothing in equal bodies', () => {
    const before = { lines: [{ mode: 'dhcp' }], dns: ['8.8.8.8'] };
    const after = { lines: [{ mode: 'static', ip: '203.0.113.2' }, { mode: 'dhcp' }], dns: ['8.8.8.8', '1.1.1.1'] };
    expect(diffBodies(before, after)).toEqual([
      { path: 'lines.0.mode', old: 'dhcp', new: 'static' },
      { path: 'lines.0.ip', old: null, new: '203.0.113.2' },
      { path: 'lines.1', old: null, new: { mode: 'dhcp' } },
      { path: 'dns', old: ['8.8.8.8'], new: ['8.8.8.8', '1.1.1.1'] },
    ]);
    expect(diffBodies(after, structuredClone(after))).toEqual([]);
  });

  it('never shows a password in the history, whether it changed alone or came with a whole line', () => {
    const changes = diffBodies({ lines: [{ mode: 'pppoe', user: 'a', password: 'old-secret' }] }, { lines: [{ mode: 'pppoe', user: 'a', password: 'new-secret' }, { mode: 'pptp', server: '203.0.113.9', user: 'b', password: 'other-secret' }] });
    const row = { id: 1, revision: 1, project_id: 1, sn: '', section: 'wan', version: 2, actor: null, created_at: 0, body_json: '{}', changes_json: JSON.stringify(changes), result: 'pending', error_code: null, error_message: null, revert_of: null } satisfies ChangeRow;
    const shown = toConfigChange(row).changes;
    expect(shown).toContainEqual({ path: 'lines.0.password', old: '••••••', new: '••••••' });
    expect(JSON.stringify(shown)).not.toMatch(/secret/);
  });
});
