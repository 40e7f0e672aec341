import { describe, expect, it } from 'vitest';
import { resolveRoute } from './resolve-route';
import { parseRemotesManifest } from '../federation/remotes-manifest';

const overviewOnly = [{ name: 'overview', entry: '/remotes/overview/mf-manifest.json' }];
const all = ['overview', 'network', 'devices', 'wireless', 'data', 'dashboard'].map((name) => ({ name, entry: `/remotes/${name}/mf-manifest.json` }));
const wlan = { id: 1, right: 'rw' as const, netMode: 0 as const, projectName: 'Hotel', owner: true };
const meshReadOnly = { id: 2, right: 'r' as const, netMode: 1 as const, projectName: 'Home', owner: false };
const web = { accessType: 'web' as const, project: wlan, remotes: all };

describe('resolveRoute (deep links, spec §2)', () => {
  it.each([
    ['/', web, 'landing'],
    ['/overview/list', web, 'remote'],
    ['/overview/list/42', web, 'remote'],
    ['/manage/status', { ...web, remotes: overviewOnly }, 'notDeployed'],
    ['/manage/status', { ...web, project: null }, 'needsProject'],
    ['/overview/list', { ...web, project: null }, 'remote'],
    ['/manage/rfconf', { ...web, project: meshReadOnly }, 'notAllowed'],
    ['/overview/list', { ...web, accessType: 'openapi' as const }, 'notAllowed'],
    ['/manage/backup', { ...web, project: { ...wlan, right: 'r' as const } }, 'notAllowed'],
    ['/settings', web, 'notFound'],
  ])('%s → %s', (path, state, kind) => {
    expect(resolveRoute(path, state, undefined, ['beta']).kind).toBe(kind);
  });

  it('a link naming another project than the current one asks for (opens) that project; naming the current one changes nothing', () => {
    expect(resolveRoute('/manage/status', web, undefined, [], '?project=2&type=ap').kind).toBe('needsProject');
    expect(resolveRoute('/manage/status', web, undefined, [], '?project=1&type=ap').kind).toBe('remote');
    expect(resolveRoute('/manage/status', web, undefined, [], '?type=ap').kind).toBe('remote');
    // pages outside any project ignore it
    expect(resolveRoute('/overview/list', web, undefined, [], '?project=2').kind).toBe('remote');
  });

  it("opens the audit log by the server's can(): the owner, anybody on a demo project, no guest", () => {
    const session = { account: 'owner@example.com', nick: 'Owner', role: 0, demo: false } as never;
    const guest = { ...wlan, owner: false };
    const demo = { id: 500000, right: 'r' as const, netMode: 0 as const, projectName: 'Demo Hotel', owner: false };
    expect(resolveRoute('/manage/auditlog', { ...web, session }).kind).toBe('remote');
    expect(resolveRoute('/manage/auditlog', { ...web, session, project: guest })).toMatchObject({ kind: 'notAllowed', reason: 'right' });
    expect(resolveRoute('/manage/auditlog', { ...web, session, project: demo }).kind).toBe('remote');
    expect(resolveRoute('/manage/auditlog', { ...web, session, accessType: 'openapi' as const }).kind).toBe('notAllowed');
  });

  it('says why a page is not allowed', () => {
    const r = resolveRoute('/manage/visualization/topo', web, undefined, []);
    expect(r).toMatchObject({ kind: 'notAllowed', reason: 'flag' });
  });

  it('a remote missing from /remotes.json wins over the project question: the page is simply not there', () => {
    expect(resolveRoute('/manage/devconf', { ...web, project: null, remotes: overviewOnly }).kind).toBe('notDeployed');
  });
});

describe('parseRemotesManifest', () => {
  it('keeps well-formed entries once and drops the rest', () => {
    expect(
      parseRemotesManifest([
        { name: 'overview', entry: '/remotes/overview/mf-manifest.json' },
        { name: 'overview', entry: '/elsewhere.json' },
        { name: 'Bad Name', entry: '/x.json' },
        { name: 'data' },
        null,
        'network',
        { name: 'network', entry: 'https://cdn.example.com/network/mf-manifest.json' },
      ]),
    ).toEqual([
      { name: 'overview', entry: '/remotes/overview/mf-manifest.json' },
      { name: 'network', entry: 'https://cdn.example.com/network/mf-manifest.json' },
    ]);
  });

  it('anything but a list means no remote', () => {
    expect(parseRemotesManifest({ overview: '/x' })).toEqual([]);
  });
});
