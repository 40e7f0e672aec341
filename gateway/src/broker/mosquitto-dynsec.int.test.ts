// Mosquitto with the shipped configuration (deploy/mosquitto/mosquitto.conf, dynamic security) on
// a port of its own; accounts set up from the environment as in production.
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineIsolationTests } from './isolation-suite.js';
import { mosquittoInstalled, startShippedMosquittoWithService, type MosquittoProcess } from './mosquitto-process.js';
import { ensureServiceAccountFromEnv, type DeviceProvisioner } from './provisioner.js';

if (!mosquittoInstalled) console.warn('Mosquitto is not installed: skipping its isolation tests (dynamic security)');

const secret = () => randomBytes(18).toString('base64url');

describe.skipIf(!mosquittoInstalled)('Mosquitto with dynamic security: device identity and access', () => {
  let broker: MosquittoProcess | undefined;
  let provisioner: DeviceProvisioner;
  let env: NodeJS.ProcessEnv;
  const logger = pino({ level: 'silent' });
  const service = { username: 'airloom-service', password: secret() };
  const a = { endpointId: 'os::001A2B-ALAP500000000001', secret: secret() };
  const b = { endpointId: 'os::001A2B-ALAP500000000002', secret: secret() };
  const bFormerSecret = secret();

  beforeAll(async () => {
    ({ broker, env, provisioner } = await startShippedMosquittoWithService(logger, service));
    // B first with a secret that its second registration replaces
    await provisioner.provision([{ endpointId: b.endpointId, secret: bFormerSecret }]);
    await provisioner.provision([a, b]);
  });

  afterAll(async () => {
    await broker?.stop();
  });

  it('replaces a re-registered secret and can run again', async () => {
    await ensureServiceAccountFromEnv(logger, env);
    await provisioner.provision([a]);
    const connect = (password: string) =>
      mqtt.connectAsync(broker!.url, { username: b.endpointId, password, clientId: b.endpointId, reconnectPeriod: 0 });
    await expect(connect(bFormerSecret)).rejects.toThrow(/not authori[sz]ed/i);
    const device = await connect(b.secret);
    expect(device.connected).toBe(true);
    await device.endAsync();
  });

  it('leaves running gateways connected when another one starts, and takes a new service password', async () => {
    const running = await mqtt.connectAsync(broker!.url, { ...service, clientId: 'gw-running', reconnectPeriod: 0 });
    const dropped = new Promise<string>((resolve) => running.once('close', () => resolve('dropped')));
    await ensureServiceAccountFromEnv(logger, env);
    const roundTrip = running.publishAsync('airloom/nudge', '{}', { qos: 1 }).then(() => 'connected');
    expect(await Promise.race([roundTrip, dropped])).toBe('connected');
    await running.endAsync();

    const rotated = { ...env, MQTT_PASSWORD: secret() };
    await ensureServiceAccountFromEnv(logger, rotated);
    const login = (password: string) => mqtt.connectAsync(broker!.url, { username: service.username, password, reconnectPeriod: 0 });
    await expect(login(service.password)).rejects.toThrow(/not authori[sz]ed/i);
    await (await login(rotated.MQTT_PASSWORD!)).endAsync();
    await ensureServiceAccountFromEnv(logger, env); // back, for the tests below
  });

  describe.each([5, 4] as const)('devices on MQTT %s', (protocolVersion) => {
    defineIsolationTests(() => ({
      url: broker!.url,
      protocolVersion,
      service,
      a,
      b,
      // 3.1.1: 5 not authorised; 5: 0x86 bad user name or password, 0x87 not authorized
      refusedCodes: protocolVersion === 5 ? [0x86, 0x87] : [4, 5],
      clientIdMustMatch: true,
      refusesForeignSubscriptions: true,
      sharedSubscriptions: true,
    }));
  });
});
