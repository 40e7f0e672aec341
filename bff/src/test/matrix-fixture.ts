// The authorization matrix's world (docs/authorization.md), shared by the suites that call every
// declared endpoint as every kind of caller (authorization-matrix.test.ts, bad-input.test.ts): an
// owner's project with an AP, a spare AP and a gateway, shares (read-write, read-only, expired), API
// keys, a transfer offer, an invitation, a floor, a backup, a wireless policy, a terminal, an RF run,
// a solution and a custom scenario; a valid body for each endpoint that takes one; and a digest of
// every row a refused write could touch.
import { randomBytes } from 'node:crypto';
import { API_LIMITS, type EndpointId, type HttpMethod } from '@airloom/contracts';
import { registerDevices } from '@airloom/gateway/testing';
import request from 'supertest';
import { expect } from 'vitest';
import { client, createTestEnv, signedUp, uniqueEmail, type Backend, type Client, type TestEnv } from './test-env.js';

export const CALLERS = ['owner', 'rw', 'r', 'expired', 'stranger', 'demo', 'anonymous', 'keyR', 'keyRw'] as const;
export type Caller = (typeof CALLERS)[number];

/** A caller's browser-like client, or the API key it sends as `Authorization: Bearer`. */
export interface CallerClient {
  c: Client;
  bearer?: string;
}

export interface MatrixFixture {
  env: TestEnv;
  callers: Record<Caller, CallerClient>;
  /** the endpoint's path parameters: the fixture's project, device, share… */
  paramsOf(id: EndpointId): Record<string, string | number>;
  /** a valid body of the endpoint (a fresh one each call; undefined when none is sent) */
  bodyOf(id: EndpointId): unknown;
  /**
   * A request as one caller: its API key, or its session cookie and, on writes, the CSRF header the
   * shared API client sends. A key's calls come as fast as a script's: time passes between them, so
   * their rate limit (2010) is not what a suite meets.
   */
  request(caller: Caller, method: HttpMethod, url: string): request.Test;
  /** Every row a refused write could touch, to compare before and after. */
  snapshot(): Promise<string>;
}

/** path parameters of one endpoint that differ from the common ones */
const PARAMS_OF: Partial<Record<EndpointId, Record<string, string>>> = {
  'config.gatewayGet': { section: 'vlan' },
  'config.gatewayPut': { section: 'vlan' },
  'config.deviceGet': { section: 'name' },
  'config.devicePut': { section: 'name' },
  'clients.offline': { mac: 'AA:00:00:00:00:01' },
  'clients.blacklistRemove': { mac: 'AA:00:00:00:00:01' },
  'firmware.removeFirmware': { imageId: '1' },
  'rollouts.resumeRollout': { rolloutId: '1' },
};
/** the smallest PNG: one transparent pixel */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const NOTIFY = { enabled: true, emails: ['matrix@example.com'], webhookUrl: 'http://127.0.0.1:9/hooks/matrix', alarmTypes: ['device-offline'] };
const LAN = { vlans: [{ id: 1, name: 'VLAN_Default', ip: '192.168.1.1', mask: 24 }] };
const POLICY = {
  name: 'Matrix-Staff', ssid: 'Matrix-Staff', band: '2.4g', securityMode: 2, cipher: 'aes', password: 'matrix-pass', keyUpdateCycle: 0, vlanId: null, maxClients: 8,
  hidden: false, schedule: null, guest: false, rateLimit: null, radius: null, applyTo: 'all', sns: [],
};

export async function createMatrixFixture(backend: Backend): Promise<MatrixFixture> {
  const PARAMS = { ...PARAMS_OF };
  let blacklisted = 0;
  const bodies: Partial<Record<EndpointId, () => unknown>> = {};
  const env = await createTestEnv(backend);
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
  const callers: Record<Caller, CallerClient> = {
    owner, rw, r, expired, stranger, demo: { c: demo }, anonymous: { c: client(env.app) },
    keyR: { c: client(env.app), bearer: keyR.secret }, keyRw: { c: client(env.app), bearer: keyRw.secret },
  };
  const params: Record<string, string | number> = { id, sn, opId: Number(operation), shareId: share, keyId: keyR.key.id, token: new URL(offer.link!, 'http://x').searchParams.get('token')!,
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

  return {
    env,
    callers,
    paramsOf: (id) => ({ ...params, ...PARAMS[id] }),
    bodyOf: (id) => bodies[id]?.(),
    request(caller, method, url) {
      const who = callers[caller];
      if (who.bearer) env.clock.advance(1000 / API_LIMITS.apiKeyPerSecond);
      const req = who.bearer ? request(env.app)[method](url).set('Authorization', `Bearer ${who.bearer}`) : who.c.agent[method](url);
      return method === 'get' ? req : req.set('X-Airloom-Csrf', '1');
    },
    snapshot,
  };
}
