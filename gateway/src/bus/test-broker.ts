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

export async function startBareAedes(): Promise<TestBroker> {
  const broker = new Aedes();
  await broker.listen();
  announceDisconnects(broker);
  const server = net.createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    protocolVersion: 4,
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

export async function startTestBroker(kind: 'aedes' | 'mosquitto'): Promise<TestBroker> {
  if (kind === 'aedes') return startBareAedes();
  return { url: process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883', protocolVersion: 5, close: async () => {} };
}
