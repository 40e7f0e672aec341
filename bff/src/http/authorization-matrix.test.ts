// The authorization matrix (docs/authorization.md): every declared endpoint × every kind of caller —
// the project's owner, a read-write and a read-only guest, a guest whose share has expired, a stranger,
// a live-demo session, nobody, and the owner's read-only and read-write API keys. Each cell says how
// the access step answers: passed (the call reaches its service, whatever the service then says) or
// refused with its code; a refused write changes no row. A declared endpoint without a row fails here,
// so a new route cannot be added without deciding who may call it.
import { randomBytes } from 'node:crypto';
import { API_LIMITS, ENDPOINTS, ErrorCode, fillPath, type EndpointId } from '@airloom/contracts';
import { registerDevices } from '@airloom/gateway/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, signedUp, uniqueEmail, type Client, type TestEnv } from '../test/test-env.js';

const CALLERS = ['owner', 'rw', 'r', 'expired', 'stranger', 'demo', 'anonymous', 'keyR', 'keyRw'] as const;
type Caller = (typeof CALLERS)[number];

/** P: passed the access step; S: passes, but the call is not made here (it would undo the fixtures; its module's tests make it); else the refusal code. */
type Cell = 'P' | 'S' | number;
const { TOKEN_MISSING: T, DATA_NOT_FOUND: N, READ_ONLY_PROJECT: R, DEMO_PROJECT: D, SIGNATURE: G } = ErrorCode;
const ACCESS_CODES = new Set<number>([T, ErrorCode.TOKEN_EXPIRED, N, R, D, G]);
/** a passed call must also have been a valid one: a 400 would mean the cell tested nothing */
const NOT_PASSED = new Set<number>([...ACCESS_CODES, ErrorCode.INVALID_PARAMS]);

const row = (...cells: Cell[]): Record<Caller, Cell> => Object.fromEntries(CALLERS.map((c, i) => [c, cells[i]!])) as Record<Caller, Cell>;
//                                   owner  rw   r    expired stranger demo anonymous keyR keyRw
const PROJECT_VIEW = row(            'P',  'P', 'P', N,      N,       N,   T,        'P', 'P');
const PROJECT_WRITE = row(           'P',  'P', R,   N,      N,       N,   T,        R,   'P');
const OWNER_ONLY = row(              'P',  R,   R,   N,      N,       N,   T,        R,   R);
const SIGNED_IN = row(               'P',  'P', 'P', 'P',    'P',     'P', T,        'P', 'P');

