import { describe, expect, it } from 'vitest';
import { defaultLanding, entryDecision, filterMenu, projectLanding, type MenuContext } from './filter';
import { findEntry, flattenMenu, MENU_TREE, type BuildFlag, type MenuEntry } from './tree';

const ALL_REMOTES = ['overview', 'dashboard', 'network', 'devices', 'wireless', 'data', 'solutions'];
// everything allowed: can() says yes to every action (the owner of a project)
const base: MenuContext = { accessType: 'web', netMode: 0, flags: ['beta', 'sharing', 'wifimap', 'topology', 'backup'], right: 'rw', deployedRemotes: ALL_REMOTES, allows: () => true };

const visiblePaths = (ctx: Partial<MenuContext>) => flattenMenu(filterMenu(MENU_TREE, { ...base, ...ctx })).map((e) => e.path);
const entry = (path: string): MenuEntry => {
  const found = flattenMenu(MENU_TREE).find((e) => e.path === path);
  if (!found) throw new Error(`no entry ${path}`);
  return found;
};

// The §2 route table, one row per route: [route, open to openapi, WLAN only, build flag, needs rw, remote].
// `sharing` gates the permission-sharing screen until it is built (docs/decisions.md).
const SPEC_TABLE: [string, boolean, boolean, BuildFlag | null, boolean, string][] = [
  ['/overview/preview', false, false, null, false, 'overview'],
  ['/overview/list', false, false, null, false, 'overview'],
  ['/overview/preview/datascreen', false, false, null, false, 'dashboard'],
  // beyond the §2 table: the model catalogue (spec §1 "a list of models that support cloud management")
  ['/overview/models', false, false, null, false, 'overview'],
  // beyond the §2 table: the solution designer (spec §1 solution design)
  ['/overview/solutions', false, false, null, false, 'solutions'],
  ['/manage/status', true, false, null, false, 'network'],
  ['/manage/visualization/td', false, false, 'beta', false, 'network'],
  ['/manage/visualization/topo', false, false, 'beta', false, 'network'],
  ['/manage/devconf', true, false, null, false, 'devices'],
  ['/manage/networkconf/netset', true, false, null, false, 'devices'],
  ['/manage/networkconf/vlan', true, false, null, false, 'devices'],
  ['/manage/networkconf/dhcp', true, false, null, false, 'devices'],
  ['/manage/networkconf/static', true, false, null, false, 'devices'],
  ['/manage/networkconf/router', true, false, null, false, 'devices'],
  ['/manage/networkconf/port', true, false, null, false, 'devices'],
  ['/manage/wirelessconf', false, false, null, false, 'wireless'],
  ['/manage/rfconf', false, true, null, false, 'wireless'],
  ['/manage/devsrunstat', true, false, null, false, 'data'],
  ['/manage/onlinestat', true, false, null, false, 'data'],
  ['/manage/onlinelist', true, false, null, false, 'data'],
  ['/manage/authority', false, false, 'sharing', true, 'overview'],
  ['/manage/runlog', true, false, null, false, 'data'],
  ['/manage/alarminfo', true, false, null, false, 'data'],
  // beyond the §2 table: the audit log (docs/audit-log.md), shown as can() allows project.viewAudit (below)
  ['/manage/auditlog', false, false, null, false, 'data'],
  ['/manage/backup', true, true, null, true, 'devices'],
];

describe('the menu tree holds the whole §2 route table', () => {
  it('has exactly the routes of the table, each once, plus the account settings opened from the account menu', () => {
    const paths = flattenMenu(MENU_TREE).filter((e) => !e.hidden).map((e) => e.path);
    expect([...paths].sort()).toEqual(SPEC_TABLE.map(([p]) => p).sort());
    expect(new Set(paths).size).toBe(paths.length);
    expect(flattenMenu(MENU_TREE).filter((e) => e.hidden).map((e) => e.path)).toEqual(['/overview/account']);
    // reachable, but not listed in the menu
    expect(entryDecision(findEntry(MENU_TREE, '/overview/account')!, base)).toEqual({ ok: true });
    expect(visiblePaths({}).includes('/overview/account')).toBe(false);
  });

  it('groups: network, configuration with gateway settings inside, data, tool, plus overview', () => {
    const ids = MENU_TREE.map((n) => (n.kind === 'group' ? n.id : n.path));
    expect(ids).toEqual(['overview', 'network', 'configuration', 'data', 'tool']);
    const config = MENU_TREE.find((n) => n.kind === 'group' && n.id === 'configuration');
    expect(config?.kind === 'group' && config.children.some((c) => c.kind === 'group' && c.id === 'gateway')).toBe(true);
  });

  it.each(SPEC_TABLE)('%s: openapi=%s wlanOnly=%s flag=%s rw=%s remote=%s', (path, openapi, wlanOnly, flag, rw, remote) => {
    const e = entry(path);
    expect(e.access.includes('openapi')).toBe(openapi);
    expect(e.netModes).toEqual(wlanOnly ? [0] : [0, 1]);
    expect(e.flag ?? null).toBe(flag);
    expect(e.right).toBe(rw ? 'rw' : 'r');
    expect(e.remote).toBe(remote);
    expect(e.needsProject).toBe(path.startsWith('/manage/'));
  });
});

