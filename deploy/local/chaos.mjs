#!/usr/bin/env node
// The chaos test of the multi-instance layout (docs/deployment.md "Chaos test"), on this machine only:
// a fleet of simulated devices in one project, a push to all of them through the console's public API
// (a rename of every device, and a reboot of one in five, which must run at most once), and while it is
// in flight, in turn: `kill -9` of a gateway, of a console and of the layout's Mosquitto (each started
// again), and a restart of the machine's MariaDB. Then it measures how long after the last recovery
// every device has converged (its new name applied, its reboot run exactly once, online), counts from
// the devices' own side how many times each ran each command, and checks that a browser page held open
// through it all shows the database's truth without being reloaded.
//
//   npm run chaos:local      # or: node deploy/local/chaos.mjs [--devices 1000] [--time-scale 0.5] [--gap 25]
//
// Needs root (it restarts MariaDB with start-stop-daemon), MariaDB on 127.0.0.1:3306, the mosquitto
// binaries, Chromium at /usr/bin/chromium and the front ends built. MariaDB and the machine's own
// Mosquitto (port 1883) are running again when it ends, whatever happened. Exit code 0: all passed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { layoutPrerequisites, startLayout } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const MARIADBD = '/usr/sbin/mariadbd';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'Chaos-pass1';
/** spec §3 device status numbers the checks use */
const ONLINE = 1;
const REBOOT_COMMAND = 'Device.Reboot()';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    'reboot-every': { type: 'string', default: '5' },
    'time-scale': { type: 'string', default: '0.5' },
    gap: { type: 'string', default: '25' },
    down: { type: 'string', default: '3' },
    converge: { type: 'string', default: '60' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(`Usage: node deploy/local/chaos.mjs [options]
  --devices N        simulated devices in the project (default 1000: 900 APs, 100 switches)
  --reboot-every K   every K-th device is also rebooted (default 5)
  --time-scale X     TIME_SCALE of every process (default 0.5: a reboot takes 30 s)
  --gap S            seconds between two faults (default 25)
  --down S           seconds a killed process stays down before it is started again (default 3)
  --converge S       the limit for convergence after the last recovery (default 60)`);
  process.exit(0);
}
const N = Number(args.devices);
const REBOOT_EVERY = Number(args['reboot-every']);
const TIME_SCALE = Number(args['time-scale']);
const GAP_MS = Number(args.gap) * 1000;
const DOWN_MS = Number(args.down) * 1000;
const CONVERGE_MS = Number(args.converge) * 1000;
/** the whole run is bounded: past this, it stops, cleans up and fails */
const RUN_LIMIT_MS = 10 * 60_000 - 20_000;

const t0 = Date.now();
const at = (ms = Date.now()) => `+${((ms - t0) / 1000).toFixed(1)} s`;
const say = (message) => console.log(`[chaos ${at()}] ${message}`);

// ------------------------------------------------------------------------------- the machine's services

function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = net.connect(port, host, () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
  });
}

async function mariadbAnswers() {
  const { default: mysql } = await import('mysql2/promise');
  try {
    const c = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', password: '', connectTimeout: 2000 });
    await c.query('SELECT 1');
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function waitMariadb(ms) {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if ((await portOpen(3306)) && (await mariadbAnswers())) return true;
    await sleep(200);
  }
  return false;
}

function startMariadb() {
  return spawnSync('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', MARIADBD], { encoding: 'utf8' });
}

/** MariaDB and the machine's Mosquitto on 1883 are running when the script ends (others use them) */
async function machineServicesBack() {
  if (!(await waitMariadb(1000))) {
    say('MariaDB is not answering: starting it');
    startMariadb();
    if (!(await waitMariadb(60_000))) console.error('[chaos] MariaDB did not come back within 60 s: start it with start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd');
  }
  if (!(await portOpen(1883))) {
    say("the machine's Mosquitto (1883) is not running: starting it");
    spawnSync('mosquitto', ['-d', '-c', '/etc/mosquitto/mosquitto.conf']);
  }
}

// ------------------------------------------------------------------------------- the console's public API