/** Who may call each endpoint (null: open to anybody, nothing to refuse). */
const MATRIX: Record<EndpointId, Record<Caller, Cell> | null> = {
  'auth.sendCode': null, 'auth.signup': null, 'auth.login': null, 'auth.loginTwoFactor': null,
  // the sign-in provider's flow is anybody's to start; a bind without a browser session ends on the result page refused
  'oidc.providers': null, 'oidc.start': null, 'oidc.callback': null,
  'oidc.methods': row('P', 'P', 'P', 'P', 'P', 'P', T, T, T),
  // a browser session only; unbinding is held by the OpenID Connect tests (nobody here has an identity to unbind)
  'oidc.unbind': row('S', 'S', 'S', 'S', 'S', 'S', T, T, T), 'auth.demo': null, 'auth.logout': null, 'auth.reset': null,
  'platform.health': null, 'platform.ready': null, 'platform.remotes': null, 'platform.openapi': null,
  'auth.me': SIGNED_IN,
  'projects.list': SIGNED_IN,
  'projects.overview': SIGNED_IN,
  'projects.create': row('P', 'P', 'P', 'P', 'P', D, T, R, 'P'),
  'projects.get': PROJECT_VIEW,
  'projects.update': PROJECT_WRITE,
  'projects.remove': row('S', R, R, N, N, N, T, R, R),
  'devices.list': PROJECT_VIEW,
  'devices.summary': PROJECT_VIEW,
  'devices.detail': PROJECT_VIEW,
  'topology.get': PROJECT_VIEW,
  'devices.events': row('S', 'S', 'S', N, N, N, T, 'S', 'S'),
  'devices.add': PROJECT_WRITE,
  'devices.rename': PROJECT_WRITE,
  'devices.operate': PROJECT_WRITE,
  'devices.remove': row('S', 'S', R, N, N, N, T, R, 'S'),
  'devices.unverified': SIGNED_IN,
  'devices.operation': PROJECT_VIEW,
  'manufacturer.register': row(G, G, G, G, G, G, T, G, G),
  'shares.list': OWNER_ONLY,
  'shares.create': OWNER_ONLY,
  'shares.update': OWNER_ONLY,
  'shares.remove': row('S', R, R, N, N, N, T, R, R),
  'account.profile': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  // with a wrong current password (100 after the access step), so nobody's password changes here
  'account.password': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  'profile.get': row('P', 'P', 'P', 'P', 'P', 'P', T, T, T),
  'profile.company': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  'profile.uploadAvatar': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  // each caller reads the avatar it just uploaded; the live demo has none to read (412 from the service)
  'profile.avatar': row('P', 'P', 'P', 'P', 'P', N, T, T, T),
  'subAccounts.list': row('P', 'P', 'P', 'P', 'P', 'P', T, T, T),
  'subAccounts.create': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  // the engineer is the owner's: anybody else is told it does not exist
  'subAccounts.update': row('P', N, N, N, N, D, T, T, T),
  'subAccounts.remove': row('S', N, N, N, N, D, T, T, T),
  'apiKeys.list': row('P', 'P', 'P', 'P', 'P', 'P', T, T, T),
  // a person's own sign-in: a browser session only; the writes below are refused by the service (wrong code, wrong password)
  'twoFactor.status': row('P', 'P', 'P', 'P', 'P', 'P', T, T, T),
  'twoFactor.setup': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  'twoFactor.enable': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  'twoFactor.disable': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  'apiKeys.create': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
  'apiKeys.revoke': row('S', 'S', 'S', 'S', 'S', 'S', T, T, T),
  'transfers.offer': OWNER_ONLY,
  'transfers.pending': OWNER_ONLY,
  'transfers.cancel': row('S', R, R, N, N, N, T, R, R),
  // the offer is made to the stranger: only they may read and answer it
  'transfers.view': row(N, N, N, N, 'P', N, T, N, N),
  'transfers.accept': row(N, N, N, N, 'S', N, T, R, R),
  'transfers.decline': row(N, N, N, N, 'S', N, T, R, R),
  // every caller gets the activations of the projects it can open (an empty answer for none)
  'activations.summary': SIGNED_IN,
  'activations.list': SIGNED_IN,
  'invitations.create': OWNER_ONLY,
  // the invitation is of an address nobody signed up with: no caller may read or accept it
  'invitations.view': row(N, N, N, N, N, N, T, N, N),
  'invitations.accept': row(N, N, N, N, N, N, T, R, R),
  'stats.device': PROJECT_VIEW,
  'activations.export': SIGNED_IN,
  // a stream stays open: its own tests (activations.events.test.ts) open it with each kind of caller
  'activations.events': row('S', 'S', 'S', 'S', 'S', 'S', T, 'S', 'S'),
  'config.gatewayGet': PROJECT_VIEW,
  // the matrix's gateway is offline: its settings are stored for its return
  'config.gatewayPut': PROJECT_WRITE,
  // passed: the offline gateway's table cannot be read (36)
  'config.routeTable': PROJECT_VIEW,
  'config.deviceGet': PROJECT_VIEW,
  // passed: the device is offline (36)
  'config.devicePut': PROJECT_WRITE,
  'config.history': PROJECT_VIEW,
  'config.revert': PROJECT_WRITE,
  'floors.list': PROJECT_VIEW,
  'floors.create': PROJECT_WRITE,
  'floors.update': PROJECT_WRITE,
  'floors.remove': row('S', 'S', R, N, N, N, T, R, 'S'),
  // passed calls carry no multipart plan here (floors.test.ts uploads real ones)
  'floors.uploadImage': row('S', 'S', R, N, N, N, T, R, 'S'),
  'floors.image': PROJECT_VIEW,
  'backups.list': PROJECT_VIEW,
  'backups.get': PROJECT_VIEW,
  'backups.diff': PROJECT_VIEW,
  // a second general backup within 3 minutes passes the access step and is refused by the service (187)
  'backups.create': PROJECT_WRITE,
  'backups.update': PROJECT_WRITE,
  // the file holds the WAN passwords: those who may change the configuration
  'backups.download': PROJECT_WRITE,
  'backups.upload': PROJECT_WRITE,
  // passed: the backup is what is desired already (nothing written), or the offline AP refuses (36)
  'backups.restore': PROJECT_WRITE,
  'backups.remove': row('S', 'S', R, N, N, N, T, R, 'S'),
};

