import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, CSRF_HEADER } from '@airloom/shared-ui';
import { createClientStorage } from './client-storage';
import { STORAGE_KEYS as K } from './keys';
import { logout } from './logout';

interface Call { url: string; method: string; headers: Record<string, string> }

function fakeServer(reply: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? 'GET', headers: (init?.headers ?? {}) as Record<string, string> });
    return reply();
  });
  return { calls, api: createApiClient({ fetchImpl: fetchImpl as unknown as typeof fetch }) };
}
const ok = () => new Response(JSON.stringify({ code: 0, data: null }), { status: 200 });

function fillEverything() {
  const s = createClientStorage();
  s.setProject({ id: 7, right: 'rw', netMode: 1, projectName: 'Hotel', owner: true });
  s.setLastAccount('alice@example.com');
  s.setLastNick('Alice');
  s.setRightWidth(680);
  s.setFloatCoordinates({ x: 1, y: 2 });
  s.setFloatStatus('open');
  s.addTopologyTip('zoom');
  s.setShowUpgradeAlertInfo(false);
  s.setGlobalStorage({ anything: true });
  s.setTableShrink('alice@example.com', 'devices', ['mac']);
  return s;
}

describe('logout (spec §4 sequence)', () => {
  let go: ReturnType<typeof vi.fn<(path: string) => void>>;
  beforeEach(() => { go = vi.fn<(path: string) => void>(); });

  it('step 1: asks the server to remove the token (POST /auth/logout with the CSRF header)', async () => {
    const { calls, api } = fakeServer(ok);
    await logout({ api, storage: fillEverything(), go });
    expect(calls).toEqual([expect.objectContaining({ url: '/api/v1/auth/logout', method: 'POST' })]);
    expect(calls[0]!.headers[CSRF_HEADER]).toBe('1');
  });

  it('step 2: clears project and project name, last account, last nick, access type, right width, float coordinates, float status and topology tips', async () => {
    const { api } = fakeServer(ok);
    const s = fillEverything();
    await logout({ api, storage: s, go });
    expect(s.getProject()).toBeNull();
    expect(sessionStorage.getItem(K.project)).toBeNull();
    expect(s.getLastAccount()).toBeNull();
    expect(s.getLastNick()).toBeNull();
    expect(sessionStorage.getItem(K.accessType)).toBeNull();
    expect(s.getRightWidth()).toBeNull();
    expect(s.getFloatCoordinates()).toBeNull();
    expect(s.getFloatStatus()).toBeNull();
    expect(s.getTopologyTips()).toEqual([]);
  });

  it('step 2 also clears the account kept in session storage under openapi access', async () => {
    const { api } = fakeServer(ok);
    const s = createClientStorage();
    s.setAccessType('openapi');
    s.setLastAccount('partner@example.com');
    s.setLastNick('Partner');
    await logout({ api, storage: s, go });
    expect(sessionStorage.getItem(K.lastAccount)).toBeNull();
    expect(sessionStorage.getItem(K.lastNick)).toBeNull();
    expect(s.getAccessType()).toBe('web');
  });

  it('step 3: sets showUpgradeAlertInfo to true', async () => {
    const { api } = fakeServer(ok);
    const s = fillEverything();
    await logout({ api, storage: s, go });
    expect(localStorage.getItem(K.showUpgradeAlertInfo)).toBe('true');
  });

  it('step 4: clears the global storage', async () => {
    const { api } = fakeServer(ok);
    await logout({ api, storage: fillEverything(), go });
    expect(localStorage.getItem(K.globalStorage)).toBeNull();
  });

  it('then goes to the login page', async () => {
    const { api } = fakeServer(ok);
    await logout({ api, storage: fillEverything(), go });
    expect(go).toHaveBeenCalledWith('/static/lrf');
  });

  it('keeps what the spec does not list: table shrink settings per account', async () => {
    const { api } = fakeServer(ok);
    const s = fillEverything();
    await logout({ api, storage: s, go });
    expect(s.getTableShrink('alice@example.com')).toEqual({ devices: ['mac'] });
  });

  it('still clears everything and leaves when the server cannot be reached', async () => {
    const { api } = fakeServer(() => { throw new TypeError('Failed to fetch'); });
    const s = fillEverything();
    await logout({ api, storage: s, go });
    expect(s.getProject()).toBeNull();
    expect(localStorage.getItem(K.globalStorage)).toBeNull();
    expect(go).toHaveBeenCalledWith('/static/lrf');
  });

  it('runs the steps in the spec order: server first, navigation last', async () => {
    const order: string[] = [];
    const { api } = fakeServer(() => { order.push('server'); return ok(); });
    const s = fillEverything();
    const spy = new Proxy(s, {
      get: (target, prop: string) => {
        const v = target[prop as keyof typeof target];
        return typeof v === 'function' ? (...args: unknown[]) => { order.push(prop); return (v as (...a: unknown[]) => unknown)(...args); } : v;
      },
    });
    await logout({ api, storage: spy, go: (p) => order.push(`go ${p}`) });
    expect(order).toEqual([
      'server', 'clearProject', 'clearLastAccount', 'clearLastNick', 'clearAccessType', 'clearRightWidth',
      'clearFloatCoordinates', 'clearFloatStatus', 'clearTopologyTips', 'setShowUpgradeAlertInfo', 'clearGlobalStorage', 'go /static/lrf',
    ]);
  });
});
