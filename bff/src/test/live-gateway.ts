// Test helper: the real device side of a test console — a broker (the embedded one with device
// authentication, or the machine's Mosquitto when CI=true), the internal bus, and a gateway runtime
// serving the test database — and the console's app wired to them.
import { randomBytes } from 'node:crypto';
import { createBus, createGatewayRuntime, startEmbeddedBroker, type Bus, type EmbeddedBroker, type GatewayRuntime } from '@airloom/gateway/public';
import type { Express } from 'express';
import { createApp } from '../app.js';
import { createLogger, type Logger } from '../logger.js';
import { createEventHub, type EventHub } from '../modules/events/events.hub.js';
import type { TestEnv } from './test-env.js';

export interface LiveGateway {
  brokerUrl: string;
  protocolVersion: 4 | 5;
  bus: Bus;
  hub: EventHub;
  runtime: GatewayRuntime;
  /** the console's app on this gateway and bus */
  app: Express;
  /** Another console instance on the same database and broker, with a bus of its own (docs/deployment.md); stopped with the rest. */
  anotherConsole(): Promise<Express>;
  stop(): Promise<void>;
}

/**
 * `logger`: where the gateway, the bus and the app write (silent by default; a test may read what they log);
 * `clock`: the app's clock (the test env's, for a test that moves time on), else the real one
 */
export async function startLiveGateway(env: TestEnv, brokerKind: 'aedes' | 'mosquitto', timeScale: number, options: { logger?: Logger; clock?: () => number } = {}): Promise<LiveGateway> {
  const logger = options.logger ?? createLogger({ level: 'silent' });
  const protocolVersion = brokerKind === 'aedes' ? 4 : 5;
  const service = { username: 'airloom-service', password: randomBytes(12).toString('hex') };
  let broker: EmbeddedBroker | undefined;
  let brokerUrl: string;
  if (brokerKind === 'aedes') {
    broker = await startEmbeddedBroker({ db: env.db, host: '127.0.0.1', port: 0, service, logger });
    brokerUrl = broker.url;
  } else {
    brokerUrl = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
  }
  const creds = brokerKind === 'aedes' ? { username: service.username, password: service.password } : {};
  const buses: Bus[] = [];
  const hubs: EventHub[] = [];
  const openBus = async () => {
    const b = createBus({ mqttUrl: brokerUrl, protocolVersion, clientId: `live-bff-${randomBytes(3).toString('hex')}`, logger, ...creds });
    buses.push(b);
    await b.ready();
    return b;
  };
  const bus = await openBus();
  // a private share group on the shared Mosquitto, so another test's gateway never takes our devices' messages
  const runtime = createGatewayRuntime({ db: env.db, logger, mqttUrl: brokerUrl, protocolVersion, bus, timeScale, shareGroup: `test-${randomBytes(3).toString('hex')}`, mqttUsername: creds.username, mqttPassword: creds.password });
  await runtime.start();
  const hub = createEventHub(bus, logger);
  hubs.push(hub);
  const app = createApp({ db: env.db, config: env.config, bus, eventHub: hub, logger, ...(options.clock ? { clock: options.clock } : {}) });
  return {
    brokerUrl,
    protocolVersion,
    bus,
    hub,
    runtime,
    app,
    async anotherConsole() {
      const second = await openBus();
      const secondHub = createEventHub(second, logger);
      hubs.push(secondHub);
      return createApp({ db: env.db, config: env.config, bus: second, eventHub: secondHub, logger, ...(options.clock ? { clock: options.clock } : {}) });
    },
    async stop() {
      for (const h of hubs) h.close();
      await runtime.stop();
      for (const b of buses) await b.close();
      await broker?.close();
    },
  };
}
