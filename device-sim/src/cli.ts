#!/usr/bin/env node
// `npm run sim -- --devices N --project ID --broker URL` (or `--mix router:1,switch:2,ap:8`):
// registers simulated devices for a project with the console's manufacturer API (fresh secrets
// each run), runs them as USP agents against the broker and prints a live status line until Ctrl-C.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createFleet } from './fleet.js';
import { registerDevices } from './register.js';
import { generateFleet, parseMix, type FleetMix } from './specs.js';

const EMBEDDED_BROKER_PORT = '18830';

const USAGE = `Usage: npm run sim -- (--devices N | --mix TYPE:N,…) --project ID [options]

  --devices N          how many devices, of mixed types (deterministic SNs per project)
  --mix TYPE:N,…       exactly these devices, e.g. router:1,switch:2,ap:8,ipc:2
                       (types: router, ap, switch, mesh, v7, wrouter, nvr, ipc, cpe)
  --project ID         the project they are staged for
  --broker URL         MQTT broker (default: env MQTT_URL or mqtt://127.0.0.1:${EMBEDDED_BROKER_PORT})
  --console URL        console for the registration (default http://localhost:8080)
  --key KEY            manufacturer key (default: env AIRLOOM_MANUFACTURER_KEY or ./data/manufacturer.key)
  --time-scale X       multiply device timings (default: env TIME_SCALE or 1)
  --mqtt-version 4|5   default 4 on port ${EMBEDDED_BROKER_PORT} (the embedded broker), else 5
  --controller-id ID   the console's USP endpoint ID (default: env USP_CONTROLLER_ID or self::airloom)
  --no-dedupe          run a repeated command key again, as agents TR-369 does not bind (the
                       console must then send a reboot at most once by itself)
  --report FILE        every second, what each device knows of itself as JSON: state, name, the
                       keyed commands it ran (how a test counts duplicates from the devices' side)`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function positiveInt(value: string | undefined, what: string): number {
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n <= 0) fail(`${what} must be a positive whole number`);
  return n;
}

/** The key the console wrote in embedded mode: DATA_DIR is relative to the repository root. */
function keyFromFile(): string | undefined {
  const dataDir = process.env.DATA_DIR || 'data';
  const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
  const candidates = [path.resolve(process.env.INIT_CWD ?? process.cwd(), dataDir), path.resolve(repoRoot, dataDir)];
  for (const dir of candidates) {
    const file = path.join(dir, 'manufacturer.key');
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  }
  return undefined;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string' },
      mix: { type: 'string' },
      project: { type: 'string' },
      broker: { type: 'string' },
      console: { type: 'string' },
      key: { type: 'string' },
      'time-scale': { type: 'string' },
      'mqtt-version': { type: 'string' },
      'controller-id': { type: 'string' },
      'no-dedupe': { type: 'boolean', default: false },
      report: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.devices !== undefined && values.mix !== undefined) fail('give --devices or --mix, not both');
  let size: number | FleetMix;
  if (values.mix !== undefined) {
    try {
      size = parseMix(values.mix);
    } catch (err) {
      fail(`--mix: ${(err as Error).message}`);
    }
  } else {
    size = positiveInt(values.devices, '--devices');
  }
  const projectId = positiveInt(values.project, '--project');
  const brokerUrl = values.broker ?? process.env.MQTT_URL ?? `mqtt://127.0.0.1:${EMBEDDED_BROKER_PORT}`;
  let port: string;
  try {
    port = new URL(brokerUrl).port;
  } catch {
    fail(`--broker ${brokerUrl} is not a URL`);
  }
  const mqttVersion = values['mqtt-version'] ?? (port === EMBEDDED_BROKER_PORT ? '4' : '5');
  if (mqttVersion !== '4' && mqttVersion !== '5') fail('--mqtt-version must be 4 or 5');
  const timeScale = Number(values['time-scale'] ?? process.env.TIME_SCALE ?? 1);
  if (!(timeScale > 0)) fail('--time-scale must be a positive number');
  const consoleUrl = values.console ?? 'http://localhost:8080';
  const key = values.key ?? process.env.AIRLOOM_MANUFACTURER_KEY ?? keyFromFile();
  if (!key) fail('no manufacturer key: pass --key, set AIRLOOM_MANUFACTURER_KEY, or start the console (it writes ./data/manufacturer.key)');

  const specs = generateFleet(projectId, size).map((s) => ({ ...s, secret: randomBytes(24).toString('base64url') }));
  const count = specs.length;
  const registered = await registerDevices(specs, { consoleUrl, key, projectId });
  const byType = [...new Set(specs.map((d) => d.type))].map((t) => `${t}:${specs.filter((d) => d.type === t).length}`).join(',');
  console.log(`registered ${count} devices (${byType}) for project ${projectId} at ${consoleUrl} (${registered.created} new, ${registered.updated} again)`);

  const fleet = createFleet(specs, {
    brokerUrl,
    protocolVersion: mqttVersion === '4' ? 4 : 5,
    controllerId: values['controller-id'] ?? process.env.USP_CONTROLLER_ID ?? 'self::airloom',
    timeScale,
    dedupeCommandKeys: !values['no-dedupe'],
  });
  const report = values.report ? path.resolve(values.report) : undefined;
  const writeReport = () => {
    if (!report) return;
    const devices = fleet.agents.map((a) => ({ sn: a.spec.sn, state: a.state, name: a.name, ran: a.ran.map((r) => [r.command, r.commandKey, r.at]) }));
    // written whole, then renamed: a reader never sees half a file
    writeFileSync(`${report}.tmp`, JSON.stringify({ at: Date.now(), devices }));
    renameSync(`${report}.tmp`, report);
  };
  const reporter = report ? setInterval(writeReport, 1000) : undefined;
  const started = Date.now();
  let allOnlineAfter: number | undefined;
  void fleet.start().then(() => (allOnlineAfter = Date.now() - started));

  const tty = process.stdout.isTTY;
  const line = () => {
    const s = fleet.stats();
    const ready = allOnlineAfter === undefined ? '' : ` · all connected in ${(allOnlineAfter / 1000).toFixed(1)} s`;
    const error = s.connecting && s.lastError ? ` · last connect error: ${s.lastError}` : '';
    return `${s.online}/${s.devices} online · ${s.connecting} connecting · ${s.rebooting} rebooting · ${s.pendingNotifies} notifies unacknowledged${ready}${error}`;
  };
  const ticker = setInterval(() => {
    if (tty) process.stdout.write(`\r${line()}\x1b[K`);
  }, 1000);
  const logger = tty ? undefined : setInterval(() => console.log(line()), 10_000);
  console.log(`${count} agents → ${brokerUrl} (MQTT ${mqttVersion === '4' ? '3.1.1' : '5'}, time scale ${timeScale}); Ctrl-C stops them`);

  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    clearInterval(ticker);
    if (logger) clearInterval(logger);
    if (reporter) clearInterval(reporter);
    if (tty) process.stdout.write('\n');
    console.log('stopping the fleet (clean disconnects)…');
    fleet.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
