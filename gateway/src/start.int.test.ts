// The runtime behind the embedded broker's logins (as in `airloom all`): a wrong service password
// fails the start at once instead of retrying forever; the right one serves a device that logs in
// with its own endpoint ID and secret.
import { randomBytes } from 'node:crypto';
import { DeviceStatus } from '@airloom/contracts';
import { Agent, generateFleet } from '@airloom/device-sim';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker/embedded-broker.js';
import { createGatewayRuntime, type GatewayRuntime } from './runtime.js';
import { registerDevices } from './store/registration.js';
import { createTestDb } from './store/test-db.js';
import { deviceRow, waitFor } from './test/harness.js';

const logger = pino({ level: 'silent' });
const service = { username: 'airloom-service', password: randomBytes(16).toString('hex') };

describe('gateway runtime behind the embedded broker', () => {
  let db: Knex;
  let closeDb: () => Promise<void>;
  let broker: EmbeddedBroker;
  let runtime: GatewayRuntime | null = null;
  let agent: Agent | null = null;

  beforeAll(async () => {
    ({ db, close: closeDb } = await createTestDb('sqlite'));
    broker = await startEmbeddedBroker({ db, host: '127.0.0.1', port: 0, service, logger });
  });

  afterAll(async () => {
    await agent?.stop();
    await runtime?.stop();
    await broker?.close();
    await closeDb?.();
  });

  function gateway(password: string): GatewayRuntime {
    return createGatewayRuntime({ db, logger, mqttUrl: broker.url, protocolVersion: 4, mqttUsername: service.username, mqttPassword: password, timeScale: 0.01 });
  }

  it('does not start with a wrong service password', async () => {
    await expect(gateway('not-the-password').start()).rejects.toThrow(/refused/);
  });

  it('with the service login, serves a device that logs in with its own credentials', async () => {
    const [spec] = generateFleet(4711, 1);
    const secret = randomBytes(18).toString('base64url');
    await registerDevices(db, [{ ...spec!, secret, projectId: 4711 }]);
    runtime = gateway(service.password);
    await runtime.start();
    agent = new Agent({ brokerUrl: broker.url, protocolVersion: 4, spec: { ...spec!, secret }, timeScale: 0.01 });
    await agent.start();
    const row = await waitFor('online with DeviceInfo', async () => {
      const r = await deviceRow(db, spec!.sn);
      return r.status === DeviceStatus.ONLINE && r.supports_name === 1 ? r : null;
    });
    expect(row.name).toBe(spec!.name);
  });
});
