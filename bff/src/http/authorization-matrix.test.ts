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
  // the same port each time: a later caller that passes meets the earlier one's terminal (411), not the access step
  'topology.addTerminal': PROJECT_WRITE,
  'topology.updateTerminal': PROJECT_WRITE,
  'topology.removeTerminal': row('S', 'S', R, N, N, N, T, R, 'S'),
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
  // each caller's own company; none has two-factor sign-in of its own, so the service refuses (79)
  'subAccounts.twoFactorPolicy': row('P', 'P', 'P', 'P', 'P', D, T, T, T),
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
  'transfers.history': OWNER_ONLY,
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
  'stats.interfaces': PROJECT_VIEW,
  'stats.project': PROJECT_VIEW,
  'stats.online': PROJECT_VIEW,
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
  // the matrix's floor has no AP bound: a passed scan asks nobody
  'floors.scan': PROJECT_WRITE,
  'floors.measurements': PROJECT_VIEW,
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
  'backups.schedule': PROJECT_VIEW,
  // the catalogue is no project's: anybody signed in reads it
  'models.list': SIGNED_IN,
  'backups.setSchedule': PROJECT_WRITE,
  'notifications.get': PROJECT_VIEW,
  'notifications.deliveries': PROJECT_VIEW,
  'notifications.update': PROJECT_WRITE,
  // the signing secret is for those who may change the settings
  'notifications.secret': PROJECT_WRITE,
  'notifications.rotateSecret': PROJECT_WRITE,
  // passed: sent to the matrix's recipient and webhook (nobody listens: it is retried later), or a repeated click (2010)
  'notifications.test': PROJECT_WRITE,
  'logs.list': PROJECT_VIEW,
  'logs.retention': PROJECT_VIEW,
  'logs.setRetention': PROJECT_WRITE,
  'logs.alarms': PROJECT_VIEW,
  'logs.markRead': PROJECT_WRITE,
  'logs.exportAlarms': PROJECT_VIEW,
  'clients.list': PROJECT_VIEW,
  // the matrix's AP is offline: a caller that passes the access step is refused by the service with 36
  'clients.offline': PROJECT_WRITE,
  'clients.blacklist': PROJECT_VIEW,
  'clients.blacklistAdd': PROJECT_WRITE,
  'clients.blacklistRemove': row('S', 'S', R, N, N, N, T, R, 'S'),
  // passed: the matrix's AP is offline (36), so no run starts
  'rf.start': PROJECT_WRITE,
  'rf.overview': PROJECT_VIEW,
  'rf.run': PROJECT_VIEW,
  // passed calls would remove the fixture's run (rf.int.test.ts removes a scheduled one)
  'rf.cancel': row('S', 'S', R, N, N, N, T, R, 'S'),
  'rf.records': PROJECT_VIEW,
  'wireless.list': PROJECT_VIEW,
  'wireless.get': PROJECT_VIEW,
  'wireless.create': PROJECT_WRITE,
  'wireless.update': PROJECT_WRITE,
  // removing and confirming are made by the wireless module's tests (they would undo the fixtures)
  'wireless.remove': row('S', 'S', R, N, N, N, T, R, 'S'),
  'wireless.apply': row('S', 'S', R, N, N, N, T, R, 'S'),
  'wireless.discard': PROJECT_WRITE,
  // a locate of the matrix's device: harmless to repeat, so every caller that passes may make it
  'maintenance.bulk': PROJECT_WRITE,
  // the firmware catalogue and the project's images; an upload that is no firmware is refused after the access step (912)
  'firmware.firmware': PROJECT_VIEW,
  'firmware.uploadFirmware': PROJECT_WRITE,
  'firmware.removeFirmware': row('S', 'S', R, N, N, N, T, R, 'S'),
  // the device's download: its token is the only credential (modules/firmware tests)
  'firmware.firmwareDownload': null,
  // a staged rollout would upgrade the matrix's devices: started and resumed in modules/firmware/firmware.int.test.ts
  'rollouts.rollouts': PROJECT_VIEW,
  'rollouts.startRollout': row('S', 'S', R, N, N, N, T, R, 'S'),
  'rollouts.resumeRollout': row('S', 'S', R, N, N, N, T, R, 'S'),
  'onboarding.template': SIGNED_IN,
  // passed calls would bind devices (undoing the fixtures) or need a file: onboarding.int.test.ts makes them
  'onboarding.addByCode': row('S', 'S', R, N, N, N, T, R, 'S'),
  'onboarding.import': row('S', 'S', R, N, N, N, T, R, 'S'),
  'deviceOps.rebootSchedule': PROJECT_VIEW,
  'deviceOps.setRebootSchedule': PROJECT_WRITE,
  // the device then answers for itself (offline here: 36); the password is never stored
  'deviceOps.setPassword': PROJECT_WRITE,
  'deviceOps.setManagementMode': PROJECT_WRITE,
  'deviceOps.copyConfig': PROJECT_WRITE,
  'deviceOps.maintenanceWindow': PROJECT_VIEW,
  'deviceOps.setMaintenanceWindow': PROJECT_WRITE,
  // the caller's own tunnel to the device (none here: disabled); opening one is devices.operate kind remote-web,
  // and the link itself is tested in modules/remote-web (a stranger and an expired share are refused there too)
  'remoteWeb.status': PROJECT_VIEW,
  // closing your own tunnel needs only the view right; a read-only API key writes nothing
  'remoteWeb.close': row('P', 'P', 'P', N, N, N, T, R, 'P'),
  // the solution designer: solutions belong to an account, not a project; the owner's solution is shared
  // read-only with r; a stranger's answer is 412 like a missing id (docs/solutions.md "Who may do what")
  'solutions.recommend': SIGNED_IN,
  'solutions.listScenarios': SIGNED_IN,
  'solutions.partnerOrigins': SIGNED_IN,
  'solutions.createScenario': row('P', 'P', 'P', 'P', 'P', D, T, R, 'P'),
  'solutions.updateScenario': row('P', N, N, N, N, D, T, R, 'P'),
  'solutions.removeScenario': row('S', N, N, N, N, D, T, R, 'S'),
  'solutions.list': SIGNED_IN,
  'solutions.create': row('P', 'P', 'P', 'P', 'P', D, T, R, 'P'),
  'solutions.get': row('P', N, 'P', N, N, N, T, 'P', 'P'),
  'solutions.update': row('P', N, R, N, N, N, T, R, 'P'),
  'solutions.remove': row('S', N, R, N, N, N, T, R, 'S'),
  // rendering starts Chromium: the PDF is fetched in modules/solutions
  'solutions.pdf': row('S', N, 'S', N, N, N, T, 'S', 'S'),
  'solutions.listShares': row('P', N, R, N, N, N, T, R, 'P'),
  'solutions.share': row('P', N, R, N, N, N, T, R, 'P'),
  'solutions.unshare': row('S', N, R, N, N, N, T, R, 'S'),
  'solutions.link': null, 'solutions.linkPdf': null,
  // reading the solution is enough to start one's own project from it; a read-only key creates no project
  'solutions.toProject': row('P', N, 'P', N, N, N, T, R, 'P'),
  'solutions.commissioning': PROJECT_VIEW,
  // the audit log (docs/audit-log.md): the project's is the owner's; one's own writes are a person's (a browser session)
  'audit.list': OWNER_ONLY,
  'audit.mine': row('P', 'P', 'P', 'P', 'P', 'P', T, T, T),
};