describe('filterMenu', () => {
  it('web access with everything allowed sees every entry', () => {
    expect(visiblePaths({})).toHaveLength(SPEC_TABLE.length);
  });

  describe('access type column', () => {
    it.each(SPEC_TABLE.map(([path, openapi]) => [path, openapi] as const))('%s visible to openapi: %s', (path, openapi) => {
      expect(visiblePaths({ accessType: 'openapi' }).includes(path)).toBe(openapi);
      expect(visiblePaths({ accessType: 'web' }).includes(path)).toBe(true);
    });
  });

  describe('project type column (WLAN only)', () => {
    it.each(SPEC_TABLE.map(([path, , wlanOnly]) => [path, wlanOnly] as const))('%s hidden in a MESH project: %s', (path, wlanOnly) => {
      expect(visiblePaths({ netMode: 1 }).includes(path)).toBe(!wlanOnly);
      expect(visiblePaths({ netMode: 0 }).includes(path)).toBe(true);
    });

    it('without a current project the project type does not hide anything yet', () => {
      expect(visiblePaths({ netMode: null, right: null })).toHaveLength(SPEC_TABLE.length);
    });
  });

  describe('build flag column', () => {
    it.each(SPEC_TABLE.map(([path, , , flag]) => [path, flag] as const))('%s needs build flag %s', (path, flag) => {
      const requires = entry(path).requires;
      expect(visiblePaths({ flags: [] }).includes(path)).toBe(flag === null && !requires);
      const needed = [flag, requires].filter((f): f is BuildFlag => Boolean(f));
      if (needed.length > 0) expect(visiblePaths({ flags: needed }).includes(path)).toBe(true);
    });

    // configuration backup is built: it shows without any flag
    it('/manage/backup shows with no flag', () => {
      expect(visiblePaths({ flags: [] }).includes('/manage/backup')).toBe(true);
    });
    // the topology and the Wi-Fi map are built: the beta flag alone shows them
    it.each(['/manage/visualization/td', '/manage/visualization/topo'])('%s shows with beta on', (path) => {
      expect(visiblePaths({ flags: ['beta'] }).includes(path)).toBe(true);
    });
  });

  describe('right on the project', () => {
    it.each(SPEC_TABLE.map(([path, , , , rw]) => [path, rw] as const))('%s hidden for a read-only user: %s', (path, rw) => {
      expect(visiblePaths({ right: 'r' }).includes(path)).toBe(!rw);
      expect(visiblePaths({ right: 'rw' }).includes(path)).toBe(true);
      // a demo project shows every screen, read-only, to whoever looks at it
      expect(visiblePaths({ right: 'r', demoProject: true }).includes(path)).toBe(true);
    });
  });

  describe('remote deployed (listed in /remotes.json)', () => {
    it.each(ALL_REMOTES)('without remote %s its entries disappear and only they', (missing) => {
      const shown = visiblePaths({ deployedRemotes: ALL_REMOTES.filter((r) => r !== missing) });
      for (const [path, , , , , remote] of SPEC_TABLE) expect(shown.includes(path)).toBe(remote !== missing);
    });

    it('with only the overview remote deployed, only its entries show', () => {
      expect(visiblePaths({ deployedRemotes: ['overview'] })).toEqual(['/overview/preview', '/overview/list', '/overview/models', '/manage/authority']);
      // A build whose flags leave `sharing` out (AIRLOOM_FLAGS=beta) has no sharing entry; the default build turns it on.
      expect(visiblePaths({ deployedRemotes: ['overview'], flags: ['beta'] })).toEqual(['/overview/preview', '/overview/list', '/overview/models']);
    });
  });

  it('the devices remote shows what is built with the default build flags: device configuration, the gateway settings and backup', () => {
    expect(visiblePaths({ deployedRemotes: ['devices'], flags: ['beta', 'sharing'] })).toEqual([
      '/manage/devconf', '/manage/networkconf/netset', '/manage/networkconf/vlan', '/manage/networkconf/dhcp',
      '/manage/networkconf/static', '/manage/networkconf/router', '/manage/networkconf/port', '/manage/backup',
    ]);
  });

  it('drops groups left empty and keeps the menu order', () => {
    const tree = filterMenu(MENU_TREE, { ...base, deployedRemotes: ['data'] });
    expect(tree.map((n) => (n.kind === 'group' ? n.id : n.path))).toEqual(['data']);
  });

  it('combines the columns: openapi + MESH + read-only + no beta', () => {
    expect(visiblePaths({ accessType: 'openapi', netMode: 1, right: 'r', flags: [] })).toEqual([
      '/manage/status', '/manage/devconf', '/manage/networkconf/netset', '/manage/networkconf/vlan', '/manage/networkconf/dhcp',
      '/manage/networkconf/static', '/manage/networkconf/router', '/manage/networkconf/port', '/manage/devsrunstat',
      '/manage/onlinestat', '/manage/onlinelist', '/manage/runlog', '/manage/alarminfo',
    ]);
  });

  it('tells why an entry is hidden', () => {
    expect(entryDecision(entry('/overview/list'), { ...base, accessType: 'openapi' })).toEqual({ ok: false, reason: 'access' });
    expect(entryDecision(entry('/manage/rfconf'), { ...base, netMode: 1 })).toEqual({ ok: false, reason: 'netMode' });
    expect(entryDecision(entry('/manage/visualization/td'), { ...base, flags: [] })).toEqual({ ok: false, reason: 'flag' });
    expect(entryDecision(entry('/manage/backup'), { ...base, right: 'r' })).toEqual({ ok: false, reason: 'right' });
    expect(entryDecision(entry('/manage/status'), { ...base, deployedRemotes: [] })).toEqual({ ok: false, reason: 'remote' });
    expect(entryDecision(entry('/manage/status'), base)).toEqual({ ok: true });
  });
});

