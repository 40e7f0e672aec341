// A wireless policy change confirmed to 300 simulated APs (issue: time until all applied, p99), the APs
// reporting their status every 30 s as in the field (TIME_SCALE below).
// Copied from config/switches.ts: a SQLite database, the embedded-style aedes broker, the gateway runtime
// and 300 simulated USP agents (APs) in this process. Confirming is one `wireless-policies` version of the
// project (as POST /wireless/apply stores it) and a nudge per AP; an AP's time is from the confirmation
// until its config_applied row says it holds that version — which the engine writes only after reading
// the AP back.
import { randomBytes } from 'node:crypto';
import { WirelessPoliciesSectionSchema } from '@airloom/contracts/config';
import { createFleet, generateFleet } from '@airloom/device-sim';
import { createBus, createGatewayRuntime, writeSection } from '@airloom/gateway';
import { createTestDb, registerDevices, startTestBroker } from '@airloom/gateway/testing';
import { pino } from 'pino';
import { percentile, type Figure } from '../src/stats.js';

const PROJECT = 990_300;
/** APs in the full mode (the figure); the short mode (CI) uses 100; WIRELESS_BENCH_APS overrides both */
const FULL_APS = 300;
const SHORT_APS = 100;
/**
 * Device and gateway timings as in the field: a status report every 30 s per AP. At 0.1 (3 s) the 300
 * APs' reports, not the change, loaded the process (docs/wireless.md "Bench"); WIRELESS_BENCH_TIME_SCALE
 * overrides it to measure under that load.
 */
const TIME_SCALE = Number(process.env.WIRELESS_BENCH_TIME_SCALE ?? 1);

const policy = (id: number, name: string, over: Record<string, unknown> = {}) => ({
  id, name, ssid: `Bench-${name}`, ssid5: `Bench-${name}-5G`, band: 'dual', securityMode: 2, cipher: 'aes', password: 'bench-password', keyUpdateCycle: 0,
  vlanId: 10 * id, maxClients: 32, hidden: false, schedule: null, guest: false, rateLimit: null, radius: null, applyTo: 'all', sns: [], ...over,
});

async function waitFor(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function wirelessPoliciesBench(short: boolean): Promise<Figure[]> {
  const APS = Number(process.env.WIRELESS_BENCH_APS ?? (short ? SHORT_APS : FULL_APS));
  const logger = pino({ level: 'silent' });
  const { db, close } = await createTestDb('sqlite');
  const broker = await startTestBroker('aedes');
  const specs = generateFleet(PROJECT, { ap: APS }).map((s) => ({ ...s, model: 'AL-AP620', secret: randomBytes(12).toString('hex') }));
  await registerDevices(db, specs.map((s) => ({ sn: s.sn, type: s.type, model: s.model, mac: s.mac, secret: s.secret, projectId: PROJECT })));
  const bus = createBus({ mqttUrl: broker.url, protocolVersion: broker.protocolVersion, clientId: `bench-wl-${randomBytes(3).toString('hex')}`, logger });
  await bus.ready();
  const runtime = createGatewayRuntime({ db, logger, mqttUrl: broker.url, protocolVersion: broker.protocolVersion, bus, timeScale: TIME_SCALE });
  await runtime.start();
  const fleet = createFleet(specs, { brokerUrl: broker.url, protocolVersion: broker.protocolVersion, controllerId: runtime.controllerId, timeScale: TIME_SCALE });
  try {
    await fleet.start();
    const online = () => db('devices').where({ project_id: PROJECT, status: 1 }).count({ n: '*' }).first();
    await waitFor(`${APS} APs online`, 180_000, async () => Number((await online())?.n) === APS);
    const applied = async (version: number) =>
      ((await db('config_applied').where({ project_id: PROJECT, section: 'wireless-policies', state: 'applied', version }).select('sn')) as { sn: string }[]).map((r) => r.sn);
    const confirm = async (policies: unknown[]) => {
      const body = WirelessPoliciesSectionSchema.parse({ policies }) as Record<string, unknown>;
      const written = await writeSection(db, { projectId: PROJECT, sn: '', section: 'wireless-policies', body, actor: 'bench', initial: { policies: [] } });
      await Promise.all(written.devices.map((sn) => bus.nudge(sn)));
      return written;
    };
    // the site already has its staff Wi-Fi (untimed)
    await confirm([policy(1, 'Staff')]);
    await waitFor('the staff Wi-Fi on every AP', 180_000, async () => (await applied(1)).length === APS);

    // the timed change: a guest Wi-Fi added and the staff Wi-Fi hidden
    const startedAt = Date.now();
    const cpuAt = process.cpuUsage();
    const written = await confirm([policy(1, 'Staff', { hidden: true }), policy(2, 'Guest', { guest: true, rateLimit: { uploadMbps: 10, downloadMbps: 20 } })]);
    const storedIn = (Date.now() - startedAt) / 1000;
    const doneAt = new Map<string, number>();
    await waitFor(`the policy change applied by all ${APS} APs`, 120_000, async () => {
      const now = Date.now();
      for (const sn of await applied(written.version)) if (!doneAt.has(sn)) doneAt.set(sn, now);
      return doneAt.size === APS;
    });
    const all = (Date.now() - startedAt) / 1000;
    const cpu = process.cpuUsage(cpuAt);
    const latencies = specs.map((s) => (doneAt.get(s.sn)! - startedAt) / 1000).sort((a, b) => a - b);
    const held = fleet.agents.filter((a) => [...a.tree()].some(([p, v]) => p.endsWith('.SSID') && v === 'Bench-Guest-5G')).length;
    if (held !== APS) throw new Error(`only ${held} of ${APS} APs hold the guest SSID`);
    const bench = `wireless policies (a change confirmed to ${APS} simulated APs, status every ${30 * TIME_SCALE} s, SQLite, embedded broker, one process)`;
    return [
      { bench, metric: 'time until an AP applied it, p50', value: percentile(latencies, 50), unit: 's' },
      { bench, metric: 'time until an AP applied it, p99', value: percentile(latencies, 99), unit: 's', budget: { max: 10 } },
      { bench, metric: 'time until all applied', value: all, unit: 's' },
      { bench, metric: 'of which storing the version and nudging the APs', value: storedIn, unit: 's' },
      { bench, metric: `CPU of this process meanwhile (gateway, broker, database and the ${APS} simulated APs)`, value: (cpu.user + cpu.system) / 1e6, unit: 's' },
    ];
  } finally {
    await fleet.stop();
    await runtime.stop();
    await bus.close();
    await broker.close();
    await close();
  }
}
