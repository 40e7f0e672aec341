// The audit log (docs/audit-log.md) on a real database: writes across modules each leave one row with
// who, what, from where and the outcome; a configuration write carries old → new; refused writes and
// sign-ins are there too; no password, token or key is in any row; the table refuses UPDATE and DELETE;
// only the owner reads a project's rows.
import { DEMO_PROJECT_IDS, ErrorCode, type AuditEntry } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, PASSWORD, signedUp, uniqueEmail, type Client, type TestEnv } from '../../test/test-env.js';
import type { AuditService } from './audit.service.js';

const LAN = { vlans: [{ id: 1, name: 'VLAN_Default', ip: '192.168.1.1', mask: 24 }, { id: 10, name: 'Staff', ip: '192.168.10.1', mask: 24 }] };
const WIFI_PASSWORD = 'audit-wifi-pass-77';
const POLICY = {
  name: 'Audit-Staff', ssid: 'Audit-Staff', band: '2.4g', securityMode: 2, cipher: 'aes', password: WIFI_PASSWORD, keyUpdateCycle: 0, vlanId: null, maxClients: 8,
  hidden: false, schedule: null, guest: false, rateLimit: null, radius: null, applyTo: 'all', sns: [],
};

describe.each(backends())('audit log on %s', (backend) => {
  let env: TestEnv;
  let owner: { c: Client; account: string };
  let guest: { c: Client; account: string };
  let id: number;
  let keySecret: string;
  let keyId: number;

  const settle = () => (env.app.locals.audit as AuditService).settled();
  const rows = async (c: Client, projectId: number, query = ''): Promise<AuditEntry[]> => {
    await settle();
    const res = await c.get(`/api/v1/projects/${projectId}/audit?pageSize=200${query}`);
    expect(res.body.code).toBe(0);
    return res.body.data.items as AuditEntry[];
  };

  beforeAll(async () => {
    env = await createTestEnv(backend);
    [owner, guest] = await Promise.all([signedUp(env), signedUp(env)]);
    id = (await owner.c.post('/api/v1/projects', { projectName: 'Audit Hotel', scenario: 'hotel' }).set('User-Agent', 'audit-test/1.0')).body.data.id as number;
    // writes across modules: a rename, a configuration section, a share, an API key, a wireless policy with its password
    expect((await owner.c.patch(`/api/v1/projects/${id}`, { projectName: 'Audit Hotel West' })).body.code).toBe(0);
    expect((await owner.c.put(`/api/v1/projects/${id}/gateway/vlan`, LAN)).body.code).toBe(0);
    expect((await owner.c.post(`/api/v1/projects/${id}/shares`, { account: guest.account, permission: 'r' })).body.code).toBe(0);
    const key = (await owner.c.post('/api/v1/account/api-keys', { name: 'audit', access: 'rw', projects: [id] })).body.data;
    keySecret = key.secret as string;
    keyId = key.key.id as number;
    expect((await owner.c.post(`/api/v1/projects/${id}/wireless/policies`, POLICY)).body.code).toBe(0);
    expect((await owner.c.post(`/api/v1/projects/${id}/wireless/apply`, {})).body.code).toBe(0);
    // a write through the API key
    const byKey = await client(env.app).agent.patch(`/api/v1/projects/${id}`).set('Authorization', `Bearer ${keySecret}`).send({ projectName: 'Audit Hotel East' });
    expect(byKey.body.code).toBe(0);
    // a refused write: the read-only guest renames
    expect((await guest.c.patch(`/api/v1/projects/${id}`, { projectName: 'Not mine' })).status).toBe(403);
    // nobody: no session at all
    expect((await client(env.app).patch(`/api/v1/projects/${id}`, { projectName: 'Nobody' })).status).toBe(401);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('records each write with who, what, when, from where and the outcome', async () => {
    const items = await rows(owner.c, id);
    const by = (endpoint: string) => items.filter((r) => r.endpoint === endpoint);
    const created = by('projects.create')[0]!;
    expect(created).toMatchObject({ projectId: id, actor: owner.account, principal: 'session', method: 'POST', path: '/api/v1/projects', status: 201, code: 0, userAgent: 'audit-test/1.0' });
    // what, in the declaration's words up to its first clause (the browser's build has no summaries)
    expect(created.what).toBe('Create a project');
    expect(by('wireless.apply')[0]!.what).toBe('Confirm the pending change');
    expect(created.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(Date.parse(created.time)).toBeGreaterThan(Date.now() - 10 * 60_000);
    // each request's row is written as its answer goes out, so two requests close together may land in
    // either order: the rows are compared whatever their order
    const renames = by('projects.update');
    const row = (r: AuditEntry) => [r.principal, r.status, r.code, r.actor] as const;
    expect(renames.map(row)).toHaveLength(4);
    expect(renames.map(row)).toEqual(
      expect.arrayContaining([
        ['anonymous', 401, 8, null],
        ['session', 403, 173, guest.account],
        ['api-key', 200, 0, owner.account],
        ['session', 200, 0, owner.account],
      ]),
    );
    expect(renames.find((r) => r.principal === 'api-key')!.apiKeyId).toBe(keyId);
    expect(renames.find((r) => r.principal === 'session' && r.status === 200)!.path).toBe(`/api/v1/projects/${id}`);
    expect(by('shares.create')[0]).toMatchObject({ actor: owner.account, status: 201, target: `account=${guest.account}` });
    expect(by('wireless.apply')).toHaveLength(1);
    // reads are not writes
    expect(items.some((r) => r.method === 'GET')).toBe(false);
  });

  it('keeps old → new of a configuration write, from the engine history', async () => {
    const [vlan] = (await rows(owner.c, id, '&endpoint=config.gatewayPut'));
    expect(vlan!.changes).toHaveLength(1);
    const change = vlan!.changes[0]!;
    expect(change).toMatchObject({ section: 'vlan', sn: null, version: 1, truncated: false });
    expect(change.changes).toEqual([{ path: 'vlans[id=10]', old: null, new: LAN.vlans[1] }]);
    const history = (await owner.c.get(`/api/v1/projects/${id}/config/history?section=vlan`)).body.data.items as { id: number }[];
    expect(history.map((h) => h.id)).toContain(change.changeId);
    // the wireless policies were written through the engine as well
    const [apply] = await rows(owner.c, id, '&endpoint=wireless.apply');
    expect(apply!.changes.map((c) => c.section)).toEqual(['wireless-policies']);
  });

  it('files account writes under the account, sign-ins too, with the address tried when they fail', async () => {
    const c = client(env.app);
    expect((await c.post('/api/v1/auth/login', { account: owner.account, password: 'Wrong-pass-9' })).body.code).not.toBe(0);
    expect((await c.post('/api/v1/auth/login', { account: owner.account, password: PASSWORD })).body.code).toBe(0);
    await settle();
    const mine = (await c.get('/api/v1/account/audit?endpoint=auth')).body.data.items as AuditEntry[];
    const logins = mine.filter((r) => r.endpoint === 'auth.login');
    expect(logins[0]).toMatchObject({ status: 200, actor: owner.account, target: `account=${owner.account}`, projectId: null });
    // a failed sign-in is nobody's row until it succeeds, but the table has it with the address tried
    const failed = (await env.db('audit_log').where({ endpoint: 'auth.login' }).andWhere('status', '>=', 400).select()) as { target: string; account_id: number | null }[];
    expect(failed.map((r) => [r.target, r.account_id])).toContainEqual([`account=${owner.account}`, null]);
    const keys = ((await owner.c.get('/api/v1/account/audit?endpoint=apiKeys.create')).body.data.items as AuditEntry[]);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ projectId: null, status: 201 });
  });

  it('filters by result, account and time, and pages', async () => {
    const refused = await rows(owner.c, id, '&outcome=refused');
    expect(refused.map((r) => r.status).sort()).toEqual([401, 403]);
    expect((await rows(owner.c, id, `&account=${encodeURIComponent(guest.account)}`)).map((r) => r.status)).toEqual([403]);
    expect(await rows(owner.c, id, `&to=${Date.now() - 3_600_000}`)).toEqual([]);
    const page = (await owner.c.get(`/api/v1/projects/${id}/audit?pageSize=2&page=2`)).body.data;
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(8);
    expect((await owner.c.get(`/api/v1/projects/${id}/audit?outcome=maybe`)).body.code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('holds no password, token or key', async () => {
    await settle();
    const text = JSON.stringify(await env.db('audit_log').select());
    for (const secret of [PASSWORD, WIFI_PASSWORD, keySecret, 'Wrong-pass-9']) expect(text).not.toContain(secret);
    const sessions = (await env.db('sessions').select('token_hash')) as { token_hash: string }[];
    for (const s of sessions) expect(text).not.toContain(s.token_hash);
    // a transfer's link token stays out of the path
    const other = await signedUp(env);
    const offered = (await owner.c.post('/api/v1/projects', { projectName: 'Audit Campus', scenario: 'hotel' })).body.data.id as number;
    await owner.c.post(`/api/v1/projects/${offered}/transfer`, { account: other.account });
    const link = env.outbox().reverse().find((m) => m.to === other.account && m.purpose === 'transfer')!.link!;
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    await other.c.post(`/api/v1/transfers/${token}/decline`, {});
    await settle();
    const declined = (await env.db('audit_log').where({ endpoint: 'transfers.decline' }).first()) as { path: string; target: string | null };
    expect(declined.path).toBe('/api/v1/transfers/:token/decline');
    expect(JSON.stringify(await env.db('audit_log').select())).not.toContain(token);
  });

  it('takes the address from X-Forwarded-For only behind a trusted proxy', async () => {
    const forwarded = async (e: TestEnv) => {
      const c = client(e.app);
      await c.post('/api/v1/auth/login', { account: 'nobody@example.com', password: 'Wrong-pass-9' }).set('X-Forwarded-For', '203.0.113.50');
      await (e.app.locals.audit as AuditService).settled();
      return ((await e.db('audit_log').where({ endpoint: 'auth.login', target: 'account=nobody@example.com' }).first('ip')) as { ip: string }).ip;
    };
    expect(await forwarded(env)).not.toBe('203.0.113.50');
    const proxied = await createTestEnv(backend, { env: { TRUST_PROXY: 'loopback' } });
    try {
      expect(await forwarded(proxied)).toBe('203.0.113.50');
    } finally {
      await proxied.close();
    }
  });

  it('refuses to change or remove a row, whoever asks', async () => {
    await settle();
    const first = (await env.db('audit_log').orderBy('id').first('id')) as { id: number };
    await expect(env.db('audit_log').where({ id: first.id }).update({ status: 200 })).rejects.toThrow(/append-only/);
    await expect(env.db('audit_log').where({ id: first.id }).delete()).rejects.toThrow(/append-only/);
    await expect(env.db('audit_log').delete()).rejects.toThrow(/append-only/);
    expect(await env.db('audit_log').where({ id: first.id }).first('id')).toBeDefined();
  });

  it("is the owner's to read: a guest is refused, the demo projects are open and show no live-demo visitor", async () => {
    expect((await guest.c.get(`/api/v1/projects/${id}/audit`)).body.code).toBe(173);
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    // the live demo's refused write on a demo project is recorded, and not shown to the next visitor
    expect((await demo.patch(`/api/v1/projects/${DEMO_PROJECT_IDS.WLAN}`, { projectName: 'Mine now' })).body.code).toBe(917);
    await settle();
    expect(await env.db('audit_log').where({ project_id: DEMO_PROJECT_IDS.WLAN, principal: 'demo' }).first('id')).toBeDefined();
    const shown = await rows(demo, DEMO_PROJECT_IDS.WLAN);
    expect(shown.some((r) => r.principal === 'demo')).toBe(false);
    expect((await demo.get('/api/v1/account/audit')).body.data).toMatchObject({ items: [], total: 0 });
    const stranger = await signedUp(env, uniqueEmail('stranger'));
    expect((await stranger.c.get(`/api/v1/projects/${id}/audit`)).body.code).toBe(412);
  });
});
