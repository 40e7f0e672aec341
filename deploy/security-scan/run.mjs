#!/usr/bin/env node
// sqlmap and wapiti against a local console with a signed-in session (docs/security.md, "Scanners:
// sqlmap and wapiti"). Not part of CI: it takes about a quarter of an hour of both cores.
//
//   node deploy/security-scan/run.mjs            # needs: apt-get install -y sqlmap wapiti
//   node deploy/security-scan/run.mjs --only sqlmap --ops 'audit\.'   # a part of it again
//
// What it does:
//  1. builds the front ends when `shell/dist` is missing (as `npm start` does) and starts the console
//     as `npm start` does — `bff/src/main.ts` on Node 24, embedded defaults: SQLite, the embedded
//     broker, the demo data — on free ports, with a fresh temporary DATA_DIR (removed on exit);
//  2. signs up an owner through the API (the code comes from DATA_DIR/outbox.jsonl, docs/dev-outbox.md)
//     and signs in through POST /api/v1/auth/login: the seeded demo accounts have no password and own
//     nothing (the live demo is read-only), so the scan makes its own owner. Through the API it then
//     builds what the endpoints act on, as the authorization matrix does (bff/src/test/matrix-fixture.ts):
//     a project with devices (registered with the manufacturer key of DATA_DIR), shares, a transfer
//     offer, an invitation, floors, terminals, backups, wireless policies, engineers, solutions…;
//  3. sqlmap (--level 3 --risk 2) on every operation of the OpenAPI document (/api/v1/openapi.json)
//     that takes path, query or body input: one request file per operation, the session cookie and, on
//     writes, `X-Airloom-Csrf: 1`; each path and query value carries sqlmap's `*` marker, and sqlmap
//     marks every value of the JSON body itself. The User-Agent (stored in the audit log), Referer and
//     the session cookie are tested on three operations of their own (the same code reads them for every
//     request). Reads first, then writes, then deletes, so a delete cannot take away what a later test
//     needs;
//  4. wapiti (default modules plus crlf, backup, htaccess) with the session cookie, scoped to the
//     console's origin, from the pages and every GET operation with example path and query values;
//  5. prints a summary and exits 1 on an injectable parameter, a high (or critical) wapiti finding, an
//     answer 500 or a session lost during the scan.
//
// Excluded, and why:
//  - operations with no input (auth.logout, auth.demo, auth.me, lists without parameters…): nothing to
//    inject; auth.logout and auth.demo would also end or replace the session;
//  - event streams (devices.events, activations.events): the answer never ends, each sqlmap request
//    would wait for its timeout;
//  - multipart bodies (floor plan, firmware, device import): their path and query are tested, the file
//    part is not (sqlmap marks form fields, not file contents);
//  - what would end the scan's session or lock the owner out is sent so it cannot: account.password and
//    twoFactor.disable with a wrong current password, the auth endpoints (login, reset, sign-up, codes)
//    for another account and without the owner's cookie;
//  - destructive operations act on throw-away objects: projects.remove on a project of its own,
//    devices.remove on a device of its own, apiKeys.revoke on a key the scan does not use, and likewise
//    for shares, floors, terminals, backups, policies, engineers, solutions, scenarios and the blacklist.
//
// sqlmap: detection runs one request at a time whatever `--threads` says (threads only speed up data
// retrieval after a finding), so the script runs `--jobs` sqlmap processes side by side (default 2,
// this machine's cores) with `--threads 2`. `--smart` is not used: every parameter gets every test of
// level 3 / risk 2. Techniques are all six (BEUSTQ); `--time-sec 2` (default 5) shortens the time-based
// tests' waits, which happen only when a payload works. `--dbms SQLite` (`--dbms all` to drop it): the
// console under test runs SQLite, and payloads written for other databases' functions cannot succeed
// there; the generic boolean, error and UNION tests run either way.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../../scripts/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Node 24 from the root devDependency `node` (TOOLCHAIN: the system's Node 20 cannot load better-sqlite3 13) */
const nodeBin = [path.join(root, 'node_modules', 'node', 'bin', 'node'), path.join(root, 'node_modules', '.bin', 'node')].find((p) => existsSync(p)) ?? process.execPath;

const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '2' },
    only: { type: 'string' },
    ops: { type: 'string' },
    dbms: { type: 'string', default: 'SQLite' },
    'wapiti-minutes': { type: 'string', default: '6' },
    plan: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(`Usage: node deploy/security-scan/run.mjs [--jobs 2] [--only sqlmap|wapiti] [--ops REGEX] [--dbms SQLite|all] [--wapiti-minutes 6]
  --ops REGEX   only the operations whose id matches (sqlmap), e.g. 'audit\\.|devices\\.list'
  --plan        no scanner: write the requests, send each one that is not a delete once, print their answers`);
  process.exit(0);
}
const JOBS = Math.max(1, Number(args.jobs) || 2);
const RUN_SQLMAP = args.only !== 'wapiti';
const RUN_WAPITI = args.only !== 'sqlmap';
const OPS = args.ops ? new RegExp(args.ops) : undefined;

const PASSWORD = 'Scan-pass-12';
const CSRF_HEADER = 'X-Airloom-Csrf';
const SESSION_COOKIE = 'airloom_session';

// ---------------------------------------------------------------- processes, and their end

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
let dataDir;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A child in its own process group, so that stopping it stops what it started too. */
function start(cmd, argv, options) {
  const proc = spawn(cmd, argv, { ...options, detached: true });
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  return proc;
}

function killGroup(proc, signal) {
  try {
    process.kill(-proc.pid, signal);
  } catch {
    /* gone already */
  }
}

let cleaned = false;
function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const proc of children) killGroup(proc, 'SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n[scan] ${signal}: stopping`);
    for (const proc of children) killGroup(proc, 'SIGTERM');
    setTimeout(() => process.exit(130), 2000).unref();
  });
}

