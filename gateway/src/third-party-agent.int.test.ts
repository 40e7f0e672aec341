// A USP agent that follows TR-369 literally and behaves like a third-party one (test/third-party-
// agent.ts: reply-to suffix on every 3.1.1 publish, its own subscriptions only, no last will, no
// vendor parameters, command keys not de-duplicated), against the embedded broker on MQTT 3.1.1
// and against Mosquitto with the shipped dynamic-security configuration on MQTT 3.1.1 and 5. What
// a user notices: the device shows up to be verified, is added, is online with its DeviceInfo,
// restarts exactly once per reboot even when its answer is lost, and goes offline and back.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { DeviceStatus, ErrorCode } from '@airloom/contracts';
import { agentTopic, responseTopic } from '@airloom/usp';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker/embedded-broker.js';
import { mosquittoInstalled, startShippedMosquittoWithService, type MosquittoProcess } from './broker/mosquitto-process.js';
import type { DeviceProvisioner } from './broker/provisioner.js';
import { createGatewayRuntime, type GatewayRuntime } from './runtime.js';
import { bindDevice, enqueueOperation, listUnverified } from './store/devices.js';
import { registerDevices } from './store/registration.js';
import { createTestDb, testBackends } from './store/test-db.js';
import { deviceRow, operationRow, waitFor } from './test/harness.js';
import { ThirdPartyAgent } from './test/third-party-agent.js';

const CONTROLLER = 'self::airloom-3p';
const OWNER = 4242;
const PROJECT = 8800;
const secret = () => randomBytes(18).toString('base64url');

type Setup = 'embedded broker, MQTT 3.1.1' | 'Mosquitto (dynamic security), devices on MQTT 3.1.1' | 'Mosquitto (dynamic security), devices on MQTT 5';
const SETUPS: Setup[] = ['embedded broker, MQTT 3.1.1', 'Mosquitto (dynamic security), devices on MQTT 3.1.1', 'Mosquitto (dynamic security), devices on MQTT 5'];
if (!mosquittoInstalled) console.warn('Mosquitto is not installed: the third-party agent runs on the embedded broker only');
const cases = testBackends().flatMap((backend) => SETUPS.filter((s) => mosquittoInstalled || s.startsWith('embedded')).map((setup) => [backend, setup] as const));