/** A person's session through the proxy: the session cookie, and the CSRF header and Origin on writes. */
function apiClient(baseUrl) {
  let cookie = '';
  async function call(method, url, body) {
    const write = method !== 'GET';
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { cookie, ...(write ? { 'x-airloom-csrf': '1', origin: baseUrl } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const set = res.headers.getSetCookie().map((h) => h.split(';')[0]);
    if (set.length) cookie = set.join('; ');
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = { code: -1, message: text.slice(0, 200) };
    }
    return { status: res.status, code: json.code, data: json.data, message: json.message };
  }
  return { call, cookie: () => cookie };
}

// ------------------------------------------------------------------------------- the run

async function run(state) {
  const prerequisites = await layoutPrerequisites();
  if (!prerequisites.ok) throw new Error('needs MariaDB on 127.0.0.1:3306 and the mosquitto binaries');
  if (process.getuid?.() !== 0) throw new Error('needs root: it restarts MariaDB with start-stop-daemon');
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}`);
  if (!existsSync(path.join(root, 'shell', 'dist', 'index.html'))) throw new Error('the front ends are not built: npx turbo run build');

  const dir = mkdtempSync(path.join(os.tmpdir(), 'airloom-chaos-'));
  state.dir = dir;
  say(`files in ${dir}`);
  // a process of the layout that ends by itself (not killed here) fails the run at once
  state.crashed = [];
  const layoutLog = (m) => {
    say(`[layout] ${m}`);
    const exited = /^(\S+) exited unexpectedly/.exec(m)?.[1];
    if (exited && exited !== state.killing) state.crashed.push(exited);
  };
  const layout = await startLayout({ port: 0, database: 'airloom_chaos', dropDatabase: true, sim: false, timeScale: TIME_SCALE, dir, log: layoutLog });
  state.layout = layout;
  say(`layout ready: ${layout.url}`);

  const { default: mysql } = await import('mysql2/promise');
  const pool = mysql.createPool({ uri: layout.databaseUrl, connectionLimit: 2, connectTimeout: 2000 });
  state.db = pool;
  // the script's own look at the database survives its restart: a query that fails is asked again
  const db = {
    async query(sql, params) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await pool.query(sql, params);
        } catch (err) {
          if (attempt >= 30) throw err;
          await sleep(500);
        }
      }
    },
  };

  // the project owner, signed up and in through the proxy like a person
  const api = apiClient(layout.url);
  const account = `chaos-${Date.now().toString(36)}@example.com`;
  if ((await api.call('POST', '/api/v1/auth/code', { account, purpose: 'signup' })).code !== 0) throw new Error('no sign-up code sent');
  const outbox = readFileSync(path.join(layout.dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const code = outbox.reverse().find((m) => m.to === account && m.code)?.code;
  const signup = await api.call('POST', '/api/v1/auth/signup', { account, code, password: PASSWORD, confirm: PASSWORD });
  if (signup.code !== 0) throw new Error(`sign-up refused: ${signup.message}`);
  const project = await api.call('POST', '/api/v1/projects', { projectName: 'Chaos campus', scenario: 'hotel' });
  if (project.code !== 0) throw new Error(`project not created: ${project.message}`);
  const projectId = project.data.id;
  say(`owner ${account}, project ${projectId}`);

  // the fleet: registered through the manufacturer API, agents that would run a repeated command key again
  const report = path.join(dir, 'fleet.json');
  const switches = Math.round(N / 10);
  const fleetStarted = Date.now();
  await layout.startFleet({ projectId, mix: `ap:${N - switches},switch:${switches}`, report, dedupe: false });
  const registeredIn = Date.now() - fleetStarted;
  const online = async () => Number((await db.query('SELECT COUNT(*) AS n FROM devices WHERE project_id = ? AND status = ?', [projectId, ONLINE]))[0][0].n);
  let n;
  while ((n = await online()) < N) {
    if (Date.now() - fleetStarted > 300_000) throw new Error(`only ${n}/${N} devices online after 300 s`);
    await sleep(1000);
  }
  say(`${N} devices registered in ${(registeredIn / 1000).toFixed(1)} s, all online after ${((Date.now() - fleetStarted) / 1000).toFixed(1)} s`);
  const devices = (await db.query('SELECT sn FROM devices WHERE project_id = ? ORDER BY sn', [projectId]))[0].map((r) => r.sn);

  // the page, open through the proxy from before the push to the end, never reloaded
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  state.browser = browser;
  const page = await (await browser.newContext({ baseURL: layout.url, viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/static/lrf');
  await page.getByLabel('E-mail or mobile number').fill(account);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/static/lrf'), { timeout: 30_000 });
  await page.goto(`/manage/status?project=${projectId}`);
  const shown = () =>
    page.evaluate(() => {
      const summary = {};
      for (const dl of document.querySelectorAll('section[aria-label="Summary"] dl')) summary[dl.querySelector('dt')?.textContent ?? ''] = Number(dl.querySelector('dd')?.textContent);
      const rows = [...document.querySelectorAll('table [data-device-sn]')].map((el) => [el.getAttribute('data-device-sn'), el.querySelector('span')?.textContent ?? '']);
      return { summary, live: document.querySelector('[data-live]')?.getAttribute('data-live') ?? '', rows };
    });
  for (let s = await shown(); s.summary.Online !== N; s = await shown()) {
    if (Date.now() - t0 > RUN_LIMIT_MS / 2) throw new Error(`the page shows ${s.summary.Online} online, not ${N}`);
    await sleep(500);
  }
  say(`the page shows ${N} online (live: ${(await shown()).live})`);
  /** the page's live state over time: a broken stream shows "reconnecting" */
  const liveStates = [];
  const watchPage = setInterval(() => {
    void shown().then(
      (s) => {
        if (liveStates.at(-1)?.state !== s.live) liveStates.push({ at: Date.now(), state: s.live });
      },
      () => {},
    );
  }, 250);
  state.stopWatch = () => clearInterval(watchPage);

  // ------------------------------------------------------------------ the push and the faults, together
  const wantName = new Map(devices.map((sn, i) => [sn, `Chaos-${String(i + 1).padStart(4, '0')}`]));
  const wantReboot = new Set(devices.filter((_, i) => i % REBOOT_EVERY === 0));
  const pushWindow = 3 * GAP_MS + 8_000;
  const pushStart = Date.now();
  const push = { renames: 0, renameRetries: 0, renameRefusals: {}, reboots: 0, rebootRetries: 0, rebootRefusals: {}, busyAfterLostAnswer: 0, done: 0 };
  const pushDeadline = pushStart + pushWindow + 150_000;

  /** one request, again until it is answered (a console killed, MariaDB away: the person tries again) */
  const alive = () => {
    if (state.crashed.length) throw new Error(`${state.crashed.join(', ')} ended by itself (see its log in ${layout.logs})`);
  };
  async function insist(method, url, body, counter) {
    for (;;) {
      alive();
      if (Date.now() > pushDeadline) throw new Error(`${method} ${url}: no answer before the push's deadline`);
      let r;
      try {
        r = await api.call(method, url, body);
      } catch (err) {
        r = { status: 0, code: -1, message: err.message };
      }
      if (r.status > 0 && r.status < 500) return r;
      push[counter] += 1;
      await sleep(1000);
    }
  }

  /** what the database and the device itself say of a device the console keeps refusing */
  async function whyRefused(sn) {
    const lines = [];
    try {
      const [[row]] = await db.query('SELECT status, gateway_id, last_seen_at, last_boot_at, last_boot_command_key, config_version, applied_version FROM devices WHERE sn = ?', [sn]);
      lines.push(`row: ${JSON.stringify(row)} (now ${Date.now()})`);
      const [log] = await db.query('SELECT at, from_status, to_status, reason FROM device_status_log WHERE sn = ? ORDER BY at DESC LIMIT 8', [sn]);
      lines.push(`status log (newest first): ${JSON.stringify(log)}`);
      const [ops] = await db.query('SELECT id, kind, state, step, sent_at, updated_at, finished_at, error_code FROM operations WHERE sn = ? ORDER BY id', [sn]);
      lines.push(`operations: ${JSON.stringify(ops)}`);
    } catch (err) {
      lines.push(`database not read: ${err.message}`);
    }
    try {
      const fleet = JSON.parse(readFileSync(report, 'utf8'));
      lines.push(`the device says: ${JSON.stringify(fleet.devices.find((d) => d.sn === sn) ?? null)}`);
    } catch (err) {
      lines.push(`fleet report not read: ${err.message}`);
    }
    return lines.join('\n');
  }

  async function rename(sn) {
    for (;;) {
      const r = await insist('PATCH', `/api/v1/projects/${projectId}/devices/${sn}`, { name: wantName.get(sn) }, 'renameRetries');
      if (r.code === 0) {
        push.renames += 1;
        return;
      }
      // offline (36) or restarting: refused, as the spec wants; the person tries again a little later
      push.renameRefusals[r.code] = (push.renameRefusals[r.code] ?? 0) + 1;
      push.renameRetries += 1;
      if (Date.now() > pushDeadline) throw new Error(`rename of ${sn} still refused (${r.code} ${r.message})\n${await whyRefused(sn)}`);
      await sleep(2000);
    }
  }

  async function reboot(sns) {
    let todo = sns;
    let unanswered = new Set();
    while (todo.length) {
      alive();
      let r;
      try {
        r = await api.call('POST', `/api/v1/projects/${projectId}/devices/bulk`, { kind: 'reboot', sns: todo });
      } catch (err) {
        r = { status: 0, code: -1, message: err.message };
      }
      if (r.status === 0 || r.status >= 500) {
        // no answer: it may have been queued or not; asking again is safe only because a device with a
        // reboot queued or under way refuses a second one (71)
        for (const sn of todo) unanswered.add(sn);
        push.rebootRetries += 1;
        await sleep(1000);
        continue;
      }
      if (r.code !== 0) throw new Error(`bulk reboot refused: ${r.code} ${r.message}`);
      const again = [];
      for (const result of r.data.results) {
        if (result.outcome === 'succeeded') push.reboots += 1;
        else if (result.error?.code === 71 && unanswered.has(result.sn)) {
          // busy: the earlier request whose answer was lost did queue it
          push.reboots += 1;
          push.busyAfterLostAnswer += 1;
        } else {
          push.rebootRefusals[result.error?.code ?? result.outcome] = (push.rebootRefusals[result.error?.code ?? result.outcome] ?? 0) + 1;
          again.push(result.sn);
        }
      }
      todo = again;
      unanswered = new Set([...unanswered].filter((sn) => again.includes(sn)));
      if (todo.length) {
        push.rebootRetries += 1;
        if (Date.now() > pushDeadline) throw new Error(`reboots still refused: ${todo.join(', ')}`);
        await sleep(2000);
      }
    }
  }

  const pushing = (async () => {
    const tasks = [];
    // renames spread over the window, 6 at a time; each chunk of reboots follows the renames of its devices
    let nextRename = 0;
    const renameAt = (i) => pushStart + (i / N) * pushWindow;
    const workers = Array.from({ length: 6 }, async () => {
      for (let i = nextRename++; i < N; i = nextRename++) {
        const wait = renameAt(i) - Date.now();
        if (wait > 0) await sleep(wait);
        await rename(devices[i]);
      }
    });
    tasks.push(...workers);
    const chunk = 50;
    for (let start = 0; start < N; start += chunk) {
      const sns = devices.slice(start, start + chunk).filter((sn) => wantReboot.has(sn));
      const when = renameAt(Math.min(start + chunk, N)) + 1000;
      tasks.push((async () => {
        await sleep(Math.max(0, when - Date.now()));
        if (sns.length) await reboot(sns);
      })());
    }
    await Promise.all(tasks);
    push.done = Date.now();
  })();
  pushing.catch(() => {});

  /** @type {{ fault: string; injected: number; recovered: number; detail: string }[]} */
  const faults = [];
  async function fault(name, inject) {
    const injected = Date.now();
    say(`fault: ${name}`);
    const detail = await inject();
    const recovered = Date.now();
    faults.push({ fault: name, injected, recovered, detail });
    say(`recovered from ${name} in ${((recovered - injected) / 1000).toFixed(1)} s`);
  }
  const killAndRestart = (name) => async () => {
    state.killing = name;
    const pid = await state.layout.kill(name);
    state.killing = undefined;
    await sleep(DOWN_MS);
    await state.layout.restart(name);
    return `pid ${pid} killed (SIGKILL), down ${DOWN_MS / 1000} s, started again`;
  };
  const plan = [
    ['kill -9 gateway-1', killAndRestart('gateway-1')],
    ['kill -9 console-1', killAndRestart('console-1')],
    ['kill -9 mosquitto', killAndRestart('mosquitto')],
    [
      'restart MariaDB',
      async () => {
        state.mariadbStopped = true;
        const stop = spawnSync('start-stop-daemon', ['--stop', '--exec', MARIADBD, '--retry', '30'], { encoding: 'utf8' });
        if (stop.status !== 0) throw new Error(`start-stop-daemon --stop: ${stop.stderr || stop.status}`);
        const started = startMariadb();
        if (started.status !== 0) throw new Error(`start-stop-daemon --start: ${started.stderr || started.status}`);
        if (!(await waitMariadb(60_000))) throw new Error('MariaDB did not come back within 60 s');
        state.mariadbStopped = false;
        return 'start-stop-daemon --stop --retry 30, then --start; back when it answers a query';
      },
    ],
  ];
  let nextFaultAt = pushStart + 8_000;
  for (const [name, inject] of plan) {
    await sleep(Math.max(0, nextFaultAt - Date.now()));
    alive();
    await fault(name, inject);
    alive();
    nextFaultAt = Math.max(nextFaultAt + GAP_MS, Date.now() + 5_000);
  }
  const lastRecovery = faults.at(-1).recovered;

  await pushing;
  say(`push answered: ${push.renames} renames, ${push.reboots} reboots queued (by ${at(push.done)})`);

  // ------------------------------------------------------------------ convergence, from both sides
  const expectedReboots = (sn) => (wantReboot.has(sn) ? 1 : 0);
  async function look() {
    const fleet = JSON.parse(readFileSync(report, 'utf8'));
    const rows = (await db.query('SELECT sn, status, name, desired_name, config_version, applied_version FROM devices WHERE project_id = ?', [projectId]))[0];
    const ops = (await db.query("SELECT sn, id, state, error_code FROM operations WHERE project_id = ? AND kind = 'reboot' ORDER BY id", [projectId]))[0];
    const bySn = new Map(rows.map((r) => [r.sn, r]));
    const opsBySn = new Map();
    for (const o of ops) opsBySn.set(o.sn, [...(opsBySn.get(o.sn) ?? []), o]);
    let converged = 0;
    const lagging = [];
    const duplicates = [];
    const lost = [];
    for (const d of fleet.devices) {
      const reboots = d.ran.filter(([command]) => command === REBOOT_COMMAND);
      const perKey = new Map();
      for (const [, key] of reboots) perKey.set(key, (perKey.get(key) ?? 0) + 1);
      for (const [key, n] of perKey) if (n > 1) duplicates.push(`${d.sn} ran reboot ${key} ${n} times`);
      if (reboots.length > expectedReboots(d.sn)) duplicates.push(`${d.sn} rebooted ${reboots.length} times (asked ${expectedReboots(d.sn)})`);
      const row = bySn.get(d.sn);
      const done = (opsBySn.get(d.sn) ?? []).filter((o) => o.state === 'done').length;
      const ok =
        d.state === 'online' && d.name === wantName.get(d.sn) && reboots.length === expectedReboots(d.sn) &&
        row && Number(row.status) === ONLINE && row.desired_name === wantName.get(d.sn) && row.name === wantName.get(d.sn) &&
        Number(row.applied_version) >= Number(row.config_version) && done === expectedReboots(d.sn);
      if (ok) converged += 1;
      else {
        lagging.push(`${d.sn}: device ${d.state} "${d.name}" rebooted ${reboots.length}/${expectedReboots(d.sn)}; console status ${row?.status} "${row?.name}" v${row?.applied_version}/${row?.config_version} reboot ops ${(opsBySn.get(d.sn) ?? []).map((o) => `${o.id}:${o.state}${o.error_code ? `(${o.error_code})` : ''}`).join(',') || '-'}`);
        if (reboots.length < expectedReboots(d.sn)) lost.push(d.sn);
      }
    }
    const dbDuplicates = [...opsBySn].filter(([, list]) => list.filter((o) => o.state === 'done').length > 1).map(([sn]) => `${sn}: ${opsBySn.get(sn).length} reboot operations done`);
    return { converged, lagging, duplicates: [...duplicates, ...dbDuplicates], lost, rows, fleetAt: fleet.at };
  }

  let view = await look();
  let convergedAt = view.converged === N ? Date.now() : undefined;
  while (convergedAt === undefined && Date.now() - lastRecovery < CONVERGE_MS + 60_000 && Date.now() - t0 < RUN_LIMIT_MS - 60_000) {
    await sleep(1000);
    alive();
    view = await look();
    if (view.converged === N) convergedAt = Date.now();
  }
  const convergeMs = convergedAt === undefined ? undefined : Math.max(0, convergedAt - lastRecovery);
  say(convergedAt === undefined ? `${view.converged}/${N} converged, not all` : `all ${N} converged ${(convergeMs / 1000).toFixed(1)} s after the last recovery`);

  // ------------------------------------------------------------------ what the page shows, never reloaded
  const truth = () => {
    const online = view.rows.filter((r) => Number(r.status) === ONLINE).length;
    return { online, names: new Map(view.rows.map((r) => [r.sn, r.desired_name ?? r.name])) };
  };
  // what the page shows: looked at until it matches the database, for at most 20 s
  let pageView;
  let pageOk = false;
  let pageWhy = '';
  for (const until = Date.now() + 20_000; Date.now() < until; ) {
    view = await look();
    const t = truth();
    pageView = await shown();
    const wrongNames = pageView.rows.filter(([sn, name]) => t.names.get(sn) !== name);
    pageWhy = `page: ${pageView.summary.Online} online, ${pageView.summary.Offline} offline, live ${pageView.live}, ${pageView.rows.length} rows shown (${wrongNames.length} named otherwise); database: ${t.online} online`;
    if (pageView.summary.Online === t.online && pageView.summary.Offline === N - t.online && pageView.live === 'live' && pageView.rows.length > 0 && wrongNames.length === 0) {
      pageOk = true;
      break;
    }
    await sleep(500);
  }
  clearInterval(watchPage);
  const screenshot = path.join(dir, 'network-status.png');
  await page.screenshot({ path: screenshot, fullPage: false });
  const reconnects = liveStates.filter((s) => s.state === 'reconnecting').length;
  say(`${pageWhy}; the stream broke ${reconnects} times during the run (${liveStates.map((s) => `${at(s.at)} ${s.state}`).join(', ')})`);

  // ------------------------------------------------------------------ the table
  const rel = (ms) => `${((ms - pushStart) / 1000).toFixed(1)} s`;
  const lines = [
    '',
    `Chaos test: ${N} devices (${N - switches} APs, ${switches} switches), TIME_SCALE ${TIME_SCALE}; push started at 0 s: ${N} renames and ${wantReboot.size} reboots`,
    '',
    '| fault | injected at | recovered in | how |',
    '|---|---|---|---|',
    ...faults.map((f) => `| ${f.fault} | ${rel(f.injected)} | ${((f.recovered - f.injected) / 1000).toFixed(1)} s | ${f.detail} |`),
    '',
    `| push answered (last request) | ${rel(push.done)} | renames ${push.renames}/${N}, reboots ${push.reboots}/${wantReboot.size}; retried: ${push.renameRetries} rename and ${push.rebootRetries} reboot requests; refusals ${JSON.stringify({ rename: push.renameRefusals, reboot: push.rebootRefusals })}; busy after a lost answer ${push.busyAfterLostAnswer} |`,
    `| converged after the last recovery | ${convergeMs === undefined ? 'NOT within the limit' : `${(convergeMs / 1000).toFixed(1)} s`} (limit ${CONVERGE_MS / 1000} s) | devices converged ${view.converged}/${N} |`,
    `| duplicates found (device side and operations) | ${view.duplicates.length} | lost (a reboot asked and not run) ${view.lost.length} |`,
    `| browser page, never reloaded | ${pageOk ? 'shows the truth' : 'WRONG'} | ${pageWhy}; stream reconnected ${reconnects} times |`,
    '',
    `screenshot: ${screenshot}`,
    `logs: ${layout.logs}`,
  ];
  console.log(lines.join('\n'));
  if (view.duplicates.length) console.log(`duplicates:\n  ${view.duplicates.slice(0, 20).join('\n  ')}`);
  if (view.lagging.length) console.log(`not converged (${view.lagging.length}, first 20):\n  ${view.lagging.slice(0, 20).join('\n  ')}`);
  const failures = [
    convergeMs === undefined || convergeMs > CONVERGE_MS ? 'convergence' : '',
    view.duplicates.length ? 'duplicates' : '',
    view.lost.length || push.renames < N || push.reboots < wantReboot.size ? 'lost changes' : '',
    pageOk ? '' : 'browser',
  ].filter(Boolean);
  return failures;
}

const state = {};
let failures = ['did not finish'];
const watchdog = setTimeout(() => {
  console.error(`[chaos] over ${RUN_LIMIT_MS / 1000} s: stopping`);
  void cleanup().finally(() => process.exit(1));
}, RUN_LIMIT_MS);
let cleaning;
function cleanup() {
  cleaning ??= (async () => {
    state.stopWatch?.();
    await state.browser?.close().catch(() => {});
    await state.db?.end().catch(() => {});
    // MariaDB first: the layout's stop drops its database
    await machineServicesBack();
    await state.layout?.stop().catch((err) => console.error(`[chaos] layout did not stop cleanly: ${err.message}`));
    await machineServicesBack();
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanup().finally(() => process.exit(1)));

try {
  failures = await run(state);
} catch (err) {
  console.error(`[chaos] ${err.stack ?? err.message}`);
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
if (state.dir) console.log(`files kept in ${state.dir}`);
console.log(failures.length ? `CHAOS TEST FAILED: ${failures.join(', ')}` : 'CHAOS TEST PASSED');
process.exit(failures.length ? 1 : 0);
