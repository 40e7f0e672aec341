import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createDropLog, createUspController } from './usp-controller.js';

function recordingLogger() {
  const warnings: { fields: Record<string, unknown>; text: string }[] = [];
  const ignore = () => undefined;
  return { warnings, logger: { debug: ignore, info: ignore, error: ignore, warn: (fields: Record<string, unknown>, text: string) => warnings.push({ fields, text }) } };
}

describe('dropped messages', () => {
  it('are logged at warn with topic and reason, once per endpoint in a period, and then with the count left out', () => {
    const { warnings, logger } = recordingLogger();
    const drop = createDropLog(logger as never, 60_000);
    drop('os::0A0B0C-A', 'usp/c/os::0A0B0C-A/x', 'not a USP controller topic');
    drop('os::0A0B0C-A', 'usp/c/os::0A0B0C-A/x', 'not a USP controller topic');
    drop('os::0A0B0C-A', 'usp/c/os::0A0B0C-A', 'undecodable record');
    drop('os::0A0B0C-B', 'usp/c/os::0A0B0C-B', 'to_id self::other is not this controller');
    expect(warnings.map((w) => [w.fields.topic, w.fields.reason])).toEqual([
      ['usp/c/os::0A0B0C-A/x', 'not a USP controller topic'],
      ['usp/c/os::0A0B0C-B', 'to_id self::other is not this controller'],
    ]);
    expect(warnings[0]!.text).toBe('usp: message dropped');

    const again = createDropLog(logger as never, 0);
    again('ep', 't', 'first');
    again('ep', 't', 'second');
    expect(warnings.slice(2).map((w) => w.fields.reason)).toEqual(['first', 'second']);
  });
});

describe('the gateway on an MQTT 5 broker', () => {
  it('names its endpoint ID in CONNECT as the usp-endpoint-id user property (R-MQTT.13)', async () => {
    // a stand-in broker that only reads the CONNECT packet
    let received = Buffer.alloc(0);
    const sockets: net.Socket[] = [];
    const server = net.createServer((socket) => {
      sockets.push(socket);
      socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const ignore = () => undefined;
    const controller = createUspController({
      mqttUrl: `mqtt://127.0.0.1:${port}`,
      protocolVersion: 5,
      gatewayId: 'gw-1',
      controllerId: 'self::airloom-test',
      requestTimeoutMs: 1_000,
      shareGroup: 'g',
      logger: { debug: ignore, info: ignore, warn: ignore, error: ignore },
      onRecord: ignore,
    });
    void controller.start().catch(ignore);
    const string = (s: string) => Buffer.concat([Buffer.from([s.length >> 8, s.length & 0xff]), Buffer.from(s)]);
    // MQTT 5 property 0x26 (User Property): a UTF-8 string pair
    const property = Buffer.concat([Buffer.from([0x26]), string('usp-endpoint-id'), string('self::airloom-test')]);
    for (let i = 0; i < 100 && !received.includes(property); i++) await new Promise((r) => setTimeout(r, 20));
    expect(received[0]).toBe(0x10); // CONNECT
    expect(received.includes(property)).toBe(true);
    await controller.stop();
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