describe.each(cases)('a third-party-behaviour agent on %s, %s', (backend, setup) => {
  const embedded = setup.startsWith('embedded');
  const deviceVersion: 4 | 5 = setup.endsWith('MQTT 5') ? 5 : 4;
  let db: Knex;
  let closeDb: () => Promise<void>;
  let broker: EmbeddedBroker | MosquittoProcess;
  let provisioner: DeviceProvisioner | null = null;
  let runtime: GatewayRuntime;
  const logLines: string[] = [];
  const agents: ThirdPartyAgent[] = [];
  let next = 0;

  beforeAll(async () => {
    ({ db, close: closeDb } = await createTestDb(backend));
    const service = { username: 'airloom-service', password: secret() };
    const logger = pino({ level: 'warn' }, new Writable({ write: (chunk: Buffer, _enc, done) => (logLines.push(chunk.toString()), done()) }));
    if (embedded) {
      broker = await startEmbeddedBroker({ db, host: '127.0.0.1', port: 0, service, logger });
    } else {
      ({ broker, provisioner } = await startShippedMosquittoWithService(logger, service));
    }
    runtime = createGatewayRuntime({
      db,
      logger,
      mqttUrl: broker.url,
      mqttUsername: service.username,
      mqttPassword: service.password,
      protocolVersion: embedded ? 4 : 5,
      controllerId: CONTROLLER,
      shareGroup: `3p-${randomBytes(3).toString('hex')}`,
      // real timings (offline after 90 s of silence), so a quick offline can only come from the broker
      timeScale: 1,
      timings: { requestTimeoutMs: 2_000, resendAfterMs: 1_000, claimLeaseMs: 5_000, operationLifetimeMs: { reboot: 8_000, locate: 8_000, reset: 8_000, neighbourScan: 8_000, clientOffline: 8_000, 'poe-reboot': 8_000, led: 8_000, 'format-disk': 8_000, upgrade: 8_000, 'remote-web': 8_000 } },
    });
    await runtime.start();
  }, 60_000);

  afterAll(async () => {
    for (const a of agents) await a.stop().catch(() => undefined);
    await runtime?.stop();
    if (broker && 'close' in broker) await broker.close();
    else await broker?.stop();
    await closeDb?.();
  });

  /** registered by the manufacturer for OWNER, in no project yet; not connected */
  async function registered(reportedSerialNumber?: string): Promise<{ sn: string; agent: ThirdPartyAgent }> {
    next++;
    const sn = `TPA${randomBytes(4).toString('hex').toUpperCase()}${String(next).padStart(3, '0')}`;
    const mac = `0A:0C:0E:00:00:${String(next).padStart(2, '0')}`;
    const password = secret();
    const [device] = (await registerDevices(db, [{ sn, type: 'ap', model: 'AL-AP500', mac, secret: password, ownerAccountId: OWNER }])).devices;
    await provisioner?.provision([{ endpointId: device!.endpointId, secret: password }]);
    const agent = new ThirdPartyAgent({ brokerUrl: broker.url, protocolVersion: deviceVersion, controllerId: CONTROLLER, mac, sn, password, reportedSerialNumber, heartbeatMs: 500, rebootMs: 300 });
    agents.push(agent);
    return { sn, agent };
  }

  /** connected, added to the project by SN, set up */
  async function added(): Promise<{ sn: string; agent: ThirdPartyAgent }> {
    const device = await registered();
    await device.agent.start();
    await waitFor('seen', async () => (await listUnverified(db, OWNER)).some((d) => d.sn === device.sn));
    expect(await bindDevice(db, device.sn, PROJECT)).toBe(true);
    await waitFor('set up', () => device.agent.subscriptions.size === 2);
    return device;
  }

  it('is "to be verified" within 5 s of connecting, then added by SN it is online with its DeviceInfo (R-MQTT.13, .15, .22–.27)', async () => {
    const { sn, agent } = await registered();
    const connectedAt = Date.now();
    await agent.start();
    await waitFor('to be verified', async () => (await listUnverified(db, OWNER)).some((d) => d.sn === sn), 5_000);
    expect(Date.now() - connectedAt).toBeLessThan(5_000);
    expect(await bindDevice(db, sn, PROJECT)).toBe(true); // what "add device by SN" stores

    await waitFor('subscribed to Boot! and Periodic!', () => agent.subscriptions.size === 2);
    const row = await deviceRow(db, sn);
    expect(row.status).toBe(DeviceStatus.ONLINE);
    expect(row.software_version).toBe('7.0.1');
    // the registered model is the identity; what the agent reports is kept beside it
    expect(row.model).toBe('AL-AP500');
    expect(row.reported_model).toBe('TP-Agent-1');
    expect([...agent.subscriptions.values()].map((s) => s.reference).sort()).toEqual(['Device.Boot!', 'Device.LocalAgent.Periodic!']);

    // one filter per connection (R-MQTT.15), so each request arrives once
    expect(agent.mqttSubscriptions).toEqual([[deviceVersion === 5 ? agentTopic(agent.ep) : `${agentTopic(agent.ep)}/#`]]);
    const ids = agent.received.map((r) => r.msg.msgId);
    expect(new Set(ids).size).toBe(ids.length);
    // the gateway answers its Notifies (Boot!, Periodic!) to the reply-to they named (R-MQTT.25/.26),
    // naming its own: the suffix towards a 3.1.1 agent (R-MQTT.24)
    await waitFor('a NotifyResp', () => agent.notifyRespTopics.length > 0);
    for (const topic of agent.notifyRespTopics) {
      if (deviceVersion === 5) expect(topic).toBe(agentTopic(agent.ep));
      else expect(topic).toMatch(new RegExp(`^usp/a/${agent.ep}/reply-to=usp%2Fc%2F${agent.ep}%2Fg%2F[^/]+$`));
    }
    if (deviceVersion === 5) {
      // R-MQTT.27 content type and R-MQTT.29 usp-err-id <to_id>/<msg_id> on every request
      for (const r of agent.received) {
        expect(r.contentType).toBe('application/vnd.bbf.usp.msg');
        expect(r.errId).toBe(`${agent.ep}/${r.msg.msgId}`);
      }
    }
  });

  it('restarts exactly once per reboot operation, also when its OperateResp is lost; subscriptions are not added twice', async () => {
    const { sn, agent } = await added();
    // the answer is lost, and the device stays connected longer than the gateway waits for an answer
    // and a resend period: an Operate sent again would reach it and run again
    agent.dropOperateResps = 1;
    agent.rebootDelayMs = 4_000;
    const first = (await enqueueOperation(db, { projectId: PROJECT, sn, kind: 'reboot', accountId: null }))!;
    await waitFor('first reboot done', async () => (await operationRow(db, first.id)).state === 'done', 30_000);
    expect(agent.dropOperateResps).toBe(0);
    expect(agent.reboots).toBe(1);
    agent.rebootDelayMs = 50;
    await waitFor('online again', async () => (await deviceRow(db, sn)).status === DeviceStatus.ONLINE);

    const second = (await enqueueOperation(db, { projectId: PROJECT, sn, kind: 'reboot', accountId: null }))!;
    await waitFor('second reboot done', async () => (await operationRow(db, second.id)).state === 'done', 30_000);
    expect(agent.reboots).toBe(2);
    expect(agent.received.filter((r) => r.msg.type === 'operate')).toHaveLength(2);
    // set up again after each restart: the table is read first, nothing is added twice
    await waitFor('set up again', () => agent.mqttSubscriptions.length === 3 && agent.connected);
    expect(agent.subscriptions.size).toBe(2);
    expect(agent.uniqueKeyConflicts).toBe(0);
  }, 90_000);

  it('subscriptions the agent already has are read first and corrected with a Set, never added twice (7025)', async () => {
    const { sn, agent } = await registered();
    // left from an earlier controller: the boot subscription disabled, pointing elsewhere
    agent.subscriptions.set('airloom-boot', { reference: 'Device.LocalAgent.Periodic!', enable: 'false', notifType: 'Event' });
    await agent.start();
    await bindDevice(db, sn, PROJECT);
    await waitFor('corrected', () => agent.subscriptions.get('airloom-boot')?.enable === 'true' && agent.subscriptions.size === 2);
    expect(agent.subscriptions.get('airloom-boot')).toEqual({ reference: 'Device.Boot!', enable: 'true', notifType: 'Event' });
    const kinds = agent.received.map((r) => r.msg.type);
    expect(kinds.indexOf('get')).toBeLessThan(kinds.indexOf('set'));
    expect(agent.uniqueKeyConflicts).toBe(0);
  });

  it('a reboot whose answer is lost and which never runs ends "check the device" (37), sent once', async () => {
    const { sn, agent } = await added();
    agent.swallowOperates = true;
    const op = (await enqueueOperation(db, { projectId: PROJECT, sn, kind: 'reboot', accountId: null }))!;
    const row = await waitFor('given up', async () => {
      const r = await operationRow(db, op.id);
      return r.state === 'failed' ? r : null;
    }, 30_000);
    expect(row.error_code).toBe(ErrorCode.DEVICE_RESULT_UNKNOWN);
    expect(agent.received.filter((r) => r.msg.type === 'operate')).toHaveLength(1);
    expect(agent.reboots).toBe(0);
  }, 60_000);

  it.runIf(embedded)('is offline within 10 s of a clean disconnect (no will: the broker tells) and online again on return', async () => {
    const { sn, agent } = await added();
    await agent.stop();
    const stoppedAt = Date.now();
    await waitFor('offline', async () => (await deviceRow(db, sn)).status === DeviceStatus.OFFLINE, 10_000);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    const reasons = (await db('device_status_log').where({ sn }).orderBy('id').pluck('reason')) as string[];
    expect(reasons.at(-1)).toBe('connection-closed');

    await agent.start();
    await waitFor('online again', async () => (await deviceRow(db, sn)).status === DeviceStatus.ONLINE, 10_000);
  });

  it.runIf(embedded)('an agent reporting another serial number is refused, stays offline, and a security event is logged', async () => {
    const { sn, agent } = await registered('SOMEONEELSE0001');
    await bindDevice(db, sn, PROJECT);
    await agent.start();
    await waitFor('refused', async () => ((await db('device_status_log').where({ sn, reason: 'identity-mismatch' }).first('id')) as unknown) ?? null);
    expect((await deviceRow(db, sn)).status).toBe(DeviceStatus.OFFLINE);
    const security = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'security' && l.sn === sn);
    expect(security).toHaveLength(1);
    expect(security[0]).toMatchObject({ reportedSerialNumber: 'SOMEONEELSE0001', endpointId: agent.ep });
    // no subscriptions were set up on it
    expect(agent.subscriptions.size).toBe(0);
  });

  it.runIf(deviceVersion === 5)('a record that cannot be parsed is answered with a brokered error naming its usp-err-id (R-MQTT.28, R-MQTT.31)', async () => {
    const { agent } = await added();
    await agent.publishGarbage(Buffer.from('not a USP record'), `${CONTROLLER}/broken-1`);
    await waitFor('brokered error', () => agent.brokeredErrors.length > 0);
    expect(agent.brokeredErrors[0]).toEqual({ text: 'err_code:7100\nerr_msg:the USP Record could not be parsed', errId: `${CONTROLLER}/broken-1` });
    // logged at warn with topic and reason
    expect(logLines.some((l) => l.includes('"reason":"undecodable record"') && l.includes(agent.ep))).toBe(true);
  });

  it.runIf(setup === SETUPS[0])('the gateway names this instance as reply-to in its requests (R-MQTT.24)', async () => {
    const { agent } = await added();
    const requests = agent.received.filter((r) => r.msg.type === 'get');
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(r.topic).toBe(`${agentTopic(agent.ep)}/reply-to=${responseTopic(agent.ep, runtime.gatewayId).replaceAll('/', '%2F')}`);
  });
});
