// Killing the broker (kill -9) or the gateway in the middle of a batch of
// renames, reboots and configuration changes (a gateway's VLANs: a table section; a switch's PoE: a
// parameter section) loses none and performs no reboot twice; killed in the middle of firmware
// upgrades (TR-181 Download() of a real HTTP image), it leaves none unfinished and none run twice. A private Mosquitto and the gateway
// in a child process, both killable; ten simulated devices in this process, rebooting in ~1 s, that
// run every Operate they receive (no command-key de-duplication, as TR-369 allows): a reboot done
// once means the gateway sent it once.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeviceStatus, firmwareHeader } from '@airloom/contracts';
import { Agent, generateFleet } from '@airloom/device-sim';
import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_SECTION, writeName, writeSection } from './store/config.js';
import { enqueueOperation } from './store/devices.js';
import { createTestDb, testBackends } from './store/test-db.js';
import type { OperationRow } from './store/rows.js';
import { deviceRow, insertDevices, waitFor } from './test/harness.js';
import { gatewayChild, mosquittoInstalled, privateMosquitto, type GatewayChild, type KillableMosquitto } from './test/processes.js';

const TIME_SCALE = 1 / 60; // a reboot takes about a second
const DEVICES = 10;
/** a gateway first and a switch last, so each half of a batch holds a section of its own kind */
const MIX = { router: 1, ap: 8, switch: 1 };
const VLANS = { vlans: [{ id: 1, name: 'VLAN_Default', ip: '192.168.1.1', mask: 24 }, { id: 20, name: 'Crashproof', ip: '10.20.0.1', mask: 24 }] };
const POE = { ports: [{ port: 1, enabled: false, powerW: 12.5 }] };
const CONTROLLER = 'self::airloom-crash';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** two processes on one SQLite file: a write transaction may meet the other's commit (SQLITE_BUSY) */
async function retryBusy<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt > 20 || !/SQLITE_BUSY|database is locked/.test(String(err))) throw err;
      await pause(20);
    }
  }
}

