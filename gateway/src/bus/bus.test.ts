import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { DeviceItem } from '@airloom/contracts';
import mqtt from 'mqtt';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, type Bus } from './bus.js';
import { startTestBroker, testBrokers, type TestBroker } from './test-broker.js';

const logger = pino({ level: 'silent' });
const device: DeviceItem = {
  sn: 'ALAP500000000001', revision: 1, name: 'Lobby', type: 'ap', model: 'AL-AP1', status: 1, ip: '10.0.0.2', mac: '00:1A:2B:00:00:01',
  softwareVersion: '1.0.0', meshMode: null, managementMode: 'cloud', clients: 3, uptime: 10, lastSeenAt: null, pendingConfig: false, operation: null,
};

function until(check: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => (check() ? resolve() : Date.now() - started > 5000 ? reject(new Error('timed out')) : setTimeout(tick, 10));
    tick();
  });
}

describe.each(testBrokers())('bus on %s', (kind) => {
  let broker: TestBroker;
  let a: Bus;
  let b: Bus;
  const tag = randomBytes(3).toString('hex');
  beforeAll(async () => {
    broker = await startTestBroker(kind);
    const opts = { mqttUrl: broker.url, protocolVersion: broker.protocolVersion, logger };
    a = createBus({ ...opts, clientId: `bus-a-${tag}` });
    b = createBus({ ...opts, clientId: `bus-b-${tag}` });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await broker?.close();
  });

  it('delivers project events and nudges to every subscribed process, dropping malformed ones', async () => {
    const events: [number, unknown][] = [];
    const nudges: string[] = [];
    b.onEvents((projectId, event) => events.push([projectId, event]));
    b.onNudge((sn) => nudges.push(sn));
    await b.ready();
    await a.ready();

    // what another process might put on the bus by mistake
    const raw = await mqtt.connectAsync(broker.url, { protocolVersion: broker.protocolVersion, clientId: `raw-${tag}` });
    await raw.publishAsync('airloom/events/7', 'not json');
    await raw.publishAsync('airloom/events/7', JSON.stringify({ type: 'device', device: { sn: 1 } }));
    await raw.publishAsync('airloom/events/x', JSON.stringify({ type: 'device-removed', sn: 'A' }));
    await raw.publishAsync('airloom/nudge', JSON.stringify({ nope: 1 }), { qos: 1 });
    await raw.endAsync();

    await a.publishEvent(7, { type: 'device', device });
    await a.publishEvent(8, { type: 'device-removed', sn: device.sn });
    await a.nudge(device.sn);
    await until(() => events.length >= 2 && nudges.length >= 1);
    expect(events).toEqual([
      [7, { type: 'device', device }],
      [8, { type: 'device-removed', sn: device.sn }],
    ]);
    expect(nudges).toEqual([device.sn]);
  });

  it('stops calling a listener once it is removed', async () => {
    const seen: number[] = [];
    const off = b.onEvents((projectId) => seen.push(projectId));
    await b.ready();
    await a.publishEvent(9, { type: 'device-removed', sn: 'X' });
    await until(() => seen.length === 1);
    off();
    await a.publishEvent(10, { type: 'device-removed', sn: 'Y' });
    await a.publishEvent(11, { type: 'device-removed', sn: 'Z' });
    // a second, still registered listener proves the later events did arrive
    const later: number[] = [];
    b.onEvents((projectId) => later.push(projectId));
    await a.publishEvent(12, { type: 'device-removed', sn: 'W' });
    await until(() => later.includes(12));
    expect(seen).toEqual([9]);
  });

  it('answers questions under each id a process registered, each with its own answerer; an id nobody answers times out', async () => {
    // in role `all` one bus answers for the gateway runtime and for the console's remote web tunnels
    b.answer(`gw-${tag}`, async (q) => (q.kind === 'route-table' ? { from: 'gateway', sn: q.sn } : null));
    b.answer(`console-${tag}`, async (q) => (q.kind === 'remote-web' ? { from: 'console', sessionId: q.sessionId } : null));
    await b.ready();
    expect(await a.ask(`gw-${tag}`, { kind: 'route-table', sn: 'S1' })).toEqual({ from: 'gateway', sn: 'S1' });
    expect(await a.ask(`console-${tag}`, { kind: 'remote-web', sessionId: 4, method: 'GET', path: '/', headers: {}, body: '' })).toEqual({ from: 'console', sessionId: 4 });
    await expect(a.ask(`nobody-${tag}`, { kind: 'route-table', sn: 'S1' }, 300)).rejects.toThrow('no answer in time');
  });
});

describe('bus whose broker connection breaks', () => {
  it('tells its listeners when it is connected again, not at its first connection', async () => {
    // a broker whose connections can be cut, as a killed and restarted Mosquitto cuts them
    const { Aedes } = await import('aedes');
    const broker = new Aedes();
    await broker.listen();
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      broker.handle(socket);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const bus = createBus({ mqttUrl: `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`, protocolVersion: 4, clientId: `bus-cut-${randomBytes(3).toString('hex')}`, logger });
    try {
      let reconnected = 0;
      bus.onReconnected(() => reconnected++);
      await bus.ready();
      expect(reconnected).toBe(0);
      for (const socket of sockets) socket.destroy();
      await until(() => reconnected === 1);
      // and again, each time
      await until(() => sockets.size === 1);
      for (const socket of sockets) socket.destroy();
      await until(() => reconnected === 2);
    } finally {
      await bus.close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('bus without a broker', () => {
  // (the failure is the test's timeout: a publish or a close that waits for the broker never returns)
  it('never keeps its caller waiting: publishing and closing with the broker away return', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const bus = createBus({ mqttUrl: `mqtt://127.0.0.1:${closed}`, protocolVersion: 4, logger, clientId: 'bus-away' });
    try {
      await bus.nudge('ALAP500000000001');
      await bus.publishEvent(1, { type: 'device-removed', sn: 'X' });
    } finally {
      await bus.close();
    }
  }, 10_000);
});