/** path parameters of one endpoint that differ from the common ones */
const PARAMS: Partial<Record<EndpointId, Record<string, string>>> = {
  'config.gatewayGet': { section: 'vlan' },
  'config.gatewayPut': { section: 'vlan' },
  'config.deviceGet': { section: 'name' },
  'config.devicePut': { section: 'name' },
};
/** the smallest PNG: one transparent pixel */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const LAN = { vlans: [{ id: 1, name: 'VLAN_Default', ip: '192.168.1.1', mask: 24 }] };

describe.each(backends())('authorization matrix on %s', (backend) => {
  let env: TestEnv;
  let callers: Record<Caller, { c: Client; bearer?: string }>;
  let params: Record<string, string | number>;
  const bodies: Partial<Record<EndpointId, () => unknown>> = {};

  beforeAll(async () => {
    env = await createTestEnv(backend);
    const [owner, rw, r, expired, stranger, invitee] = await Promise.all([signedUp(env), signedUp(env), signedUp(env), signedUp(env), signedUp(env), signedUp(env)]);
    const id = (await owner.c.post('/api/v1/projects', { projectName: 'Matrix Hotel', scenario: 'hotel' })).body.data.id as number;
    const ownerId = Number((await env.db('accounts').where({ account: owner.account }).first('id')).id);
    const sn = `MX${randomBytes(7).toString('hex').toUpperCase()}`;
    const spare = `MY${randomBytes(7).toString('hex').toUpperCase()}`;
    const router = `MZ${randomBytes(7).toString('hex').toUpperCase()}`;
    await registerDevices(env.db, [
      { sn, type: 'ap', model: 'AL-AP1', mac: '00:1A:2B:00:10:01', secret: 'secret-of-the-device-1', projectId: id, ownerAccountId: ownerId },
      { sn: spare, type: 'ap', model: 'AL-AP1', mac: '00:1A:2B:00:10:02', secret: 'secret-of-the-device-2', projectId: null, ownerAccountId: ownerId },
      { sn: router, type: 'router', model: 'AL-GW1200', mac: '00:1A:2B:00:10:03', secret: 'secret-of-the-device-3', projectId: id, ownerAccountId: ownerId },
    ]);
    // a change of the gateway's settings to revert
    const change = (await owner.c.put(`/api/v1/projects/${id}/gateway/vlan`, LAN)).body.data.version as number;
    expect(change).toBe(1);
    const changeId = Number((await env.db('config_changes').where({ project_id: id }).first('id')).id);
    // a general backup to read, restore, download and upload again
    const backupId = (await owner.c.post(`/api/v1/projects/${id}/backups`, { type: 'general' })).body.data.id as number;
    const backupFile = (await owner.c.get(`/api/v1/projects/${id}/backups/${backupId}/download`)).body;
    expect(backupFile.signature).toMatch(/^[0-9a-f]{64}$/);
    const share = (await owner.c.post(`/api/v1/projects/${id}/shares`, { account: rw.account, permission: 'rw' })).body.data.id as number;
    await owner.c.post(`/api/v1/projects/${id}/shares`, { account: r.account, permission: 'r' });
    const ended = (await owner.c.post(`/api/v1/projects/${id}/shares`, { account: expired.account, permission: 'r', hours: 1 })).body.data.id as number;
    await owner.c.patch(`/api/v1/projects/${id}/shares/${ended}`, { endNow: true });
    const keyR = (await owner.c.post('/api/v1/account/api-keys', { name: 'read', access: 'r' })).body.data;
    const keyRw = (await owner.c.post('/api/v1/account/api-keys', { name: 'write', access: 'rw' })).body.data;
    // the offer the token endpoints answer is of a second project, so offers of the first do not replace it
    const offered = (await owner.c.post('/api/v1/projects', { projectName: 'Matrix Campus', scenario: 'hotel' })).body.data.id as number;
    await owner.c.post(`/api/v1/projects/${offered}/transfer`, { account: stranger.account });
    const offer = env.outbox().reverse().find((m) => m.to === stranger.account && m.purpose === 'transfer')!;
    // an operation of the project as the console stores it (the matrix's device is offline, so none can be asked for)
    const at = Date.now();
    const [operation] = await env.db('operations').insert({ project_id: id, sn, kind: 'reboot', state: 'done', created_at: at, updated_at: at, expires_at: at, revision: 1 });
    const newcomer = uniqueEmail();
    await owner.c.post(`/api/v1/projects/${id}/invitations`, { account: newcomer, permission: 'r' });
    const invitation = env.outbox().reverse().find((m) => m.to === newcomer && m.purpose === 'invitation')!;
    // a floor with a plan (the bytes are not a real image: only the access step is tested here)
    const floorId = (await owner.c.post(`/api/v1/projects/${id}/floors`, { name: 'Ground' })).body.data.id as number;
    await env.db('floor_images').insert({ floor_id: floorId, seq: 0, bytes: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) });
    await env.db('floors').where({ id: floorId }).update({ image_bytes: 4 });
    const engineer = (await owner.c.post('/api/v1/account/sub-accounts', { account: uniqueEmail(), nick: 'Engineer', password: 'Eng-pass-1', confirm: 'Eng-pass-1' })).body.data.id as number;
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    callers = {
      owner, rw, r, expired, stranger, demo: { c: demo }, anonymous: { c: client(env.app) },
      keyR: { c: client(env.app), bearer: keyR.secret }, keyRw: { c: client(env.app), bearer: keyRw.secret },
    };
    params = { id, sn, opId: Number(operation), shareId: share, keyId: keyR.key.id, token: new URL(offer.link!, 'http://x').searchParams.get('token')!,
      invitation: new URL(invitation.link!, 'http://x').searchParams.get('token')!, changeId, floorId, subId: engineer, backupId,
    };
    Object.assign(bodies, {
      'projects.create': () => ({ projectName: `M ${randomBytes(4).toString('hex')}`, scenario: 'hotel' }),
      'projects.update': () => ({ subtitle: 'Lobby' }),
      'devices.add': () => ({ sn: spare }),
      'devices.rename': () => ({ name: 'Matrix-AP' }),
      'devices.operate': () => ({ kind: 'locate' }),
      'shares.create': () => ({ account: invitee.account, permission: 'r', hours: 1 }),
      'shares.update': () => ({ permission: 'rw' }),
      'account.profile': () => ({ nick: 'Matrix' }),
      'account.password': () => ({ oldPassword: 'Not-the-password-1', password: 'New-pass-123', confirm: 'New-pass-123' }),
      'profile.company': () => ({ companyName: 'Matrix Networks' }),
      'profile.uploadAvatar': () => ({ image: PNG }),
      'subAccounts.create': () => ({ account: uniqueEmail(), nick: 'Engineer', password: 'Eng-pass-1', confirm: 'Eng-pass-1' }),
      'subAccounts.update': () => ({ disabled: true }),
      'apiKeys.create': () => ({ name: `k ${randomBytes(3).toString('hex')}`, access: 'r' }),
      'transfers.offer': () => ({ account: invitee.account }),
      'invitations.create': () => ({ account: uniqueEmail(), permission: 'rw', hours: 2 }),
      'manufacturer.register': () => ({ devices: [] }),
      'config.gatewayPut': () => LAN,
      'twoFactor.enable': () => ({ code: '000000' }),
      'twoFactor.disable': () => ({ password: 'Not-the-password-1' }),
      'config.devicePut': () => ({ name: 'Matrix-AP2' }),
      'floors.create': () => ({ name: `Floor ${randomBytes(2).toString('hex')}` }),
      'floors.update': () => ({ metresPerPixel: 0.04 }),
      'backups.create': () => ({ type: 'general' }),
      'backups.update': () => ({ remark: 'before the works' }),
      'backups.upload': () => backupFile,
      'backups.restore': () => ({}),
    } satisfies Partial<Record<EndpointId, () => unknown>>);
  });
  afterAll(async () => {
    await env?.close();
  });

  /** Every row a refused write could touch, to compare before and after. */
  async function snapshot(): Promise<string> {
    const tables = ['projects', 'project_members', 'api_keys', 'project_transfers', 'share_invitations', 'operations', 'config_sections', 'config_changes', 'floors', 'config_backups'];
    const parts = await Promise.all(tables.map((t) => env.db(t).select().orderBy('id')));
    const devices = await env.db('devices').select('sn', 'project_id', 'name', 'desired_name', 'config_version').orderBy('sn');
    const twoFactor = await env.db('account_two_factor').select().orderBy('account_id');
    const accounts = await env.db('accounts').select('id', 'password_hash', 'company_name', 'company_address').orderBy('id');
    const company = await Promise.all([
      env.db('sub_accounts').select().orderBy('account_id'),
      env.db('account_avatars').select('account_id', 'part', 'updated_at').orderBy(['account_id', 'part']),
    ]);
    return JSON.stringify([parts, devices, twoFactor, accounts, company]);
  }

  it('has a row for every declared endpoint, and no row for one that is not declared', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
  });

  const cells = ENDPOINTS.flatMap(({ id, endpoint }) => {
    const cellsOf = MATRIX[id];
    return cellsOf ? CALLERS.filter((caller) => cellsOf[caller] !== 'S').map((caller) => [id, caller, endpoint.method, endpoint.path, cellsOf[caller]] as const) : [];
  });

  it.each(cells)('%s by %s', async (id, caller, method, path, expected) => {
    const who = callers[caller];
    // the keys' calls come as fast as a script's: time passes between them, so their rate limit (2010) is not what is tested
    if (who.bearer) env.clock.advance(1000 / API_LIMITS.apiKeyPerSecond);
    const url = `/api/v1${fillPath(path, { ...params, ...PARAMS[id] })}`;
    const body = bodies[id]?.();
    let req = who.bearer ? request(env.app)[method](url).set('Authorization', `Bearer ${who.bearer}`) : who.c.agent[method](url);
    if (method !== 'get') req = req.set('X-Airloom-Csrf', '1');
    const before = method === 'get' ? '' : await snapshot();
    const res = await (body === undefined ? req : req.send(body as object));
    if (expected === 'P') {
      expect(NOT_PASSED.has(res.body.code), `${id} by ${caller}: ${JSON.stringify(res.body)}`).toBe(false);
    } else {
      expect([res.body.code, res.status < 500]).toEqual([expected, true]);
      if (method !== 'get') expect(await snapshot()).toBe(before);
    }
  });
});