/** path parameters of one endpoint that differ from the common ones */
const PARAMS: Partial<Record<EndpointId, Record<string, string>>> = {
  'config.gatewayGet': { section: 'vlan' },
  'config.gatewayPut': { section: 'vlan' },
  'config.deviceGet': { section: 'name' },
  'config.devicePut': { section: 'name' },
  'clients.offline': { mac: 'AA:00:00:00:00:01' },
  'clients.blacklistRemove': { mac: 'AA:00:00:00:00:01' },
  'firmware.removeFirmware': { imageId: '1' },
  'rollouts.resumeRollout': { rolloutId: '1' },
};
let blacklisted = 0;
/** the smallest PNG: one transparent pixel */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const NOTIFY = { enabled: true, emails: ['matrix@example.com'], webhookUrl: 'http://127.0.0.1:9/hooks/matrix', alarmTypes: ['device-offline'] };
const LAN = { vlans: [{ id: 1, name: 'VLAN_Default', ip: '192.168.1.1', mask: 24 }] };
const POLICY = {
  name: 'Matrix-Staff', ssid: 'Matrix-Staff', band: '2.4g', securityMode: 2, cipher: 'aes', password: 'matrix-pass', keyUpdateCycle: 0, vlanId: null, maxClients: 8,
  hidden: false, schedule: null, guest: false, rateLimit: null, radius: null, applyTo: 'all', sns: [],
};

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
    // a confirmed wireless policy to read and change
    expect((await owner.c.post(`/api/v1/projects/${id}/wireless/policies`, POLICY)).body.code).toBe(0);
    expect((await owner.c.post(`/api/v1/projects/${id}/wireless/apply`, {})).body.code).toBe(0);
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
    // a wireless client of the matrix's AP
    await env.db('clients').insert({ project_id: id, mac: 'AA:00:00:00:00:01', sn, connection: 'wireless', ap_instance: 1, name: 'Matrix-iPhone', ip: '192.168.1.100', online: 1, online_since: at, updated_at: at, revision: at });
    const newcomer = uniqueEmail();
    await owner.c.post(`/api/v1/projects/${id}/invitations`, { account: newcomer, permission: 'r' });
    const invitation = env.outbox().reverse().find((m) => m.to === newcomer && m.purpose === 'invitation')!;
    // a floor with a plan (the bytes are not a real image: only the access step is tested here)
    const floorId = (await owner.c.post(`/api/v1/projects/${id}/floors`, { name: 'Ground' })).body.data.id as number;
    await env.db('floor_images').insert({ floor_id: floorId, seq: 0, bytes: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) });
    await env.db('floors').where({ id: floorId }).update({ image_bytes: 4 });
    // a hand-added terminal on the gateway's last port (its WAN, port 1, leads to the internet)
    const terminalId = (await owner.c.post(`/api/v1/projects/${id}/topology/terminals`, { sn: router, port: 5, kind: 'printer', model: 'HP LaserJet Pro' })).body.data.id as number;
    // alarm notifications to a recipient and a webhook nobody listens at
    expect((await owner.c.put(`/api/v1/projects/${id}/notifications`, NOTIFY)).body.code).toBe(0);
    // a finished RF optimisation to read
    const [runId] = await env.db('rf_optimisations').insert({ project_id: id, mode: 'manual', state: 'completed', percent: 100, sns_json: '[]', record_json: '{"radios":[]}', started_at: at, finished_at: at, created_at: at });
    const engineer = (await owner.c.post('/api/v1/account/sub-accounts', { account: uniqueEmail(), nick: 'Engineer', password: 'Eng-pass-1', confirm: 'Eng-pass-1' })).body.data.id as number;
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    callers = {
      owner, rw, r, expired, stranger, demo: { c: demo }, anonymous: { c: client(env.app) },
      keyR: { c: client(env.app), bearer: keyR.secret }, keyRw: { c: client(env.app), bearer: keyRw.secret },
    };
    params = { id, sn, opId: Number(operation), shareId: share, keyId: keyR.key.id, token: new URL(offer.link!, 'http://x').searchParams.get('token')!,
      invitation: new URL(invitation.link!, 'http://x').searchParams.get('token')!, changeId, floorId, subId: engineer, backupId, terminalId, runId: Number(runId),
      policyId: 1,
    };
    // a solution of the owner, shared read-only with r, and a custom scenario of the owner
    const SOLUTION = {
      name: 'Matrix hotel', scenario: 'hotel', inputs: { rooms: 20 }, gateway: { clients: 0, lines: 1, bandwidthMbps: 100, functions: [] },
      lines: [{ type: 'ap', model: 'AL-AP620', quantity: 4 }], advice: [], advantages: [], type: 'wlan', policy: 'balanced',
    };
    const SCENARIO = { name: 'Matrix hall', defaults: { floors: 1 }, wallLossDb: 5, wallSpacingM: 10, concurrency: 0.5 };
    const solutionId = (await owner.c.post('/api/v1/solutions', SOLUTION)).body.data.id as number;
    expect((await owner.c.post(`/api/v1/solutions/${solutionId}/shares`, { account: r.account })).body.code).toBe(0);
    const scenarioId = (await owner.c.post('/api/v1/solutions/scenarios', SCENARIO)).body.data.id as number;
    for (const e of ['get', 'update', 'remove', 'pdf', 'listShares', 'share', 'unshare', 'toProject'] as const) PARAMS[`solutions.${e}`] = { id: String(solutionId), shareId: '1' };
    for (const e of ['updateScenario', 'removeScenario'] as const) PARAMS[`solutions.${e}`] = { scenarioId: String(scenarioId) };
    Object.assign(bodies, {
      'solutions.recommend': () => ({ scenario: 'hotel', inputs: { rooms: 20 }, gateway: { clients: 0, lines: 1, bandwidthMbps: 100, functions: [] } }),
      'solutions.createScenario': () => SCENARIO,
      'solutions.updateScenario': () => SCENARIO,
      'solutions.create': () => SOLUTION,
      'solutions.update': () => SOLUTION,
      'solutions.share': () => ({ account: invitee.account }),
      'solutions.toProject': () => ({ projectName: `S ${randomBytes(3).toString('hex')}` }),
      'projects.create': () => ({ projectName: `M ${randomBytes(4).toString('hex')}`, scenario: 'hotel' }),
      'projects.update': () => ({ subtitle: 'Lobby' }),
      'devices.add': () => ({ sn: spare }),
      'onboarding.addByCode': () => ({ code: 'HJKM-2345' }),
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
      'subAccounts.twoFactorPolicy': () => ({ required: true }),
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
      'topology.addTerminal': () => ({ sn: router, port: 2, kind: 'ip-phone', model: 'Yealink T31P' }),
      'topology.updateTerminal': () => ({ sn: router, port: 5, kind: 'printer', model: 'HP LaserJet Pro', name: 'Matrix printer' }),
      'backups.create': () => ({ type: 'general' }),
      'backups.update': () => ({ remark: 'before the works' }),
      'backups.upload': () => backupFile,
      'backups.restore': () => ({}),
      'backups.setSchedule': () => ({ mode: 'daily', weekday: 1, hour: 3, keep: 14 }),
      'notifications.update': () => NOTIFY,
      'logs.setRetention': () => ({ days: 90 }),
      'logs.markRead': () => ({ all: true }),
      'clients.blacklistAdd': () => ({ mac: `02:00:00:00:00:${(++blacklisted).toString(16).padStart(2, '0')}` }),
      'rf.start': () => ({ mode: 'manual', sns: [sn, router] }),
      'wireless.create': () => ({ ...POLICY, name: `W ${randomBytes(3).toString('hex')}`, ssid: `W-${randomBytes(3).toString('hex')}` }),
      'wireless.update': () => ({ ...POLICY, hidden: true }),
      'maintenance.bulk': () => ({ kind: 'locate', sns: [sn] }),
      'rollouts.startRollout': () => ({ sns: [sn] }),
      'deviceOps.setRebootSchedule': () => ({ schedules: [{ mode: 'weekly', days: [0], time: '04:00' }] }),
      'deviceOps.setPassword': () => ({ password: 'Matrix-pass1', confirm: 'Matrix-pass1' }),
      'deviceOps.setManagementMode': () => ({ mode: 'local' }),
      'deviceOps.copyConfig': () => ({ from: router }),
      'deviceOps.setMaintenanceWindow': () => ({ enabled: true, days: [0], time: '03:00', reboot: true }),
    } satisfies Partial<Record<EndpointId, () => unknown>>);
  });
  afterAll(async () => {
    await env?.close();
  });

  /** Every row a refused write could touch, to compare before and after. */
  async function snapshot(): Promise<string> {
    const tables = ['projects', 'project_members', 'api_keys', 'project_transfers', 'share_invitations', 'operations', 'config_sections', 'config_changes', 'floors', 'config_backups', 'topology_terminals', 'rf_optimisations', 'solutions', 'solution_shares', 'solution_scenarios', 'project_planned_devices'];
    // a key's last use is stamped (at most once a minute) by any call made with it, refused or not
    const parts = await Promise.all(tables.map((t) => env.db(t).select().orderBy('id').then((rows: Record<string, unknown>[]) => (t === 'api_keys' ? rows.map(({ last_used_at: _used, ...key }) => key) : rows))));
    const devices = await env.db('devices').select('sn', 'project_id', 'name', 'desired_name', 'config_version').orderBy('sn');
    const twoFactor = await env.db('account_two_factor').select().orderBy('account_id');
    const accounts = await env.db('accounts').select('id', 'password_hash', 'company_name', 'company_address').orderBy('id');
    const company = await Promise.all([
      env.db('sub_accounts').select().orderBy('account_id'),
      env.db('account_avatars').select('account_id', 'part', 'updated_at').orderBy(['account_id', 'part']),
      env.db('company_two_factor_policy').select().orderBy('account_id'),
      env.db('config_backup_schedules').select().orderBy('project_id'),
      env.db('notification_settings').select().orderBy('project_id'),
      // what a write makes; the dispatcher's own retries (state, attempts, lease: after 1, 5, 15 min) go on meanwhile
      env.db('notification_deliveries').select('id', 'project_id', 'alarm_type', 'channel', 'target', 'dedupe_key', 'payload_json').orderBy('id'),
      env.db('wireless_pending').select().orderBy('project_id'),
      env.db('device_reboot_schedules').select().orderBy('sn'),
      env.db('project_maintenance_windows').select().orderBy('project_id'),
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
      expect([res.body.code, res.status < 500], JSON.stringify(res.body)).toEqual([expected, true]);
      if (method !== 'get') expect(await snapshot()).toBe(before);
    }
  });
});
