// A device's chart from what it really reported: a simulated AP (USP agent) sends its status reports
// over MQTT (the embedded broker, or Mosquitto with CI=true), the gateway runtime stores each as a
// point of the time series, and the statistics API answers them for the chart's window.
import { randomBytes } from 'node:crypto';
import { DeviceStatus } from '@airloom/contracts';
import { Agent, type DeviceSpec } from '@airloom/device-sim';
import { createBus, createGatewayRuntime, startEmbeddedBroker, type Bus, type EmbeddedBroker, type GatewayRuntime } from '@airloom/gateway/public';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createLogger } from '../../logger.js';
import { backends, createTestEnv, signedUp, pairedWithBrokers, type Client, type TestEnv } from '../../test/test-env.js';
import { createEventHub } from '../events/events.hub.js';

const TIME_SCALE = 0.02;
const cases = pairedWithBrokers(backends());

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 50));
  expect(await check()).toBe(true);
}

describe.each(cases)('a live device\'s chart on %s with %s', (backend, brokerKind) => {
  let env: TestEnv;
  let broker: EmbeddedBroker | undefined;
  let bus: Bus;
  let runtime: GatewayRuntime;
  let owner: Client;
  let projectId: number;
  let ap: Agent;
  const hex = randomBytes(7).toString('hex').toUpperCase();
  const spec: DeviceSpec = { sn: `STL${hex}`, mac: `02:53:54:${hex.slice(0, 6).match(/../g)!.join(':')}`, type: 'ap', model: 'AL-AP620', meshRole: '', name: 'AP-Lobby', secret: randomBytes(16).toString('hex') };
  const logger = createLogger({ level: 'silent' });
  /** every CPU figure the AP put in its tree (status reports and answers to reads) */
  const reportedCpu = new Set<number>();

  beforeAll(async () => {
    env = await createTestEnv(backend);
    const protocolVersion = brokerKind === 'aedes' ? 4 : 5;
    const service = { username: 'airloom-service', password: randomBytes(12).toString('hex') };
    let brokerUrl = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
    if (brokerKind === 'aedes') {
      broker = await startEmbeddedBroker({ db: env.db, host: '127.0.0.1', port: 0, service, logger });
      brokerUrl = broker.url;
    }
    const creds = brokerKind === 'aedes' ? { username: service.username, password: service.password } : {};
    bus = createBus({ mqttUrl: brokerUrl, protocolVersion, clientId: `st-bff-${randomBytes(3).toString('hex')}`, logger, ...creds });
    await bus.ready();
    runtime = createGatewayRuntime({ db: env.db, logger, mqttUrl: brokerUrl, protocolVersion, bus, timeScale: TIME_SCALE, shareGroup: `test-${randomBytes(3).toString('hex')}`, mqttUsername: creds.username, mqttPassword: creds.password });
    await runtime.start();
    env.app = createApp({ db: env.db, config: env.config, bus, eventHub: createEventHub(bus, logger), logger, clock: env.clock.now });
    owner = (await signedUp(env)).c;
    projectId = (await owner.post('/api/v1/projects', { projectName: 'Chart Hotel', scenario: 'hotel' })).body.data.id as number;
    const ownerId = Number((await env.db('projects').where({ id: projectId }).first('owner_account_id')).owner_account_id);
    await registerDevices(env.db, [{ sn: spec.sn, type: spec.type, model: spec.model, mac: spec.mac, secret: spec.secret!, projectId, ownerAccountId: ownerId }]);
    ap = new Agent({ brokerUrl, protocolVersion, spec, timeScale: TIME_SCALE });
    const cpuUsage = ap.device.cpuUsage.bind(ap.device);
    ap.device.cpuUsage = () => {
      const v = cpuUsage();
      reportedCpu.add(v);
      return v;
    };
    await ap.start();
    await until(async () => Number((await env.db('devices').where({ sn: spec.sn }).first('status')).status) === DeviceStatus.ONLINE);
  });
  afterAll(async () => {
    await ap?.stop();
    await runtime?.stop();
    await bus?.close();
    await broker?.close();
    await env?.close();
  });

  it('draws the CPU the AP reported, one point per status report, in the 12 h window', async () => {
    const startedAt = Date.now();
    const chart = async (metric: string) => (await owner.get(`/api/v1/projects/${projectId}/stats/devices/${spec.sn}?metric=${metric}&window=12h`)).body.data.points as [number, number][];
    await until(async () => (await chart('cpu')).length >= 4);
    const points = await chart('cpu');
    // each point is a figure the AP put in its status report, in time order, within the last minutes
    for (const [t, v] of points) {
      expect(reportedCpu.has(v)).toBe(true);
      expect(t).toBeGreaterThan(startedAt - 120_000);
      expect(t).toBeLessThanOrEqual(Date.now());
    }
    expect(points.map(([t]) => t)).toEqual([...points.map(([t]) => t)].sort((a, b) => a - b));
    // its clients chart has the same reports' points; the last is the AP's clients a report ago or now
    const clients = await chart('clients');
    expect(clients.map(([t]) => t).slice(0, points.length)).toEqual(points.map(([t]) => t));
    // to a stranger the project does not exist
    const stranger = (await signedUp(env)).c;
    expect((await stranger.get(`/api/v1/projects/${projectId}/stats/devices/${spec.sn}?metric=cpu&window=12h`)).status).toBe(404);
  });
});
