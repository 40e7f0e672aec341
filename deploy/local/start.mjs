#!/usr/bin/env node
// The multi-instance layout on this machine, as processes (docs/deployment.md): a fresh MariaDB
// database, a private Mosquitto with the repository's configuration (deploy/mosquitto/mosquitto.conf,
// dynamic security) on a free port, two console instances (AIRLOOM_ROLE=bff), two gateway instances
// (AIRLOOM_ROLE=gateway) sharing the devices through `$share/airloom-gw/…`, the demo fleet
// (AIRLOOM_ROLE=sim), and a round-robin proxy in front of the consoles (proxy.mjs).
//
//   npm run deploy:local                 # or: node deploy/local/start.mjs [--port 8080] [--no-sim]
//
// Prints the URL; Ctrl-C or SIGTERM stops everything. `startLayout()` is the same, for tests.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../../scripts/free-port.mjs';
import { startProxy } from './proxy.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Node 24 from the root devDependency `node` (TOOLCHAIN: the system's Node 20 cannot load better-sqlite3 13) */
const nodeBin = [path.join(root, 'node_modules', 'node', 'bin', 'node'), path.join(root, 'node_modules', '.bin', 'node')].find((p) => existsSync(p)) ?? process.execPath;

/** whether this machine has what the layout needs: the Mosquitto binaries and MariaDB on `databaseUrl`'s host */
export async function layoutPrerequisites(mariadb = { host: '127.0.0.1', port: 3306 }) {
  const mosquitto = ['mosquitto', 'mosquitto_ctrl'].every((bin) => spawnSync(bin, ['--help']).error === undefined);
  const database = await new Promise((resolve) => {
    const socket = net.connect(mariadb.port, mariadb.host, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
  return { mosquitto, mariadb: database, ok: mosquitto && database };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A fresh database (dropped first when it exists); MariaDB's root with no password, as on these machines. */
async function freshDatabase(server, name) {
  const { default: mysql } = await import('mysql2/promise');
  const conn = await mysql.createConnection({ host: server.host, port: server.port, user: server.user, password: server.password });
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await conn.end();
  }
  return async () => {
    const drop = await mysql.createConnection({ host: server.host, port: server.port, user: server.user, password: server.password });
    await drop.query(`DROP DATABASE IF EXISTS \`${name}\``).finally(() => drop.end());
  };
}

/**
 * The repository's Mosquitto configuration with this machine's paths: its listener on `port` (loopback),
 * the dynamic security file in `dir`, no persistence. Nothing else changes.
 */
function mosquittoConfig(dir, port) {
  const shipped = readFileSync(path.join(root, 'deploy', 'mosquitto', 'mosquitto.conf'), 'utf8');
  const lines = shipped
    .split('\n')
    .filter((line) => !/^(persistence|persistence_location)\b/.test(line))
    .map((line) => (/^listener\s/.test(line) ? `listener ${port} 127.0.0.1` : line))
    .map((line) => (/^plugin_opt_config_file\s/.test(line) ? `plugin_opt_config_file ${path.join(dir, 'dynamic-security.json')}` : line));
  // started as root, Mosquitto switches to this user: it must be able to write the plugin's file
  lines.push('persistence false', `user ${os.userInfo().username}`, '');
  return lines.join('\n');
}

/**
 * One child process with its output in `logs/<name>.log`; `ready` resolves when a line matches `readyWhen`.
 * @param {{ name: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv; logs: string; readyWhen?: RegExp; onExit?: (name: string, code: number | null, signal: string | null) => void }} spec
 */
function child({ name, args, cwd, env, logs, readyWhen, onExit }) {
  const file = path.join(logs, `${name}.log`);
  // appended: a process started again (deploy/local/chaos.mjs) keeps its first life's log
  const out = createWriteStream(file, { flags: 'a' });
  const proc = spawn(args[0], args.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  let resolveReady = () => {};
  const ready = new Promise((resolve) => (resolveReady = resolve));
  const feed = (chunk) => {
    out.write(chunk);
    tail = (tail + chunk.toString()).slice(-8000);
    if (readyWhen?.test(tail)) resolveReady(undefined);
  };
  proc.stdout.on('data', feed);
  proc.stderr.on('data', feed);
  const exited = new Promise((resolve) =>
    proc.once('exit', (code, signal) => {
      out.end();
      onExit?.(name, code, signal);
      resolve(undefined);
    }),
  );
  return {
    name,
    proc,
    file,
    ready,
    exited,
    tail: () => tail,
    /** SIGTERM, then SIGKILL after `graceMs` */
    async stop(graceMs = 12_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** resolves once `proc` printed its ready line, fails when it exits first or after `ms` */
async function waitReadyLine(proc, ms) {
  let timer;
  const failed = new Promise((_, reject) => {
    void proc.exited.then(() => reject(new Error(`${proc.name} exited; its last output:\n${proc.tail()}`)));
    timer = setTimeout(() => reject(new Error(`${proc.name} did not start within ${ms / 1000} s; its last output:\n${proc.tail()}`)), ms);
  });
  try {
    await Promise.race([proc.ready, failed]);
  } finally {
    clearTimeout(timer);
    failed.catch(() => {});
  }
}

/** resolves once something accepts connections on `port` of the loopback */
async function waitPort(port, proc, ms) {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (proc.proc.exitCode !== null) throw new Error(`${proc.name} exited: ${proc.tail()}`);
    const up = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    if (up) return;
    await sleep(50);
  }
  throw new Error(`${proc.name} not listening on ${port} within ${ms} ms: ${proc.tail()}`);
}

async function waitReady(url, proc, ms) {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (proc.proc.exitCode !== null) throw new Error(`${proc.name} exited (${proc.proc.exitCode}); its last output:\n${proc.tail()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  throw new Error(`${proc.name} not ready at ${url} within ${ms} ms; its last output:\n${proc.tail()}`);
}

/**
 * @typedef {object} LayoutOptions
 * @property {number} [port] the proxy's port (default 8080; 0: a free one)
 * @property {string} [database] the MariaDB database to create afresh (default airloom_deploy)
 * @property {{ host: string; port: number; user: string; password: string }} [mariadb]
 * @property {boolean} [dropDatabase] drop the database on stop (default: keep it for a look afterwards)
 * @property {number} [consoles] console instances (default 2)
 * @property {number} [gateways] gateway instances (default 2)
 * @property {boolean} [sim] run the demo fleet (default true)
 * @property {number} [timeScale] TIME_SCALE of every process (default 1)
 * @property {string} [dir] where logs, the shared DATA_DIR and the broker's files go (default: a new temp directory, removed on stop)
 * @property {string} [logLevel] LOG_LEVEL of every process (default info)
 * @property {Record<string, string>} [env] more environment for every process
 * @property {(message: string) => void} [log] progress lines (default: none)
 */

/**
 * Starts the layout; resolves once the proxy, both consoles and both gateways are ready (the fleet
 * keeps connecting). `stop()` ends every process it started.
 * @param {LayoutOptions} [options]
 */
export async function startLayout(options = {}) {
  const log = options.log ?? (() => {});
  const mariadb = options.mariadb ?? { host: '127.0.0.1', port: 3306, user: 'root', password: '' };
  const database = options.database ?? 'airloom_deploy';
  const ownDir = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'airloom-deploy-'));
  const logs = path.join(dir, 'logs');
  const dataDir = path.join(dir, 'data');
  const brokerDir = path.join(dir, 'mosquitto');
  // a fresh start: the previous run's data, broker accounts and logs go
  for (const d of [logs, dataDir, brokerDir]) {
    rmSync(d, { recursive: true, force: true });
    mkdirSync(d, { recursive: true });
  }

  /** @type {ReturnType<typeof child>[]} */
  const children = [];
  /** how each process of the layout is started (again): by name, resolving once it is ready */
  /** @type {Map<string, () => Promise<ReturnType<typeof child>>>} */
  const starters = new Map();
  let proxy;
  let dropDatabase;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // the fleet and the gateways first (devices leave), then the proxy and the consoles, the broker last
    const stopAll = (prefix) => Promise.all(children.filter((c) => c.name.startsWith(prefix)).map((c) => c.stop()));
    await stopAll('sim');
    await stopAll('gateway');
    await proxy?.close();
    await stopAll('console');
    await stopAll('mosquitto');
    process.off('exit', killChildren);
    if (options.dropDatabase) await dropDatabase?.().catch((err) => log(`database ${database} not dropped: ${err.message}`));
    if (ownDir) rmSync(dir, { recursive: true, force: true });
  };
  // whatever ends this process (a test runner's worker, an uncaught error) ends the children too
  const killChildren = () => {
    for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGTERM');
  };
  process.once('exit', killChildren);
  const onExit = (name, code, signal) => {
    if (!stopping) log(`${name} exited unexpectedly (${code ?? signal}); see ${path.join(logs, `${name}.log`)}`);
  };

  try {
    // the database: fresh, so the consoles' migrations build it from nothing
    dropDatabase = await freshDatabase(mariadb, database);
    const databaseUrl = `mysql://${encodeURIComponent(mariadb.user)}${mariadb.password ? `:${encodeURIComponent(mariadb.password)}` : ''}@${mariadb.host}:${mariadb.port}/${database}`;
    log(`database ${database} created on ${mariadb.host}:${mariadb.port}`);

    // the broker: the repository's configuration, its dynamic security file made with an admin account
    const admin = { username: 'airloom-admin', password: randomBytes(18).toString('base64url') };
    const init = spawnSync('mosquitto_ctrl', ['dynsec', 'init', path.join(brokerDir, 'dynamic-security.json'), admin.username, admin.password], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`mosquitto_ctrl dynsec init failed: ${init.stderr || init.error?.message}`);
    const mqttPort = await freePort();
    writeFileSync(path.join(brokerDir, 'mosquitto.conf'), mosquittoConfig(brokerDir, mqttPort));
    const startBroker = async () => {
      const broker = child({ name: 'mosquitto', args: ['mosquitto', '-c', path.join(brokerDir, 'mosquitto.conf')], cwd: brokerDir, env: process.env, logs, onExit });
      children.push(broker);
      await waitPort(mqttPort, broker, 10_000);
      return broker;
    };
    starters.set('mosquitto', startBroker);
    await startBroker();
    const mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;
    log(`mosquitto on ${mqttUrl} (deploy/mosquitto/mosquitto.conf, dynamic security)`);

    const consolePorts = [];
    for (let i = 0; i < (options.consoles ?? 2); i++) consolePorts.push(await freePort());
    const proxyPort = options.port ?? 8080;
    // the proxy comes up first, on a known port: PUBLIC_URL (where devices dial their tunnels) names it
    proxy = await startProxy({ port: proxyPort, upstreams: consolePorts.map((port) => ({ host: '127.0.0.1', port })), log });
    const publicUrl = proxy.url;

    // docs/deployment.md "What must be equal": one database, one broker and its service account, one
    // manufacturer key, one DATA_DIR (firmware images, the dev outbox), one public address
    const shared = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: options.logLevel ?? 'info',
      DATABASE_URL: databaseUrl,
      MQTT_URL: mqttUrl,
      MQTT_USERNAME: 'airloom-service',
      MQTT_PASSWORD: randomBytes(18).toString('base64url'),
      MQTT_DYNSEC_USERNAME: admin.username,
      MQTT_DYNSEC_PASSWORD: admin.password,
      AIRLOOM_MANUFACTURER_KEY: randomBytes(24).toString('base64url'),
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'loopback',
      TIME_SCALE: String(options.timeScale ?? 1),
      DEMO_HISTORY: 'false',
      ...options.env,
    };
    const entry = ['--conditions=airloom-source', '--import', 'tsx', 'src/main.ts'];
    const bffDir = path.join(root, 'bff');
    const consoleChild = (i) =>
      child({ name: `console-${i + 1}`, args: [nodeBin, ...entry], cwd: bffDir, env: { ...shared, AIRLOOM_ROLE: 'bff', AIRLOOM_INSTANCE: `console-${i + 1}`, PORT: String(consolePorts[i]), HOST: '127.0.0.1' }, logs, onExit });

    const startConsole = async (i) => {
      const c = consoleChild(i);
      children.push(c);
      await waitReady(`http://127.0.0.1:${consolePorts[i]}/readyz`, c, 120_000);
      log(`${c.name} on http://127.0.0.1:${consolePorts[i]}`);
      return c;
    };
    const gatewayIds = Array.from({ length: options.gateways ?? 2 }, (_, i) => `gateway-${i + 1}-${randomBytes(3).toString('hex')}`);
    const startGateway = async (i) => {
      const g = child({
        name: `gateway-${i + 1}`,
        args: [nodeBin, ...entry],
        cwd: bffDir,
        // at least `info`: its start is known by its "Airloom gateway running" line
        env: { ...shared, AIRLOOM_ROLE: 'gateway', GATEWAY_ID: gatewayIds[i], ...(/^(warn|error|fatal|silent)$/.test(shared.LOG_LEVEL) ? { LOG_LEVEL: 'info' } : {}) },
        logs,
        readyWhen: /Airloom gateway running/,
        onExit,
      });
      children.push(g);
      await waitReadyLine(g, 120_000);
      log(`${g.name} running`);
      return g;
    };
    consolePorts.forEach((_, i) => starters.set(`console-${i + 1}`, () => startConsole(i)));
    gatewayIds.forEach((_, i) => starters.set(`gateway-${i + 1}`, () => startGateway(i)));

    // the first console migrates the fresh database and creates the broker's service account; the
    // others would wait for its migration lock anyway (bff/src/db/migrate.ts)
    await startConsole(0);
    await Promise.all([...consolePorts.slice(1).map((_, k) => startConsole(k + 1)), ...gatewayIds.map((_, i) => startGateway(i))]);

    if (options.sim ?? true) {
      // the demo projects' devices, registered with fresh broker accounts, through the shared subscription to either gateway
      children.push(child({ name: 'sim', args: [nodeBin, ...entry], cwd: bffDir, env: { ...shared, AIRLOOM_ROLE: 'sim' }, logs, onExit }));
      log('sim started (the demo fleet connects in the background)');
    }

    return {
      url: publicUrl,
      consoles: consolePorts.map((port, i) => ({ name: `console-${i + 1}`, url: `http://127.0.0.1:${port}` })),
      mqttUrl,
      /** the service account every console and gateway logs in with */
      mqtt: { username: shared.MQTT_USERNAME, password: shared.MQTT_PASSWORD },
      databaseUrl,
      dataDir,
      logs,
      manufacturerKey: shared.AIRLOOM_MANUFACTURER_KEY,
      /** requests the proxy sent to each console, in the order of `consoles` */
      requests: proxy.requests,
      /**
       * A generated fleet (device-sim's CLI, `npm run sim`) for a project: registered through the
       * manufacturer API behind the proxy, then run as USP agents against the broker. Resolves once
       * registered (the agents keep connecting). `report`: the file where the agents write what they
       * know of themselves every second; `dedupe: false`: agents that run a repeated command key again.
       * @param {{ projectId: number; devices?: number; mix?: string; report?: string; dedupe?: boolean }} fleet
       */
      async startFleet(fleet) {
        const args = [
          nodeBin, '--conditions=airloom-source', '--import', 'tsx', 'src/cli.ts',
          ...(fleet.mix ? ['--mix', fleet.mix] : ['--devices', String(fleet.devices ?? 100)]),
          '--project', String(fleet.projectId), '--broker', mqttUrl, '--mqtt-version', '5', '--console', publicUrl,
          '--key', shared.AIRLOOM_MANUFACTURER_KEY, '--time-scale', shared.TIME_SCALE,
          ...(fleet.report ? ['--report', fleet.report] : []), ...(fleet.dedupe === false ? ['--no-dedupe'] : []),
        ];
        const sim = child({ name: 'sim-fleet', args, cwd: path.join(root, 'device-sim'), env: shared, logs, readyWhen: /agents → /, onExit });
        children.push(sim);
        await waitReadyLine(sim, 300_000);
        log(`sim-fleet: ${sim.tail().match(/registered [^\n]*/)?.[0] ?? 'registered'}`);
        return sim;
      },
      /** `kill -9` of one process of the layout (mosquitto, console-N, gateway-N, sim-fleet); resolves with its pid once it is gone */
      async kill(name) {
        const c = children.findLast((x) => x.name === name && x.proc.exitCode === null && x.proc.signalCode === null);
        if (!c) throw new Error(`no running process ${name}`);
        c.proc.kill('SIGKILL');
        await c.exited;
        return c.proc.pid;
      },
      /** starts a process of the layout again as it was started (the broker on its port, with its files); resolves once it is ready */
      async restart(name) {
        const start = starters.get(name);
        if (!start) throw new Error(`no process ${name} to start`);
        return start();
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      database: { type: 'string', default: 'airloom_deploy' },
      'time-scale': { type: 'string', default: '1' },
      'no-sim': { type: 'boolean', default: false },
      dir: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log('Usage: node deploy/local/start.mjs [--port 8080] [--database airloom_deploy] [--time-scale 1] [--no-sim] [--dir DIR]');
    return;
  }
  const prerequisites = await layoutPrerequisites();
  if (!prerequisites.ok) {
    console.error(`Needs ${[!prerequisites.mosquitto && 'the mosquitto and mosquitto_ctrl binaries', !prerequisites.mariadb && 'MariaDB on 127.0.0.1:3306 (root, no password)'].filter(Boolean).join(' and ')} (docs/deployment.md).`);
    process.exit(1);
  }
  const dir = values.dir ? path.resolve(values.dir) : path.join(root, 'data', 'deploy-local');
  const started = Date.now();
  const layout = await startLayout({
    port: Number(values.port),
    database: values.database,
    timeScale: Number(values['time-scale']),
    sim: !values['no-sim'],
    dir,
    log: (m) => console.log(`[deploy] ${m}`),
  }).catch((err) => {
    console.error(`[deploy] did not start: ${err.message}`);
    process.exit(1);
  });
  console.log(`[deploy] ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${layout.url}  (logs in ${layout.logs}; Ctrl-C stops everything)`);
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`[deploy] ${signal}: stopping`);
    await layout.stop();
    console.log('[deploy] stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
