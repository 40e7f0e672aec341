// Brokers for the agent tests: an embedded aedes (MQTT 3.1.1, no auth) on a free port, always;
// Mosquitto at 127.0.0.1:1883 (MQTT 5) too when CI=true.
import net from 'node:net';
import { Aedes } from 'aedes';

export interface TestBroker {
  name: string;
  url: string;
  protocolVersion: 4 | 5;
  close(): Promise<void>;
}

export async function startAedes(): Promise<TestBroker> {
  const broker = await Aedes.createBroker();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    name: 'aedes',
    url: `mqtt://127.0.0.1:${port}`,
    protocolVersion: 4,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        broker.close(() => sockets.forEach((s) => s.destroy()));
      }),
  };
}

export function mosquitto(): TestBroker {
  return { name: 'mosquitto', url: 'mqtt://127.0.0.1:1883', protocolVersion: 5, close: async () => undefined };
}

/** The brokers a test suite runs against: aedes always, Mosquitto with CI=true. */
export const BROKERS: { name: string; start: () => Promise<TestBroker> }[] = [
  { name: 'aedes', start: startAedes },
  ...(process.env.CI === 'true' ? [{ name: 'mosquitto', start: async () => mosquitto() }] : []),
];
