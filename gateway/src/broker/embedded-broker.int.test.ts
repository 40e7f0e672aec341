import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDevices } from '../store/registration.js';
import { createTestDb, testBackends } from '../store/test-db.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker.js';
import { defineIsolationTests, type BrokerUnderTest } from './isolation-suite.js';

const secret = () => randomBytes(18).toString('base64url');

describe.each(testBackends())('embedded broker on %s: device identity and access', (backend) => {
  let testDb: Awaited<ReturnType<typeof createTestDb>>;
  let broker: EmbeddedBroker;
  let setup: BrokerUnderTest;

  beforeAll(async () => {
    testDb = await createTestDb(backend);
    const a = { sn: 'ALAP500000000001', secret: secret() };
    const b = { sn: 'ALAP500000000002', secret: secret() };
    const { devices } = await registerDevices(
      testDb.db,
      [a, b].map((d, i) => ({ ...d, type: 'ap' as const, model: 'AL-AP500', mac: `00:1A:2B:00:00:0${i + 1}` })),
    );
    const service = { username: 'airloom-service', password: secret() };
    broker = await startEmbeddedBroker({ db: testDb.db, host: '127.0.0.1', port: 0, service, logger: pino({ level: 'silent' }) });
    setup = {
      url: broker.url,
      protocolVersion: 4,
      service,
      a: { endpointId: devices[0]!.endpointId, secret: a.secret },
      b: { endpointId: devices[1]!.endpointId, secret: b.secret },
      refusedCodes: [2, 4], // identifier rejected (client id ≠ username), bad user name or password
      clientIdMustMatch: true,
      refusesForeignSubscriptions: true,
      sharedSubscriptions: false,
    };
  });

  afterAll(async () => {
    await broker?.close();
    await testDb?.close();
  });

  defineIsolationTests(() => setup);

  it('refuses a secret replaced by a new registration, though it logged in a moment ago', async () => {
    const { a } = setup;
    const login = (password: string) =>
      mqtt.connectAsync(setup.url, { username: a.endpointId, password, clientId: a.endpointId, protocolVersion: 4, reconnectPeriod: 0 });
    await (await login(a.secret)).endAsync(); // verified and remembered

    const renewed = secret();
    await registerDevices(testDb.db, [{ sn: 'ALAP500000000001', secret: renewed, type: 'ap', model: 'AL-AP500', mac: '00:1A:2B:00:00:01' }]);
    await expect(login(a.secret)).rejects.toThrow(/bad user ?name or password/i);
    const device = await login(renewed);
    expect(device.connected).toBe(true);
    await device.endAsync();
    setup.a = { ...a, secret: renewed };
  });
});
