// Test helper: what a device may and may not do on a broker, checked the same way on the embedded
// broker and on Mosquitto. Two registered devices A and B and the service account take part.
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterEach, expect, it } from 'vitest';
import { CLIENT_GONE_TOPIC } from './presence.js';
import type { DeviceCredentials } from './provisioner.js';

export interface BrokerUnderTest {
  url: string;
  /** the MQTT version the devices speak */
  protocolVersion: 4 | 5;
  service: { username: string; password: string };
  a: DeviceCredentials;
  b: DeviceCredentials;
  /** CONNACK codes this broker answers to wrong credentials and to a client id that is not the username */
  refusedCodes: number[];
  /** false where the broker gives a device its username as client id instead of refusing another */
  clientIdMustMatch: boolean;
  /** false where the broker grants any subscription and filters what it delivers (Mosquitto's acl_file) */
  refusesForeignSubscriptions: boolean;
  /** whether the broker has MQTT 5 shared subscriptions */
  sharedSubscriptions: boolean;
}

type Connected = { client: MqttClient; code?: undefined } | { client?: undefined; code: number };

const REFUSED_SUBSCRIPTION = 0x80; // any SUBACK code from 0x80 up refuses

export function defineIsolationTests(broker: () => BrokerUnderTest): void {
  const open: MqttClient[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.endAsync(true)));
  });

  function tryConnect(options: IClientOptions): Promise<Connected> {
    const { url, protocolVersion } = broker();
    const client = mqtt.connect(url, { protocolVersion, reconnectPeriod: 0, connectTimeout: 5_000, ...options });
    open.push(client);
    return new Promise((resolve) => {
      client.once('connect', () => resolve({ client }));
      client.once('error', (err) => resolve({ code: Number((err as { code?: unknown }).code ?? -1) }));
      client.once('close', () => resolve({ code: -1 }));
    });
  }

  async function connect(options: IClientOptions): Promise<MqttClient> {
    const result = await tryConnect(options);
    if (!result.client) throw new Error(`connection refused with ${result.code}`);
    return result.client;
  }

  const device = (d: DeviceCredentials, extra: IClientOptions = {}) =>
    connect({ username: d.endpointId, password: d.secret, clientId: d.endpointId, ...extra });
  const service = () => connect({ ...broker().service, clientId: `svc-${Math.random().toString(16).slice(2)}` });

  /** The SUBACK code for one filter: the granted QoS, or 0x80 and up when refused. */
  async function subscribeCode(client: MqttClient, filter: string): Promise<number> {
    try {
      const granted = await client.subscribeAsync(filter, { qos: 1 });
      return granted[0]!.qos;
    } catch (err) {
      const granted = (err as { packet?: { granted?: unknown[] } }).packet?.granted;
      return Number(granted?.[0]);
    }
  }

  /** what reaches a client; the broker's own notices of closed connections are not anybody's writes */
  function received(client: MqttClient): string[] {
    const got: string[] = [];
    client.on('message', (topic, payload) => {
      if (topic !== CLIENT_GONE_TOPIC) got.push(`${topic} ${payload.toString()}`);
    });
    return got;
  }

  async function until(done: () => boolean): Promise<void> {
    for (let i = 0; i < 250 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
  }

  it('lets a device in only with its own endpoint ID, secret and client id', async () => {
    const { a, b, service: svc, refusedCodes, clientIdMustMatch } = broker();
    const refused = async (options: IClientOptions) => {
      const result = await tryConnect(options);
      expect(result.client, `connected with ${JSON.stringify(options)}`).toBeUndefined();
      expect(refusedCodes).toContain(result.code);
    };
    await refused({ username: a.endpointId, password: b.secret, clientId: a.endpointId });
    await refused({ username: a.endpointId, password: `${a.secret}x`, clientId: a.endpointId });
    await refused({ username: 'os::001A2B-NOSUCHDEVICE0001', password: a.secret, clientId: 'os::001A2B-NOSUCHDEVICE0001' });
    await refused({ clientId: a.endpointId });
    if (clientIdMustMatch) await refused({ username: a.endpointId, password: a.secret, clientId: b.endpointId });
    await refused({ username: svc.username, password: `${svc.password}x`, clientId: 'svc-wrong' });
    await refused({ username: svc.username, password: a.secret, clientId: a.endpointId });

    expect((await tryConnect({ username: a.endpointId, password: a.secret, clientId: a.endpointId })).client).toBeDefined();
    expect((await service()).connected).toBe(true);
  });

  it("keeps a device from reading another device's commands", async () => {
    const { a, b, sharedSubscriptions, refusesForeignSubscriptions } = broker();
    const deviceA = await device(a);
    const deviceB = await device(b);
    for (const filter of [`usp/a/${b.endpointId}/#`, `usp/a/${b.endpointId}`, 'usp/a/+/#', 'usp/#', '#', 'airloom/#', '$SYS/#']) {
      const code = await subscribeCode(deviceA, filter);
      if (refusesForeignSubscriptions) expect(code, filter).toBeGreaterThanOrEqual(REFUSED_SUBSCRIPTION);
    }
    expect(await subscribeCode(deviceA, `usp/a/${a.endpointId}/#`)).toBe(1);
    expect(await subscribeCode(deviceB, `usp/a/${b.endpointId}/#`)).toBe(1);
    const gotA = received(deviceA);
    const gotB = received(deviceB);

    const svc = await service();
    const filters = ['usp/c/+', 'usp/c/+/g/gw-test', 'airloom/events/+', ...(sharedSubscriptions ? ['$share/airloom-gw/usp/c/+'] : [])];
    for (const filter of filters) expect(await subscribeCode(svc, filter), filter).toBeLessThan(REFUSED_SUBSCRIPTION);
    const replyTo = `reply-to=${encodeURIComponent(`usp/c/${b.endpointId}/g/gw-test`)}`;
    await svc.publishAsync(`usp/a/${b.endpointId}/${replyTo}`, 'get for B', { qos: 1 });
    await svc.publishAsync(`usp/a/${b.endpointId}`, 'set for B', { qos: 1 });
    await svc.publishAsync(`usp/a/${a.endpointId}`, 'get for A', { qos: 1 }); // sent last: A's only message
    await until(() => gotA.length >= 1 && gotB.length >= 2);

    expect(gotB).toEqual([`usp/a/${b.endpointId}/${replyTo} get for B`, `usp/a/${b.endpointId} set for B`]);
    // MQTT 5 delivers a copy per matching subscription where the broker granted overlapping ones
    expect([...new Set(gotA)]).toEqual([`usp/a/${a.endpointId} get for A`]);
  });

  it('keeps a device from writing anywhere but its own controller-bound topic', async () => {
    const { a, b } = broker();
    const svc = await service();
    await svc.subscribeAsync(['usp/#', 'airloom/#'], { qos: 1 });
    const got = received(svc);

    // one connection each: a broker may close the connection of a device that tries
    for (const topic of [`usp/c/${b.endpointId}`, `usp/c/${b.endpointId}/g/gw-test`, `usp/a/${b.endpointId}`, `usp/a/${a.endpointId}`, 'airloom/nudge', 'airloom/events/1']) {
      const forger = await device(a);
      forger.publish(topic, 'forged');
      await forger.endAsync();
    }
    const deviceA = await device(a);
    await deviceA.publishAsync(`usp/c/${a.endpointId}`, 'notify', { qos: 1 });
    await deviceA.publishAsync(`usp/c/${a.endpointId}/g/gw-test`, 'get response', { qos: 1 });
    await until(() => got.length >= 2);

    expect(got).toEqual([`usp/c/${a.endpointId} notify`, `usp/c/${a.endpointId}/g/gw-test get response`]);
  });

  it("drops a last will aimed at another device's topic", async () => {
    const { a, b } = broker();
    const svc = await service();
    await svc.subscribeAsync('usp/#', { qos: 1 });
    const got = received(svc);

    const deviceA = await device(a, { will: { topic: `usp/c/${b.endpointId}`, payload: Buffer.from('forged will'), qos: 1, retain: false } });
    deviceA.stream.destroy(); // unclean: the broker publishes the will, if allowed
    const deviceB = await device(b, { will: { topic: `usp/c/${b.endpointId}`, payload: Buffer.from('own will'), qos: 1, retain: false } });
    deviceB.stream.destroy();
    await until(() => got.length >= 1);

    expect(got).toEqual([`usp/c/${b.endpointId} own will`]);
  });
}