describe.skipIf(!mosquittoInstalled).each(testBackends())('crash safety on %s + a private Mosquitto', (backend) => {
  let db: Knex;
  let closeDb: () => Promise<void>;
  let broker: KillableMosquitto;
  let gateway: GatewayChild;
  let agents: Agent[];
  const project = 7000 + Math.floor(Math.random() * 1000);

  beforeEach(async () => {
    const shared = await createTestDb(backend);
    db = shared.db;
    closeDb = shared.close;
    broker = await privateMosquitto();
    const specs = generateFleet(project, MIX);
    await insertDevices(db, specs, project);
    gateway = gatewayChild({
      MQTT_URL: broker.url,
      MQTT_PROTOCOL_VERSION: '5',
      DATABASE_URL: shared.url,
      USP_CONTROLLER_ID: CONTROLLER,
      TIME_SCALE: String(TIME_SCALE),
      MQTT_SHARE_GROUP: `crash-${randomBytes(3).toString('hex')}`,
      LOG_LEVEL: 'warn',
    });
    await gateway.start();
    agents = specs.map((spec) => new Agent({ brokerUrl: broker.url, protocolVersion: 5, spec, controllerId: CONTROLLER, timeScale: TIME_SCALE, dedupeCommandKeys: false }));
    await Promise.all(agents.map((a) => a.start()));
    await waitFor('all devices set up', async () => {
      const ready = await db('devices').where({ status: DeviceStatus.ONLINE, supports_name: 1 }).count({ n: '*' });
      return Number(ready[0]?.n) === DEVICES && agents.every((a) => a.subscriptions.length === 6);
    }, 30_000);
  }, 60_000);

  afterEach(async () => {
    // processes first: nothing below may leave them running
    await gateway?.kill();
    await broker?.close();
    for (const a of agents ?? []) a.kill();
    await closeDb?.();
  });

  /** two renames and one reboot per device, the second rename after the reboot was asked for */
  async function batch(from: number, to: number, round: string): Promise<number[]> {
    const ids: number[] = [];
    for (const a of agents.slice(from, to)) {
      const sn = a.spec.sn;
      await retryBusy(() => writeName(db, sn, `${round}-first-${sn.slice(-3)}`));
      const op = await retryBusy(() => enqueueOperation(db, { projectId: project, sn, kind: 'reboot', accountId: null }));
      ids.push(op!.id);
      await retryBusy(() => writeName(db, sn, `${round}-final-${sn.slice(-3)}`));
      if (a.spec.type === 'router') await retryBusy(() => writeSection(db, { projectId: project, sn: PROJECT_SECTION, section: 'vlan', body: VLANS, actor: null, initial: {} }));
      if (a.spec.type === 'switch') await retryBusy(() => writeSection(db, { projectId: project, sn, section: 'poe', body: POE, actor: null, initial: {} }));
    }
    return ids;
  }

  /** waits until nothing is left to do; on a timeout the error tells where each device stands */
  async function settled(rebootIds: number[]): Promise<void> {
    try {
      await waitFor(
        'every reboot finished',
        async () => {
          const open = await db<OperationRow>('operations').whereIn('id', rebootIds).whereNotIn('state', ['done', 'failed', 'expired']).count({ n: '*' });
          return Number(open[0]?.n) === 0;
        },
        90_000,
      );
      await waitFor(
        'every rename confirmed',
        async () => {
          for (const a of agents) {
            const row = await deviceRow(db, a.spec.sn);
            if (row.applied_version !== row.config_version || row.status !== DeviceStatus.ONLINE) return false;
          }
          return true;
        },
        60_000,
      );
    } catch (err) {
      const devices = await db('devices').select('sn', 'status', 'name', 'config_version', 'applied_version', 'last_boot_command_key');
      const ops = await db('operations').whereIn('id', rebootIds).select('id', 'sn', 'state', 'claimed_by', 'claim_until', 'attempts');
      const sims = agents.map((a) => ({ sn: a.spec.sn, state: a.state, name: a.name, reboots: a.executions.reboot }));
      throw new Error(`${String(err)}\n${JSON.stringify({ devices, ops, sims })}\n${gateway.output()}`, { cause: err });
    }
  }

  async function expectEverythingApplied(round: string, rebootIds: number[]): Promise<void> {
    await settled(rebootIds);
    const ops = (await db<OperationRow>('operations').whereIn('id', rebootIds)) as OperationRow[];
    expect(ops.map((o) => o.state)).toEqual(rebootIds.map(() => 'done'));
    for (const a of agents) {
      const wanted = `${round}-final-${a.spec.sn.slice(-3)}`;
      expect(a.name, `the device's own name (${a.spec.sn})`).toBe(wanted);
      expect((await deviceRow(db, a.spec.sn)).name).toBe(wanted);
      expect(a.executions.reboot, `reboots executed by ${a.spec.sn}`).toBe(1);
    }
    const holds = (a: Agent, path: RegExp, value: string) => [...a.tree()].some(([p, v]) => path.test(p) && v === value);
    expect(holds(agents.find((a) => a.spec.type === 'router')!, /^Device\.Bridging\.Bridge\.1\.VLAN\.\d+\.Name$/, 'Crashproof'), 'the gateway holds its VLAN').toBe(true);
    expect(holds(agents.find((a) => a.spec.type === 'switch')!, /^Device\.Ethernet\.Interface\.1\.X_AIRLOOM_PoEEnable$/, 'false'), 'the switch has PoE off on port 1').toBe(true);
    const results = await db('config_changes').where({ project_id: project }).whereIn('section', ['vlan', 'poe']).select('result');
    expect(results.map((r: { result: string }) => r.result)).toEqual(['applied', 'applied']);
  }

  it.each(['gateway', 'broker', 'broker and gateway'] as const)(
    '%s killed mid-batch: after the restart every rename and configuration change lands and every device reboots exactly once',
    async (victim) => {
      const round = victim.replaceAll(' ', '-');
      const first = await batch(0, DEVICES / 2, round);
      // kill while reboots are on the wire
      await waitFor('a reboot under way', async () => (await db('operations').whereIn('id', first).whereIn('state', ['sent', 'running']).first('id')) ?? null);
      await Promise.all([victim !== 'gateway' ? broker.kill() : null, victim !== 'broker' ? gateway.kill() : null]);
      const second = await batch(DEVICES / 2, DEVICES, round);
      await pause(1_500); // devices reboot, retry and reconnect while nobody listens
      if (victim !== 'gateway') await broker.start();
      if (victim !== 'broker') await gateway.start();
      await expectEverythingApplied(round, [...first, ...second]);
    },
    180_000,
  );

  /** an image of the device's model, served by a stand-in for the console's download route (TR-181 Download() fetches it) */
  async function imageServer(): Promise<{ server: Server; url: (sn: string) => string; image: (model: string) => { data: Buffer; sha256: string } }> {
    const images = new Map<string, { data: Buffer; sha256: string }>();
    const image = (model: string) => {
      let img = images.get(model);
      if (!img) {
        const data = Buffer.concat([Buffer.from(firmwareHeader(model, 'V9.9.9', 8192)), randomBytes(8192)]);
        img = { data, sha256: createHash('sha256').update(data).digest('hex') };
        images.set(model, img);
      }
      return img;
    };
    const models = new Map(agents.map((a) => [a.spec.sn, a.spec.model]));
    const server = createServer((req, res) => {
      const model = models.get((req.url ?? '').split('/').pop() ?? '');
      if (!model) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(image(model).data);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    return { server, url: (sn) => `http://127.0.0.1:${port}/firmware/${sn}`, image };
  }

  it.each(['gateway', 'broker', 'broker and gateway'] as const)(
    '%s killed mid-upgrade: every upgrade ends, and no device downloads or installs its image twice',
    async (victim) => {
      const images = await imageServer();
      try {
        const aps = agents.filter((a) => a.spec.type === 'ap');
        const ids: number[] = [];
        for (const a of aps) {
          const img = images.image(a.spec.model);
          const download = { token: randomBytes(16).toString('hex'), url: images.url(a.spec.sn), model: a.spec.model, version: 'V9.9.9', imageId: null, size: img.data.length, sha256: img.sha256, expiresAt: Date.now() + 3_600_000 };
          const op = await retryBusy(() => enqueueOperation(db, { projectId: project, sn: a.spec.sn, kind: 'upgrade', accountId: null, args: { version: 'V9.9.9' }, download }));
          ids.push(op!.id);
        }
        // kill while the first downloads are on the wire
        await waitFor('an upgrade under way', async () => (await db('operations').whereIn('id', ids).whereIn('state', ['sent', 'running']).first('id')) ?? null);
        await Promise.all([victim !== 'gateway' ? broker.kill() : null, victim !== 'broker' ? gateway.kill() : null]);
        await pause(1_500);
        if (victim !== 'gateway') await broker.start();
        if (victim !== 'broker') await gateway.start();
        try {
          await waitFor(
            'every upgrade finished',
            async () => {
              const open = await db<OperationRow>('operations').whereIn('id', ids).whereNotIn('state', ['done', 'failed', 'expired']).count({ n: '*' });
              return Number(open[0]?.n) === 0;
            },
            120_000,
          );
        } catch (err) {
          const ops = await db('operations').whereIn('id', ids).select('id', 'sn', 'state', 'error_code', 'attempts');
          const sims = aps.map((a) => ({ sn: a.spec.sn, state: a.state, version: a.softwareVersion, upgrades: a.executions.upgrade }));
          throw new Error(`${String(err)}\n${JSON.stringify({ ops, sims })}\n${gateway.output()}`, { cause: err });
        }
        const ops = (await db<OperationRow>('operations').whereIn('id', ids)) as OperationRow[];
        expect(ops.map((o) => o.state)).toEqual(ids.map(() => 'done'));
        for (const a of aps) {
          expect(a.executions.upgrade, `upgrades run by ${a.spec.sn}`).toBe(1);
          expect(a.softwareVersion).toBe('V9.9.9');
        }
      } finally {
        images.server.closeAllConnections();
        await new Promise((r) => images.server.close(r));
      }
    },
    240_000,
  );
});
