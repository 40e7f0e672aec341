// Test helper: a bare aedes broker (no auth, announcing closed connections like the embedded one) on
// a free port, and the brokers a test should run on.
import net from 'node:net';
import { Aedes } from 'aedes';
import { announceDisconnects } from '../broker/presence.js';

export interface TestBroker {
  url: string;
  protocolVersion: 4 | 5;
  close(): Promise<void>;
}

/** `aedes` is the broker itself, for a test that watches who publishes what */
export async function startBareAedes(): Promise<TestBroker & { aedes: Aedes }> {
  const broker = new Aedes();
  await broker.listen();
  announceDisconnects(broker);
  const server = net.createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    protocolVersion: 4,
    aedes: broker,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** aedes always; the machine's Mosquitto (MQTT 5) too when CI=true. */
export function testBrokers(): ('aedes' | 'mosquitto')[] {
  const ci = process.env.CI === 'true' || process.env.CI === '1';
  return ci ? ['aedes', 'mosquitto'] : ['aedes'];
}

/**
 * The database and broker pairs an integration suite runs on: the embedded defaults (SQLite with aedes)
 * and, in CI, the deployment's (MariaDB with Mosquitto), so every suite meets each database and each
 * broker. The crossed pairs (SQLite with Mosquitto, MariaDB with aedes) are left out: the store and the
 * bus do not meet below the runtime, and the crossed pairs doubled the slowest suites on CI's two cores
 * (docs/decisions.md, "Test setups").
 */
export function pairedWithBrokers<B extends string>(backends: B[]): [B, 'aedes' | 'mosquitto'][] {
  const brokers = testBrokers();
  return Array.from({ length: Math.max(backends.length, brokers.length) }, (_, i) => [
    backends[Math.min(i, backends.length - 1)]!,
    brokers[Math.min(i, brokers.length - 1)]!,
  ]);
}

export async function startTestBroker(kind: 'aedes' | 'mosquitto'): Promise<TestBroker> {
  if (kind === 'aedes') return startBareAedes();
  return { url: process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883', protocolVersion: 5, close: async () => {} };
}