describe('entries that name a can() action', () => {
  const audit = () => entry('/manage/auditlog');

  it('the audit log names the owner-only action the server checks', () => {
    expect(audit().action).toBe('project.viewAudit');
  });

  it('shows it where can() allows it and tells why not elsewhere', () => {
    expect(entryDecision(audit(), { ...base, allows: (a) => a === 'project.viewAudit' })).toEqual({ ok: true });
    expect(entryDecision(audit(), { ...base, allows: (a) => a !== 'project.viewAudit' })).toEqual({ ok: false, reason: 'right' });
    // a rw guest's project: its right shows the other rw screens, not this one
    expect(visiblePaths({ allows: () => false })).not.toContain('/manage/auditlog');
    expect(visiblePaths({ allows: () => false })).toContain('/manage/backup');
  });

  it('keeps it hidden while nothing says who the caller is, and lists it before a project is chosen', () => {
    expect(entryDecision(audit(), { ...base, allows: undefined })).toEqual({ ok: false, reason: 'right' });
    expect(entryDecision(audit(), { ...base, netMode: null, right: null, allows: undefined })).toEqual({ ok: true });
  });
});

describe('defaultLanding', () => {
  it.each([
    ['web, all deployed', {}, '/overview/preview'],
    ['web, even read-only in a MESH project', { netMode: 1 as const, right: 'r' as const }, '/overview/preview'],
    ['openapi: first of the network group', { accessType: 'openapi' as const }, '/manage/status'],
    ['openapi without the network remote: first of configuration (maintain)', { accessType: 'openapi' as const, deployedRemotes: ['devices', 'data'] }, '/manage/devconf'],
    ['openapi with only data: first of data (report)', { accessType: 'openapi' as const, deployedRemotes: ['data'] }, '/manage/devsrunstat'],
    ['openapi with only devices in a MESH read-only project: configuration first, not tool', { accessType: 'openapi' as const, deployedRemotes: ['devices'], netMode: 1 as const, right: 'r' as const }, '/manage/devconf'],
    ['openapi with nothing it may see', { accessType: 'openapi' as const, deployedRemotes: ['overview', 'wireless'] }, null],
  ])('%s → %s', (_name, ctx, expected) => {
    expect(defaultLanding(MENU_TREE, { ...base, ...ctx })).toBe(expected);
  });

  it('openapi falls through to the tool group when it is the only one left', () => {
    // A tree of only the tool group's backup entry (open to openapi).
    const tree = MENU_TREE.filter((n) => n.kind === 'group' && n.id === 'tool');
    expect(defaultLanding(tree, { ...base, accessType: 'openapi' })).toBe('/manage/backup');
  });
});

describe('findEntry', () => {
  it.each([
    ['/overview/preview', '/overview/preview'],
    ['/overview/preview/datascreen', '/overview/preview/datascreen'],
    ['/overview/list/', '/overview/list'],
    ['/manage/devconf/12/ports', '/manage/devconf'],
    ['/manage/statusx', undefined],
    ['/nowhere', undefined],
  ])('%s belongs to %s', (pathname, expected) => {
    expect(findEntry(MENU_TREE, pathname)?.path).toBe(expected);
  });
});

describe('projectLanding (a project chosen outside a project page)', () => {
  it('is the first project screen the menu shows for that project', () => {
    expect(projectLanding(MENU_TREE, base)).toBe('/manage/status');
    expect(projectLanding(MENU_TREE, { ...base, netMode: 1, right: 'r' })).toBe('/manage/status');
    expect(projectLanding(MENU_TREE, { ...base, deployedRemotes: ['overview', 'devices'] })).toBe('/manage/devconf');
  });

  it('is null when no project screen is deployed', () => {
    expect(projectLanding(MENU_TREE, { ...base, flags: ['beta'], deployedRemotes: ['overview'] })).toBeNull();
  });
});
