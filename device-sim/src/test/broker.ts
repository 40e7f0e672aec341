// Brokers for the agent tests: an embedded aedes (MQTT 3.1.1, no auth) on a free port, always;
// Mosquitto at 127.0.0.1:1883 (MQTT 5) too when CI=true.
import net from 'node:net';
import { Aedes, type AedesOptions } from 'aedes';

export interface TestBroker {
  name: string;
  url: string;
  protocolVersion: 4 | 5;
  close(): Promise<void>;
}

/** aedes on a free port (or the given one, to bring a killed broker back where devices look for it). */
export async function startAedes(options: AedesOptions = {}, port = 0): Promise<TestBroker & { port: number }> {
  const broker = await Aedes.createBroker(options);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as net.AddressInfo).port;
  return {
    name: 'aedes',
    url: `mqtt://127.0.0.1:${bound}`,
    port: bound,
    protocolVersion: 4,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // every client's socket drops as in a crash: no DISCONNECT reaches anyone
        sockets.forEach((s) => s.destroy());
        broker.close();
      }),
  };
}

export function mosquitto(): TestBroker {
  return { name: 'mosquitto', url: 'mqtt://127.0.0.1:1883', protocolVersion: 5, close: async () => undefined };
}

/** The brokers a test suite runs against: aedes always, Mosquitto with CI=true. */
export const BROKERS: { name: string; start: () => Promise<TestBroker> }[] = [
  { name: 'aedes', start: () => startAedes() },
  ...(process.env.CI === 'true' ? [{ name: 'mosquitto', start: async () => mosquitto() }] : []),
];