function onPath(bin) {
  return spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const log = (m) => console.log(`[scan] ${m}`);

// ---------------------------------------------------------------- the console

async function startConsole(outDir) {
  if (!existsSync(path.join(root, 'shell', 'dist', 'index.html'))) {
    log('building the front ends (npm run build)');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const [port, mqttPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    // one line a request (method, path, status): the count of requests and of 500s comes from it
    LOG_LEVEL: 'info',
    // the demo data is seeded; its simulated fleet and a month of its history are left out, so the
    // scanners have the cores (nothing scanned talks to them)
    SIM_DEMO_FLEET: 'false',
    DEMO_HISTORY: 'false',
  };
  delete env.DATABASE_URL;
  delete env.MQTT_URL;
  const logFile = path.join(outDir, 'console.log');
  const out = createWriteStream(logFile);
  const proc = start(nodeBin, ['--conditions=airloom-source', '--import', 'tsx', 'src/main.ts'], { cwd: path.join(root, 'bff'), env, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout.pipe(out);
  proc.stderr.pipe(out);
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    if (proc.exitCode !== null) throw new Error(`the console exited (${proc.exitCode}); see ${logFile}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, proc, logFile };
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  throw new Error(`the console was not ready within 120 s; see ${logFile}`);
}

async function stopConsole(proc) {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  killGroup(proc, 'SIGTERM');
  const timer = setTimeout(() => killGroup(proc, 'SIGKILL'), 12_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------- the API, as a browser's client calls it

function client(base) {
  /** @param {{ body?: unknown; cookie?: string; bearer?: string }} [o] */
  return async function call(method, url, o = {}) {
    const headers = { accept: 'application/json' };
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && !o.bearer) headers[CSRF_HEADER] = '1';
    if (o.cookie) headers.cookie = `${SESSION_COOKIE}=${o.cookie}`;
    if (o.bearer) headers.authorization = `Bearer ${o.bearer}`;
    const res = await fetch(`${base}${url}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body), redirect: 'manual' });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const cookie = res.headers.getSetCookie().map((c) => c.match(new RegExp(`^${SESSION_COOKIE}=([^;]*)`))?.[1]).find(Boolean);
    return { status: res.status, json, text, cookie };
  };
}

/** the data of a `{code:0,data}` answer, or an error naming the call */
function data(what, res) {
  if (res.status >= 300 || res.json?.code !== 0) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.json.data;
}

function outbox() {
  const file = path.join(dataDir, 'outbox.jsonl');
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
}
const lastMessage = (to, purpose) => outbox().reverse().find((m) => m.to === to && m.purpose === purpose);
const tokenOf = (message) => new URL(message.link, 'http://x').searchParams.get('token');

async function signUp(api, account) {
  data(`code for ${account}`, await api('POST', '/api/v1/auth/code', { body: { account, purpose: 'signup' } }));
  const code = lastMessage(account, 'signup').code;
  data(`sign-up of ${account}`, await api('POST', '/api/v1/auth/signup', { body: { account, code, password: PASSWORD, confirm: PASSWORD } }));
}

async function signIn(api, account) {
  const res = await api('POST', '/api/v1/auth/login', { body: { account, password: PASSWORD, ttl: 24 * 3600 } });
  data(`sign-in of ${account}`, res);
  if (!res.cookie) throw new Error(`sign-in of ${account}: no ${SESSION_COOKIE} cookie`);
  return res.cookie;
}

const hex = (n) => [...crypto.getRandomValues(new Uint8Array(n))].map((b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();

// ---------------------------------------------------------------- the world the endpoints act on

const LAN = { vlans: [{ id: 1, name: 'VLAN_Default', ip: '192.168.1.1', mask: 24 }] };
const POLICY = {
  name: 'Scan-Staff', ssid: 'Scan-Staff', band: '2.4g', securityMode: 2, cipher: 'aes', password: 'scan-pass-1', keyUpdateCycle: 0, vlanId: null, maxClients: 8,
  hidden: false, schedule: null, guest: false, rateLimit: null, radius: null, applyTo: 'all', sns: [],
};
const NOTIFY = { enabled: true, emails: ['scan@example.com'], webhookUrl: 'http://127.0.0.1:9/hooks/scan', alarmTypes: ['device-offline'] };
const SOLUTION = {
  name: 'Scan hotel', scenario: 'hotel', inputs: { rooms: 20 }, gateway: { clients: 0, lines: 1, bandwidthMbps: 100, functions: [] },
  lines: [{ type: 'ap', model: 'AL-AP620', quantity: 4 }], advice: [], advantages: [], type: 'wlan', policy: 'balanced',
};
const SCENARIO = { name: 'Scan hall', defaults: { floors: 1 }, wallLossDb: 5, wallSpacingM: 10, concurrency: 0.5 };
/** the smallest PNG: one transparent pixel */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function buildWorld(base) {
  const api = client(base);
  const stamp = Date.now().toString(36);
  const mail = (who) => `scan-${who}-${stamp}@example.com`;
  const accounts = { owner: mail('owner'), friend: mail('friend'), guest: mail('guest'), guest2: mail('guest2'), login: mail('login'), newcomer: mail('newcomer') };
  for (const who of ['owner', 'friend', 'guest', 'guest2', 'login']) await signUp(api, accounts[who]);
  const cookie = await signIn(api, accounts.owner);
  const as = (method, url, body) => api(method, url, { cookie, body });
  const ok = async (what, method, url, body) => data(what, await as(method, url, body));

  const project = (await ok('project', 'POST', '/api/v1/projects', { projectName: 'Scan Hotel', scenario: 'hotel' })).id;
  const throwaway = (await ok('throw-away project', 'POST', '/api/v1/projects', { projectName: 'Scan Throwaway', scenario: 'hotel' })).id;
  // the offer whose token the token endpoints use is of a project of its own: a new offer of a project replaces its last one
  const offered = (await ok('project to offer', 'POST', '/api/v1/projects', { projectName: 'Scan Offered', scenario: 'hotel' })).id;
  const transferred = (await ok('project to transfer', 'POST', '/api/v1/projects', { projectName: 'Scan Transfer', scenario: 'hotel' })).id;

  // devices, as a manufacturer registers them: in the project, one for the owner to add, one to remove
  const manufacturerKey = readFileSync(path.join(dataDir, 'manufacturer.key'), 'utf8').trim();
  const sn = { ap: `SA${hex(7)}`, ap2: `SB${hex(7)}`, router: `SR${hex(7)}`, spare: `SS${hex(7)}`, gone: `SG${hex(7)}`, coded: `SC${hex(7)}`, factory: `SF${hex(7)}` };
  const mac = (i) => `00:1A:2B:5C:00:${String(i).padStart(2, '0')}`;
  const secret = (i) => `secret-of-scan-device-${i}`;
  const device = (s, type, model, i, extra) => ({ sn: s, type, model, mac: mac(i), secret: secret(i), ...extra });
  data(
    'devices',
    await api('POST', '/api/v1/manufacturer/devices', {
      bearer: manufacturerKey,
      body: {
        devices: [
          device(sn.ap, 'ap', 'AL-AP620', 1, { projectId: project }),
          device(sn.ap2, 'ap', 'AL-AP620', 2, { projectId: project }),
          device(sn.router, 'router', 'AL-GW1200', 3, { projectId: project }),
          device(sn.gone, 'ap', 'AL-AP620', 4, { projectId: project }),
          device(sn.spare, 'ap', 'AL-AP620', 5, { owner: accounts.owner }),
          device(sn.coded, 'ap', 'AL-AP620', 6, { owner: accounts.owner, cloudCode: 'HJKM-2345' }),
        ],
      },
    }),
  );

  await ok('gateway VLANs', 'PUT', `/api/v1/projects/${project}/gateway/vlan`, LAN);
  const changeId = (await ok('history', 'GET', `/api/v1/projects/${project}/config/history`)).items[0]?.id ?? 1;
  const backupId = (await ok('backup', 'POST', `/api/v1/projects/${project}/backups`, { type: 'general' })).id;
  const backupFile = (await as('GET', `/api/v1/projects/${project}/backups/${backupId}/download`)).json;
  // one backup each 3 minutes (spec): the one to delete comes back as an upload of the first
  const backupDel = (await ok('backup to delete', 'POST', `/api/v1/projects/${project}/backups/upload`, backupFile)).id;
  await ok('policy', 'POST', `/api/v1/projects/${project}/wireless/policies`, POLICY);
  await ok('policy to delete', 'POST', `/api/v1/projects/${project}/wireless/policies`, { ...POLICY, name: 'Scan-Del', ssid: 'Scan-Del' });
  await ok('policies applied', 'POST', `/api/v1/projects/${project}/wireless/apply`, {});
  const policies = (await ok('policies', 'GET', `/api/v1/projects/${project}/wireless/policies`)).policies;
  const policyId = policies.find((p) => p.name === POLICY.name)?.id ?? 1;
  const policyDel = policies.find((p) => p.name === 'Scan-Del')?.id ?? 2;
  const shareId = (await ok('share', 'POST', `/api/v1/projects/${project}/shares`, { account: accounts.friend, permission: 'rw' })).id;
  const shareDel = (await ok('share to delete', 'POST', `/api/v1/projects/${project}/shares`, { account: accounts.guest, permission: 'r' })).id;
  await ok('transfer offer', 'POST', `/api/v1/projects/${offered}/transfer`, { account: accounts.friend });
  const transferToken = tokenOf(lastMessage(accounts.friend, 'transfer'));
  await ok('invitation', 'POST', `/api/v1/projects/${project}/invitations`, { account: accounts.newcomer, permission: 'r' });
  const invitationToken = tokenOf(lastMessage(accounts.newcomer, 'invitation'));
  // the token endpoints answer the account an offer or invitation is for: they are scanned as it
  await signUp(api, accounts.newcomer);
  const recipients = { friend: await signIn(api, accounts.friend), newcomer: await signIn(api, accounts.newcomer) };
  const cookieOf = {
    'transfers.view': recipients.friend, 'transfers.accept': recipients.friend, 'transfers.decline': recipients.friend,
    'invitations.view': recipients.newcomer, 'invitations.accept': recipients.newcomer,
  };
  const floorId = (await ok('floor', 'POST', `/api/v1/projects/${project}/floors`, { name: 'Ground' })).id;
  const floorDel = (await ok('floor to delete', 'POST', `/api/v1/projects/${project}/floors`, { name: 'Attic' })).id;
  const terminalId = (await ok('terminal', 'POST', `/api/v1/projects/${project}/topology/terminals`, { sn: sn.router, port: 5, kind: 'printer', model: 'HP LaserJet Pro' })).id;
  const terminalDel = (await ok('terminal to delete', 'POST', `/api/v1/projects/${project}/topology/terminals`, { sn: sn.router, port: 4, kind: 'ip-phone', model: 'Yealink T31P' })).id;
  await ok('notifications', 'PUT', `/api/v1/projects/${project}/notifications`, NOTIFY);
  const blacklisted = '02:00:00:5C:00:01';
  await ok('blacklist', 'POST', `/api/v1/projects/${project}/blacklist`, { mac: blacklisted });
  const engineer = (account) => ({ account, nick: 'Engineer', password: PASSWORD, confirm: PASSWORD });
  const subId = (await ok('engineer', 'POST', '/api/v1/account/sub-accounts', engineer(mail('engineer')))).id;
  const subDel = (await ok('engineer to remove', 'POST', '/api/v1/account/sub-accounts', engineer(mail('engineer2')))).id;
  const keyId = (await ok('API key to revoke', 'POST', '/api/v1/account/api-keys', { name: 'scan throw-away', access: 'r' })).key.id;
  const solutionId = (await ok('solution', 'POST', '/api/v1/solutions', SOLUTION)).id;
  const solutionDel = (await ok('solution to delete', 'POST', '/api/v1/solutions', { ...SOLUTION, name: 'Scan attic' })).id;
  await ok('solution share', 'POST', `/api/v1/solutions/${solutionId}/shares`, { account: accounts.friend });
  // a link's token is shown once, when it is made
  const linkToken = (await ok('solution link', 'POST', `/api/v1/solutions/${solutionId}/shares`, { link: true, hours: 24 })).token;
  const solutionShares = (await ok('solution shares', 'GET', `/api/v1/solutions/${solutionId}/shares`)).items;
  const solutionShareId = solutionShares.find((s) => s.account)?.id ?? 1;
  const scenarioId = (await ok('scenario', 'POST', '/api/v1/solutions/scenarios', SCENARIO)).id;
  const scenarioDel = (await ok('scenario to delete', 'POST', '/api/v1/solutions/scenarios', { ...SCENARIO, name: 'Scan attic' })).id;
  // refused on an offline device or a project without a run; the ids stay 1 then (sqlmap still tests them)
  const operation = await as('POST', `/api/v1/projects/${project}/devices/${sn.ap}/operations`, { kind: 'locate' });
  const opId = operation.json?.data?.id ?? 1;
  const rf = await as('POST', `/api/v1/projects/${project}/rf/optimisations`, { mode: 'manual', sns: [sn.ap, sn.router] });
  const runId = rf.json?.data?.id ?? 1;

  const params = {
    id: project, sn: sn.ap, section: 'vlan', opId, shareId, keyId, token: transferToken, invitation: invitationToken, changeId, floorId, subId, backupId,
    terminalId, runId, policyId, scenarioId, mac: 'AA:00:00:00:00:01', imageId: 1, rolloutId: 1, identityId: 1,
  };
  /** operations whose parameters differ from the common ones: throw-away objects, other kinds of object */
  const paramsOf = {
    'projects.remove': { id: throwaway },
    'transfers.offer': { id: transferred }, 'transfers.pending': { id: transferred }, 'transfers.cancel': { id: transferred }, 'transfers.history': { id: transferred },
    'devices.remove': { sn: sn.gone },
    'config.deviceGet': { section: 'name' }, 'config.devicePut': { section: 'name' },
    'shares.remove': { shareId: shareDel },
    'floors.remove': { floorId: floorDel },
    'topology.removeTerminal': { terminalId: terminalDel },
    'backups.remove': { backupId: backupDel },
    'wireless.remove': { policyId: policyDel },
    'subAccounts.remove': { subId: subDel },
    'clients.blacklistRemove': { mac: blacklisted },
    'solutions.removeScenario': { scenarioId: scenarioDel },
    'solutions.remove': { id: solutionDel },
    'solutions.unshare': { id: solutionId, shareId: solutionShareId },
    'solutions.link': { token: linkToken }, 'solutions.linkPdf': { token: linkToken },
    'firmware.firmwareDownload': { token: 'scan'.repeat(8) },
  };
  for (const e of ['get', 'update', 'pdf', 'listShares', 'share', 'toProject']) paramsOf[`solutions.${e}`] = { id: solutionId };

  /** a valid body per operation (the matrix's), others are made from the schema */
  const bodies = {
    'auth.sendCode': { account: accounts.login, purpose: 'reset' },
    'auth.signup': { account: mail('signup'), code: '000000', password: PASSWORD, confirm: PASSWORD },
    'auth.login': { account: accounts.login, password: PASSWORD, ttl: 3600 },
    'auth.loginTwoFactor': { challenge: hex(16), code: '000000' },
    'auth.reset': { account: accounts.login, code: '000000', password: PASSWORD, confirm: PASSWORD },
    'twoFactor.enable': { code: '000000' },
    'twoFactor.disable': { password: 'Not-the-password-1' },
    'account.password': { oldPassword: 'Not-the-password-1', password: 'New-pass-123', confirm: 'New-pass-123' },
    'account.profile': { nick: 'ScanOwner' },
    'profile.company': { companyName: 'Scan Networks', companyAddress: '1 Scan Road' },
    'profile.uploadAvatar': { image: PNG },
    'projects.create': { projectName: `Scan ${stamp}`, scenario: 'hotel', location: 'Shenzhen', address: '1 Scan Road' },
    'projects.update': { subtitle: 'Lobby' },
    'devices.add': { sn: sn.spare },
    'devices.rename': { name: 'Scan-AP' },
    'devices.operate': { kind: 'locate' },
    'manufacturer.register': { devices: [device(sn.factory, 'ap', 'AL-AP620', 9, { owner: accounts.owner })] },
    'onboarding.addByCode': { code: 'HJKM-2345' },
    'shares.create': { account: accounts.guest2, permission: 'r', hours: 1 },
    'shares.update': { permission: 'rw' },
    'subAccounts.create': engineer(mail('engineer3')),
    'subAccounts.update': { disabled: true },
    'subAccounts.twoFactorPolicy': { required: true },
    'apiKeys.create': { name: 'scan key', access: 'r' },
    'transfers.offer': { account: accounts.friend },
    'invitations.create': { account: mail('invited'), permission: 'rw', hours: 2 },
    'config.gatewayPut': LAN,
    'config.devicePut': { name: 'Scan-AP2' },
    'floors.create': { name: 'Mezzanine' },
    'floors.update': { metresPerPixel: 0.04 },
    'topology.addTerminal': { sn: sn.router, port: 2, kind: 'ip-phone', model: 'Yealink T31P' },
    'topology.updateTerminal': { sn: sn.router, port: 5, kind: 'printer', model: 'HP LaserJet Pro', name: 'Scan printer' },
    'backups.create': { type: 'general' },
    'backups.update': { remark: 'before the works' },
    'backups.upload': backupFile,
    'backups.restore': {},
    'backups.setSchedule': { mode: 'daily', weekday: 1, hour: 3, keep: 14 },
    'notifications.update': NOTIFY,
    'logs.setRetention': { days: 90 },
    'logs.markRead': { all: true },
    'clients.blacklistAdd': { mac: '02:00:00:5C:00:02' },
    'rf.start': { mode: 'manual', sns: [sn.ap, sn.router] },
    'wireless.create': { ...POLICY, name: 'Scan-Guest', ssid: 'Scan-Guest' },
    'wireless.update': { ...POLICY, hidden: true },
    'wireless.apply': {},
    'maintenance.bulk': { kind: 'locate', sns: [sn.ap] },
    'rollouts.startRollout': { sns: [sn.ap] },
    'deviceOps.setRebootSchedule': { schedules: [{ mode: 'weekly', days: [0], time: '04:00' }] },
    'deviceOps.setPassword': { password: 'Scan-pass1', confirm: 'Scan-pass1' },
    // cloud: local management would refuse every later change of the device
    'deviceOps.setManagementMode': { mode: 'cloud' },
    'deviceOps.copyConfig': { from: sn.ap2 },
    'deviceOps.setMaintenanceWindow': { enabled: true, days: [0], time: '03:00', reboot: true },
    'solutions.recommend': { scenario: 'hotel', inputs: { rooms: 20 }, gateway: { clients: 0, lines: 1, bandwidthMbps: 100, functions: [] } },
    'solutions.createScenario': { ...SCENARIO, name: 'Scan lobby' },
    'solutions.updateScenario': SCENARIO,
    'solutions.create': SOLUTION,
    'solutions.update': SOLUTION,
    'solutions.share': { account: accounts.guest2 },
    'solutions.toProject': { projectName: `Plan ${stamp}` },
  };
  /** query strings with values that find something */
  const queries = {
    'devices.list': { type: 'ap', state: 'offline', search: 'Scan' },
    'activations.list': { type: 'ap', brand: 'Airloom', model: 'AL-AP620', country: 'CN', from: '2026-01-01', to: '2026-12-31', page: 1, sort: 'model', order: 'asc' },
    'activations.export': { type: 'ap', brand: 'Airloom', model: 'AL-AP620', country: 'CN', from: '2026-01-01', to: '2026-12-31', sort: 'model', order: 'asc' },
    'activations.summary': { range: '1m', countries: 'CN' },
    'config.history': { section: 'vlan' },
    'backups.diff': { sns: sn.router },
    'logs.list': { type: 'all', from: '2026-01-01', to: '2026-12-31', sn: sn.ap, page: 1, pageSize: 50 },
    'logs.alarms': { read: '0', range: 'week', sn: sn.ap, page: 1, pageSize: 50 },
    'logs.exportAlarms': { read: '0', range: 'week', sn: sn.ap, format: 'csv' },
    'audit.list': { from: '2026-01-01', to: '2099-12-31', account: accounts.owner, endpoint: 'projects.update', outcome: 'done', page: 1, pageSize: 50 },
    'audit.mine': { from: '2026-01-01', to: '2099-12-31', account: accounts.owner, endpoint: 'projects.update', outcome: 'done', page: 1, pageSize: 50 },
    'models.list': { q: 'AP', type: 'ap' },
    'oidc.start': { intent: 'login', next: '/manage/status' },
    'oidc.callback': { code: 'scan', state: 'scan', error: 'access_denied' },
  };
  return { accounts, cookie, cookieOf, project, params, paramsOf, bodies, queries, manufacturerKey, sn };
}

// ---------------------------------------------------------------- requests from the OpenAPI document

/** An example value of a JSON Schema (the document's request schemas), for operations the tables above do not name. */
function example(schema, name = '') {
  if (!schema || typeof schema !== 'object') return 'x';
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf']) if (schema[key]) return example(schema[key].find((s) => s.type !== 'null') ?? schema[key][0], name);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => example(s, name)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) if ((schema.required ?? []).includes(key)) out[key] = example(property, key);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => example(schema.items, name));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    default:
      return 'scan'.padEnd(schema.minLength ?? 4, 'x').slice(0, schema.maxLength ?? 64);
  }
}

/**
 * One request per operation with input. Path and query values carry sqlmap's `*` marker; JSON bodies
 * are marked by sqlmap itself.
 */
function planTargets(doc, world, host) {
  const targets = [];
  const skipped = [];
  for (const [template, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const id = op.operationId;
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const jsonBody = op.requestBody?.content?.['application/json'];
      const stream = Object.values(op.responses ?? {}).some((r) => r.content?.['text/event-stream']);
      if (stream) {
        skipped.push({ id, why: 'an event stream: the answer never ends' });
        continue;
      }
      if (!pathParams.length && !queryParams.length && !jsonBody) {
        skipped.push({ id, why: 'no input' });
        continue;
      }
      const values = { ...world.params, ...world.paramsOf[id] };
      let url = (op.servers?.[0]?.url ?? doc.servers[0].url).replace(/\/$/, '') + template;
      for (const p of pathParams) url = url.replace(`{${p.name}}`, `${encodeURIComponent(String(values[p.name] ?? example(p.schema, p.name)))}*`);
      const query = world.queries[id] ?? Object.fromEntries(queryParams.map((p) => [p.name, example(p.schema, p.name)]));
      const qs = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}*`).join('&');
      if (qs) url += `?${qs}`;
      const body = jsonBody ? (world.bodies[id] ?? example(jsonBody.schema)) : undefined;
      const security = (op.security ?? []).map((s) => Object.keys(s)[0]);
      const upper = method.toUpperCase();
      const headers = [`Host: ${host}`, 'Accept: application/json'];
      if (id === 'manufacturer.register') headers.push(`Authorization: Bearer ${world.manufacturerKey}`);
      else if (security.includes('session')) headers.push(`Cookie: ${SESSION_COOKIE}=${world.cookieOf[id] ?? world.cookie}`);
      if (upper !== 'GET' && id !== 'manufacturer.register') headers.push(`${CSRF_HEADER}: 1`);
      const text = body === undefined ? '' : JSON.stringify(body);
      if (body !== undefined) headers.push('Content-Type: application/json');
      const request = `${upper} ${url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${text}`;
      const phase = upper === 'GET' ? 0 : upper === 'DELETE' ? 2 : 1;
      targets.push({ id, method: upper, url, body, request, phase, points: pathParams.length + Object.keys(query).length });
    }
  }
  // the headers every request is read with: the session cookie and, stored by the audit log on every
  // write, User-Agent and Referer — tested on one read and two writes instead of on every operation
  const headerTargets = [
    { id: 'headers: auth.me', method: 'GET', url: '/api/v1/auth/me' },
    { id: 'headers: projects.update', method: 'PATCH', url: `/api/v1/projects/${world.project}`, body: { subtitle: 'Lobby' } },
    { id: 'headers: floors.create', method: 'POST', url: `/api/v1/projects/${world.project}/floors`, body: { name: 'Roof' } },
  ].map((t) => {
    const headers = [`Host: ${host}`, 'Accept: application/json', 'User-Agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36', `Referer: http://${host}/manage/status`, `Cookie: ${SESSION_COOKIE}=${world.cookie}`];
    if (t.method !== 'GET') headers.push(`${CSRF_HEADER}: 1`, 'Content-Type: application/json');
    return { ...t, phase: 1, points: 0, headers: true, request: `${t.method} ${t.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${t.body ? JSON.stringify(t.body) : ''}` };
  });
  return { targets: [...targets, ...headerTargets], skipped };
}

// ---------------------------------------------------------------- sqlmap

function runSqlmap(target, dir) {
  const safe = target.id.replace(/[^A-Za-z0-9._-]+/g, '_');
  const requestFile = path.join(dir, 'requests', `${safe}.txt`);
  writeFileSync(requestFile, target.request);
  const argv = [
    '-r', requestFile, '--batch', '--ignore-stdin', '--level', '3', '--risk', '2', '--threads', '2',
    '--time-sec', '2', '--timeout', '15', '--retries', '1',
    // the console answers a path with a SQL-looking probe with a 4xx like any bad input; sqlmap's WAF
    // heuristic took that for a firewall and stopped before testing the DELETE operations
    '--skip-waf',
    // a DELETE's object is gone after sqlmap's first request, and a few fixture objects are missing: the
    // 404s are answers to compare like any other, not a reason to stop
    '--ignore-code', '404',
    // a 401 is an answer to study, not a reason to stop (an injected session cookie)
    '--ignore-code', '401',
    // the server's cookies (a sign-in's) must not replace the scan's session
    '--drop-set-cookie',
    '--output-dir', path.join(dir, 'sessions'), '--disable-coloring',
  ];
  if (args.dbms !== 'all') argv.push('--dbms', args.dbms);
  if (target.headers) argv.push('-p', `user-agent,referer,${SESSION_COOKIE}`);
  else argv.push('--skip', `user-agent,referer,${SESSION_COOKIE}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const proc = start('sqlmap', argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TERM: 'dumb' } });
    const logFile = path.join(dir, 'logs', `${safe}.log`);
    const out = createWriteStream(logFile);
    let text = '';
    const feed = (chunk) => {
      out.write(chunk);
      text += chunk.toString();
    };
    proc.stdout.on('data', feed);
    proc.stderr.on('data', feed);
    proc.once('exit', (code) => {
      out.end();
      // sqlmap names each parameter it starts testing once: "testing for SQL injection on <place> parameter '<name>'"
      const tested = [...new Set([...text.matchAll(/testing for SQL injection on (.*?parameter '.+?')/g)].map((m) => m[1]))];
      // "appears to be … injectable" is a candidate: sqlmap then checks it for a false positive and, when
      // the check fails, says the parameter "does not seem to be injectable"; only the others count
      const candidates = [...new Set([...text.matchAll(/^\[[\d:]+\] \[INFO] (.*?parameter '.+?') (?:is|appears to be) '.+?' injectable/gm)].map((m) => m[1]))];
      const rejected = new Set([...text.matchAll(/\[WARNING\] (.*?parameter '.+?') does not seem to be injectable/g)].map((m) => m[1]));
      const injectable = candidates.filter((p) => !rejected.has(p));
      const falsePositives = candidates.filter((p) => rejected.has(p));
      const identified = /sqlmap identified the following injection point/.test(text);
      const critical = [...text.matchAll(/\[CRITICAL\] (.*)/g)].map((m) => m[1]).filter((m) => !/all tested parameters do not appear to be injectable/.test(m));
      const notInjectable = /all tested parameters do not appear to be injectable/.test(text);
      resolve({ id: target.id, method: target.method, url: target.url, code, ms: Date.now() - started, tested, injectable: identified || injectable.length ? injectable.length ? injectable : ['(see log)'] : [], falsePositives, notInjectable, critical, logFile });
    });
  });
}

async function sqlmapPhase(targets, dir) {
  for (const d of ['requests', 'logs', 'sessions']) mkdirSync(path.join(dir, d), { recursive: true });
  const results = [];
  for (const phase of [0, 1, 2]) {
    const queue = targets.filter((t) => t.phase === phase);
    let done = 0;
    const worker = async () => {
      for (let t = queue.shift(); t; t = queue.shift()) {
        const r = await runSqlmap(t, dir);
        results.push(r);
        done++;
        const mark = r.injectable.length ? 'INJECTABLE' : r.notInjectable ? 'clean' : `ended (${r.critical[0] ?? `exit ${r.code}`})`;
        log(`sqlmap ${['reads', 'writes', 'deletes'][phase]} ${done}: ${r.id} — ${r.tested.length} parameters, ${seconds(r.ms)}, ${mark}`);
      }
    };
    await Promise.all(Array.from({ length: JOBS }, worker));
  }
  return results;
}

// ---------------------------------------------------------------- wapiti

function fillPath(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(String(values[name] ?? 1)));
}

async function wapitiPhase(doc, world, base, cookie, dir) {
  mkdirSync(dir, { recursive: true });
  const host = new URL(base).hostname;
  const cookieFile = path.join(dir, 'cookie.json');
  writeFileSync(cookieFile, JSON.stringify({ [host]: { '/': { [SESSION_COOKIE]: { value: cookie, expires: null, secure: false, port: null, version: 0 } } } }));
  const p = world.project;
  const pages = [
    '/', '/static/lrf', '/static/lrf?next=%2Fmanage%2Fstatus', '/static/lrf/signup', '/static/lrf/forgot', `/static/invitation?token=${world.params.invitation}`,
    `/static/transfer?token=${world.params.token}`, `/manage/status?project=${p}`, `/manage/onlinestat?project=${p}&window=72h`, `/manage/devconf?project=${p}`,
    `/manage/authority?project=${p}`, `/manage/auditlog?project=${p}`, `/static/transferToLocalDev?project=${p}&sn=${world.sn.ap}`,
    '/static/wechatTransfer?result=signed-in&next=%2Fmanage%2Fstatus', '/account/api-keys', '/solutions', '/api/v1/docs', '/remotes/solutions/index.html',
  ];
  const starts = new Set(pages.map((u) => base + u));
  for (const [template, ops] of Object.entries(doc.paths)) {
    const op = ops.get;
    if (!op) continue;
    const prefix = (op.servers?.[0]?.url ?? doc.servers[0].url).replace(/\/$/, '');
    const url = base + prefix + fillPath(template, { ...world.params, ...world.paramsOf[op.operationId] });
    if (Object.values(op.responses ?? {}).some((r) => r.content?.['text/event-stream'])) continue;
    const queryParams = (op.parameters ?? []).filter((x) => x.in === 'query');
    const query = world.queries[op.operationId] ?? Object.fromEntries(queryParams.map((x) => [x.name, example(x.schema, x.name)]));
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    starts.add(qs ? `${url}?${qs}` : url);
  }
  const report = path.join(dir, 'report.json');
  const argv = [
    '-u', `${base}/`, '--scope', 'domain', '-c', cookieFile, '-H', `${CSRF_HEADER}: 1`,
    // the default modules, and: crlf (headers made from input: downloads' file names, redirects), backup
    // (copies of served files), htaccess (refusals a changed method gets round). Not: ssrf and xxe (they
    // need wapiti's public endpoint, unreachable here), nikto and buster (word lists of other servers'
    // files), methods (the API's PUT and DELETE are its design).
    '-m', 'common,crlf,backup,htaccess,-ssrf',
    '-d', '4', '--max-scan-time', String(Number(args['wapiti-minutes']) * 60), '-t', '15',
    '-f', 'json', '-o', report, '--flush-session', '--store-session', path.join(dir, 'session'), '--store-config', path.join(dir, 'config'),
    '--no-bugreport', '-v', '1',
    // no `-x`: wapiti 3.0.4 on Python 3.11 fails on any exclusion (`global flags not at the start`); the
    // event streams are left out of the start URLs instead, and a request that meets one ends at `-t`
    ...[...starts].flatMap((u) => ['-s', u]),
  ];
  mkdirSync(path.join(dir, 'session'), { recursive: true });
  mkdirSync(path.join(dir, 'config'), { recursive: true });
  const started = Date.now();
  const logFile = path.join(dir, 'wapiti.log');
  const code = await new Promise((resolve) => {
    const proc = start('wapiti', argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = createWriteStream(logFile);
    proc.stdout.pipe(out);
    proc.stderr.pipe(out);
    proc.once('exit', (c) => resolve(c));
  });
  const ms = Date.now() - started;
  if (!existsSync(report)) return { code, ms, logFile, report, starts: starts.size, error: 'no report' };
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const LEVELS = { 0: 'info', 1: 'low', 2: 'medium', 3: 'high', 4: 'critical' };
  const findings = [];
  for (const kind of ['vulnerabilities', 'anomalies', 'additionals']) {
    for (const [category, items] of Object.entries(json[kind] ?? {})) {
      for (const item of items) findings.push({ kind, category, severity: LEVELS[item.level] ?? String(item.level), method: item.method, path: item.path, parameter: item.parameter, info: item.info });
    }
  }
  const found = readFileSync(logFile, 'utf8').match(/Wapiti found (\d+) URLs and forms/)?.[1];
  return { code, ms, logFile, report, starts: starts.size, findings, found };
}

// ---------------------------------------------------------------- main

/** The console's request log (one line a request): how many it answered, and its 500s and unhandled errors. */
function consoleLog(file) {
  let requests = 0;
  const errors = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.msg === 'request') {
      requests++;
      if (entry.res?.statusCode >= 500) errors.push(`${entry.req.method} ${entry.req.path} ${entry.res.statusCode}`);
    } else if (entry.msg === 'unhandled error') errors.push(`unhandled error on ${entry.req?.method} ${entry.req?.url}: ${entry.err?.message}`);
  }
  return { requests, errors };
}

/** requests answered so far, once the log has caught up */
async function answered(file) {
  await sleep(500);
  return consoleLog(file).requests;
}

async function main() {
  const began = Date.now();
  const missing = [RUN_SQLMAP && !onPath('sqlmap') && 'sqlmap', RUN_WAPITI && !onPath('wapiti') && 'wapiti'].filter(Boolean);
  if (missing.length) {
    console.error(`[scan] needs ${missing.join(' and ')}: apt-get install -y ${missing.join(' ')}`);
    process.exit(2);
  }
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'airloom-security-scan-'));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'airloom-scan-data-'));
  log(`results in ${outDir}`);
  const console_ = await startConsole(outDir);
  log(`console on ${console_.base} (DATA_DIR ${dataDir}, ${seconds(Date.now() - began)})`);
  const world = await buildWorld(console_.base);
  const api = client(console_.base);
  log(`signed in as ${world.accounts.owner}, owner of project ${world.project}`);
  const doc = (await api('GET', '/api/v1/openapi.json')).json;
  const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  const host = new URL(console_.base).host;
  const { targets: all, skipped } = planTargets(doc, world, host);
  const targets = OPS ? all.filter((t) => OPS.test(t.id)) : all;
  writeFileSync(path.join(outDir, 'targets.json'), JSON.stringify({ targets: targets.map(({ request: _r, ...t }) => t), skipped }, null, 2));

  if (args.plan) {
    // the requests as sqlmap will send them, without markers: their answers show which ones a scanner
    // meets with a refusal before any payload (still scanned: a refusal can hide an injection too)
    for (const t of targets.filter((x) => x.phase !== 2)) {
      const [head, body] = t.request.replace(/\*/g, '').split('\r\n\r\n');
      const [first, ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]).filter(([k]) => k !== 'Host'));
      const res = await fetch(console_.base + first.split(' ')[1], { method: t.method, headers, body: body || undefined, redirect: 'manual' });
      const text = await res.text();
      console.log(`${res.status} ${t.id.padEnd(32)} ${t.points} path/query, body ${t.body === undefined ? '-' : 'yes'}  ${res.status >= 300 ? text.slice(0, 160) : ''}`);
    }
    console.log(`${targets.length} targets, ${skipped.length} skipped: ${skipped.map((s) => `${s.id} (${s.why})`).join(', ')}`);
    await stopConsole(console_.proc);
    return 0;
  }

  const summary = [];
  let failed = false;
  const sessionAlive = async (cookie) => (await api('GET', '/api/v1/auth/me', { cookie })).status === 200;

  if (RUN_SQLMAP) {
    const before = await answered(console_.logFile);
    const started = Date.now();
    const results = await sqlmapPhase(targets, path.join(outDir, 'sqlmap'));
    const ms = Date.now() - started;
    const tested = results.reduce((n, r) => n + r.tested.length, 0);
    const injectable = results.filter((r) => r.injectable.length);
    const unfinished = results.filter((r) => !r.notInjectable && !r.injectable.length);
    writeFileSync(path.join(outDir, 'sqlmap', 'results.json'), JSON.stringify(results, null, 2));
    const alive = await sessionAlive(world.cookie);
    const sent = (await answered(console_.logFile)) - before;
    summary.push(
      `sqlmap (--level 3 --risk 2, --dbms ${args.dbms}): ${results.length} targets for the ${operations - skipped.length} of ${operations} operations with input ` +
        `(${skipped.length} without input or streaming), ${tested} parameters, ${sent} requests in ${seconds(ms)}; ` +
        `injectable: ${injectable.length ? injectable.map((r) => `${r.id} ${r.injectable.join(', ')}`).join('; ') : 0}`,
    );
    const rejected = results.filter((r) => r.falsePositives.length);
    if (rejected.length) summary.push(`  candidates sqlmap's own false-positive check rejected (not injectable): ${rejected.map((r) => `${r.id} ${r.falsePositives.join(', ')}`).join('; ')}`);
    if (unfinished.length) summary.push(`  sqlmap stopped early on ${unfinished.length}: ${unfinished.map((r) => `${r.id} (${r.critical[0] ?? `exit ${r.code}`})`).join('; ')}`);
    summary.push(`  the session ${alive ? 'was still signed in' : 'was LOST'} after sqlmap`);
    if (injectable.length || !alive) failed = true;
  }

  if (RUN_WAPITI) {
    // a session of its own: what sqlmap did to the first cannot blur wapiti's
    const cookie = await signIn(api, world.accounts.owner);
    const before = await answered(console_.logFile);
    const w = await wapitiPhase(doc, world, console_.base, cookie, path.join(outDir, 'wapiti'));
    const alive = await sessionAlive(cookie);
    if (!w.findings) {
      summary.push(`wapiti: ${w.error} (exit ${w.code}); see ${w.logFile}`);
      failed = true;
    } else {
      const bySeverity = {};
      for (const f of w.findings) bySeverity[f.severity] = (bySeverity[f.severity] ?? 0) + 1;
      const high = w.findings.filter((f) => f.severity === 'high' || f.severity === 'critical');
      summary.push(
        `wapiti: ${w.starts} start URLs, ${w.found ?? '?'} URLs and forms found, ${(await answered(console_.logFile)) - before} requests in ${seconds(w.ms)}; findings by severity: ${Object.entries(bySeverity).map(([s, n]) => `${s} ${n}`).join(', ') || 'none'}; high: ${high.length}`,
      );
      for (const f of w.findings) summary.push(`  ${f.severity} ${f.kind}/${f.category}: ${f.method} ${f.path}${f.parameter ? ` (${f.parameter})` : ''} — ${String(f.info).slice(0, 160)}`);
      if (high.length) failed = true;
    }
    summary.push(`  the session ${alive ? 'was still signed in' : 'was LOST'} after wapiti`);
    if (!alive) failed = true;
  }

  await stopConsole(console_.proc);
  const { requests, errors } = consoleLog(console_.logFile);
  summary.push(`console: ${requests} requests answered, ${errors.filter((e) => !e.startsWith('unhandled')).length} of them 500`);
  for (const e of [...new Set(errors)].slice(0, 20)) summary.push(`  ${e}`);
  if (errors.length) failed = true;
  summary.push(`total ${seconds(Date.now() - began)}; results in ${outDir}`);

  const text = summary.join('\n');
  writeFileSync(path.join(outDir, 'summary.txt'), `${text}\n`);
  console.log(`\n[scan] summary\n${text}`);
  return failed ? 1 : 0;
}

// exit explicitly: the 'exit' handler then stops whatever still runs and removes DATA_DIR
main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[scan] failed: ${err.stack ?? err}`);
    process.exit(2);
  },
);
