import { describe, expect, it } from 'vitest';
import { decode, encode } from './codec';
import { createClientStorage } from './client-storage';
import { STORAGE_KEYS as K } from './keys';

const storage = () => createClientStorage({ local: localStorage, session: sessionStorage });

describe('encoding (spec §3 "stored encoded")', () => {
  it.each([['plain', 'alice@example.com'], ['non-Latin nickname', '小明 🚀 Zoë'], ['object', { a: [1, 'b'] }]])('round-trips %s', (_n, value) => {
    expect(decode(encode(value))).toEqual(value);
  });

  it('does not store the account in clear text', () => {
    storage().setLastAccount('alice@example.com');
    const raw = localStorage.getItem(K.lastAccount)!;
    expect(raw).not.toContain('alice');
    expect(storage().getLastAccount()).toBe('alice@example.com');
  });

  it('stores the nickname encoded and reads it back', () => {
    storage().setLastNick('Zoë 小明');
    expect(localStorage.getItem(K.lastNick)).not.toContain('Zo');
    expect(storage().getLastNick()).toBe('Zoë 小明');
  });

  it('reads a tampered account value as absent instead of failing', () => {
    localStorage.setItem(K.lastAccount, '%%%not base64');
    expect(storage().getLastAccount()).toBeNull();
  });
});

describe('project (spec §3: kept per browser session)', () => {
  it('lives in sessionStorage with exactly {id, right, netMode, projectName}', () => {
    const project = { id: 500000, right: 'r' as const, netMode: 0 as const, projectName: 'Demo WLAN', owner: false };
    storage().setProject(project);
    expect(JSON.parse(sessionStorage.getItem(K.project)!)).toEqual(project);
    expect(localStorage.getItem(K.project)).toBeNull();
    expect(storage().getProject()).toEqual(project);
  });

  it('ignores a malformed stored project', () => {
    sessionStorage.setItem(K.project, JSON.stringify({ id: 'x', right: 'owner' }));
    expect(storage().getProject()).toBeNull();
    sessionStorage.setItem(K.project, '{');
    expect(storage().getProject()).toBeNull();
  });
});

describe('access type', () => {
  it('defaults to web and keeps account data in localStorage', () => {
    expect(storage().getAccessType()).toBe('web');
    storage().setLastAccount('13800000000');
    expect(localStorage.getItem(K.lastAccount)).not.toBeNull();
    expect(sessionStorage.getItem(K.lastAccount)).toBeNull();
  });

  it('openapi keeps account data in sessionStorage (spec §3)', () => {
    storage().setAccessType('openapi');
    storage().setLastAccount('partner@example.com');
    expect(sessionStorage.getItem(K.lastAccount)).not.toBeNull();
    expect(localStorage.getItem(K.lastAccount)).toBeNull();
    expect(storage().getLastAccount()).toBe('partner@example.com');
  });

  it('treats an unknown stored value as web', () => {
    sessionStorage.setItem(K.accessType, 'admin');
    expect(storage().getAccessType()).toBe('web');
  });
});

describe('panel and window state', () => {
  it('right panel width, floating window coordinates and status', () => {
    const s = storage();
    expect(s.getRightWidth()).toBeNull();
    s.setRightWidth(640);
    s.setFloatCoordinates({ x: 12, y: 340 });
    s.setFloatStatus('open');
    expect([s.getRightWidth(), s.getFloatCoordinates(), s.getFloatStatus()]).toEqual([640, { x: 12, y: 340 }, 'open']);
  });

  it('list of shown topology tips keeps each tip once', () => {
    const s = storage();
    s.addTopologyTip('drag-node');
    s.addTopologyTip('drag-node');
    s.addTopologyTip('zoom');
    expect(s.getTopologyTips()).toEqual(['drag-node', 'zoom']);
  });

  it('table shrink settings are kept per account', () => {
    const s = storage();
    s.setTableShrink('alice', 'devices', ['mac', 'ip']);
    s.setTableShrink('bob', 'devices', []);
    s.setTableShrink('alice', 'clients', ['signal']);
    expect(s.getTableShrink('alice')).toEqual({ devices: ['mac', 'ip'], clients: ['signal'] });
    expect(s.getTableShrink('bob')).toEqual({ devices: [] });
    expect(s.getTableShrink('carol')).toEqual({});
  });

  it('hiding the demo projects is kept per account', () => {
    const s = storage();
    expect(s.getHideDemoProjects('alice')).toBe(false);
    s.setHideDemoProjects('alice', true);
    expect(s.getHideDemoProjects('alice')).toBe(true);
    expect(s.getHideDemoProjects('bob')).toBe(false);
    s.setHideDemoProjects('alice', false);
    expect(s.getHideDemoProjects('alice')).toBe(false);
  });

  it('showUpgradeAlertInfo defaults to true and remembers false', () => {
    const s = storage();
    expect(s.getShowUpgradeAlertInfo()).toBe(true);
    s.setShowUpgradeAlertInfo(false);
    expect(s.getShowUpgradeAlertInfo()).toBe(false);
  });
});

describe('global storage object', () => {
  it('is stored encoded and read back', () => {
    storage().setGlobalStorage({ lastRoute: '/manage/status', count: 3 });
    expect(localStorage.getItem(K.globalStorage)).not.toContain('lastRoute');
    expect(storage().getGlobalStorage()).toEqual({ lastRoute: '/manage/status', count: 3 });
  });

  it.each([
    ['not base64', '@@@'],
    ['base64 of broken JSON', btoa('{"a":')],
    ['base64 of a non-object', btoa('[1,2]')],
    ['plain JSON written by someone else', '{"a":1}'],
  ])('is silently cleared when corrupt: %s', (_name, raw) => {
    localStorage.setItem(K.globalStorage, raw);
    expect(storage().getGlobalStorage()).toEqual({});
    expect(localStorage.getItem(K.globalStorage)).toBeNull();
  });
});
