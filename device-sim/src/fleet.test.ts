// A fleet against an aedes broker that checks credentials the way the console's broker does:
// every agent has its own connection, logs in as its endpoint ID with its own secret, and the
// fleet never has more connection attempts in flight than it is allowed.
import type { AuthenticateError } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { createFleet, type Fleet } from './fleet.js';
import { demoFleet, type DeviceSpec } from './specs.js';
import { startAedes } from './test/broker.js';
import { TestController } from './test/controller.js';
import { endpointIdFor } from '@airloom/usp';

interface Login {
  clientId: string;
  username: string | undefined;
  password: string | undefined;
}

async function authBroker(secrets: Map<string, string>, delayMs = 0) {
  const logins: Login[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const broker = await startAedes({
    authenticate(client, username, password, done) {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        const pw = password?.toString();
        logins.push({ clientId: client.id, username, password: pw });
        // the test controller logs in without a username
        if (username === undefined || (secrets.get(username) === pw && client.id === username)) return done(null, true);
        const err = new Error('bad username or password') as AuthenticateError;
        err.returnCode = 4;
        done(err, false);
      }, delayMs);
    },
  });
  return { url: broker.url, logins, maxInFlight: () => maxInFlight, close: broker.close };
}

const withSecrets = (specs: DeviceSpec[]) => specs.map((s, i) => ({ ...s, secret: `secret-${i}-${s.sn}` }));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('fleet', () => {
  it('connects every device with its own credentials and stops them all cleanly', async () => {
    const specs = withSecrets([...demoFleet(500000), ...demoFleet(600000)]);
    const secrets = new Map(specs.map((s) => [endpointIdFor(s.mac, s.sn), s.secret]));
    const broker = await authBroker(secrets, 5);
    cleanups.push(broker.close);
    const controller = await TestController.connect(broker.url, 4);
    cleanups.push(() => controller.close());
    const fleet: Fleet = createFleet(specs, { brokerUrl: broker.url, protocolVersion: 4, timeScale: 0.01, connectConcurrency: 3 });
    cleanups.push(() => fleet.stop());

    await fleet.start();
    expect(fleet.stats()).toMatchObject({ devices: 20, online: 20 });
    expect(broker.maxInFlight()).toBeLessThanOrEqual(3);
    const deviceLogins = broker.logins.filter((l) => l.username !== undefined);
    expect(deviceLogins).toHaveLength(20);
    for (const l of deviceLogins) {
      expect(l.clientId).toBe(l.username);
      expect(l.password).toBe(secrets.get(l.username!));
    }
    expect(fleet.get('AL6MX00000000001')!.tree().get('Device.X_AIRLOOM_MeshRole')).toBe('primary');

    const mark = controller.received.length;
    await fleet.stop();
    expect(fleet.stats()).toMatchObject({ online: 0, stopped: 20 });
    await expect
      .poll(() => new Set(controller.received.slice(mark).filter((r) => r.record.kind === 'disconnect').map((r) => r.ep)).size)
      .toBe(20);
  });

  it('keeps a device whose secret is refused offline, retrying with back-off', async () => {
    const [spec] = withSecrets(demoFleet(500000));
    const broker = await authBroker(new Map([[endpointIdFor(spec!.mac, spec!.sn), 'another-secret-entirely']]));
    cleanups.push(broker.close);
    const agent = new Agent({ brokerUrl: broker.url, protocolVersion: 4, spec: spec!, timeScale: 0.01 });
    cleanups.push(() => agent.stop());
    const errors: Error[] = [];
    agent.on('connectError', (e) => errors.push(e));
    void agent.start();
    await expect.poll(() => errors.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(agent.state).toBe('connecting');
    expect(errors[0]!.message).toMatch(/Bad username or password/i);
  });
});
