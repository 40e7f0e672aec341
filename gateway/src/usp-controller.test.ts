import net from 'node:net';
import mqtt from 'mqtt';
import { agentSubscription, buildGet, buildGetResp, buildNotify, buildNotifyResp, controllerTopic, decodeMsg, decodeRecord, encodeMsgRecord, splitReplyTo, valueChangeNotification } from '@airloom/usp';
import { describe, expect, it } from 'vitest';
import { startBareAedes } from './bus/test-broker.js';
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

describe('answers, status reports and NotifyResps', () => {
  it('an answer does not wait behind the status reports the gateway has not read yet, nor do its acknowledgements behind its NotifyResps: each has its connection', async () => {
    const ep = 'os::02414C-ANSWERS';
    const controllerId = 'self::airloom-test';
    const broker = await startBareAedes();
    const brokerPort = Number(new URL(broker.url).port);
    // between the gateway and the broker: holds back what the broker sends on every connection of
    // the gateway but the one its answers come on, as a backlog of reports in a socket would
    let holding = false;
    const held: (() => void)[] = [];
    const sockets: net.Socket[] = [];
    const proxy = net.createServer((fromGateway) => {
      const toBroker = net.connect(brokerPort, '127.0.0.1');
      sockets.push(fromGateway, toBroker);
      let answers: boolean | undefined;
      fromGateway.on('data', (chunk: Buffer) => {
        answers ??= chunk.includes('-requests');
        toBroker.write(chunk);
      });
      toBroker.on('data', (chunk: Buffer) => {
        if (holding && answers === false) held.push(() => fromGateway.write(chunk));
        else fromGateway.write(chunk);
      });
      for (const [a, b] of [[fromGateway, toBroker], [toBroker, fromGateway]] as const) a.on('close', () => b.destroy()).on('error', () => b.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    // who publishes what: Mosquitto 2.0 reads one packet of a connection per turn of its loop, so the
    // connection that takes the devices' deliveries must not also carry the NotifyResps
    const published: string[] = [];
    broker.aedes.on('publish', (packet, client) => {
      if (client?.id.startsWith('airloom-gw-')) published.push(`${client.id} ${decodeMsg((decodeRecord(packet.payload as Buffer) as { payload: Uint8Array }).payload).type}`);
    });
    const heard: string[] = [];
    const ignore = () => undefined;
    const controller = createUspController({
      mqttUrl: `mqtt://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
      protocolVersion: 4,
      gatewayId: 'gw-1',
      controllerId,
      requestTimeoutMs: 5_000,
      shareGroup: 'g',
      logger: { debug: ignore, info: ignore, warn: ignore, error: ignore },
      onRecord: (_ep, record) => {
        if (record.kind !== 'msg') return;
        heard.push(record.msg.type);
        if (record.msg.type === 'notify') void controller.send(ep, buildNotifyResp(record.msg), record.replyTo);
      },
    });
    // a device on the broker that answers a Get on the reply-to its request named (R-MQTT.25)
    const agent = await mqtt.connectAsync(broker.url, { clientId: 'agent', protocolVersion: 4 });
    await agent.subscribeAsync(agentSubscription(ep, 4), { qos: 1 });
    agent.on('message', (topic, payload) => {
      const record = decodeRecord(payload);
      if (record.kind !== 'msg') return;
      const msg = decodeMsg(record.payload);
      const { replyTo } = splitReplyTo(topic);
      if (msg.type === 'get' && replyTo) void agent.publishAsync(replyTo, Buffer.from(encodeMsgRecord(controllerId, ep, buildGetResp(msg.msgId, []))), { qos: 1 });
    });
    try {
      await controller.start();
      holding = true;
      const report = buildNotify('status', valueChangeNotification('Device.DeviceInfo.UpTime', '61'));
      await agent.publishAsync(controllerTopic(ep), Buffer.from(encodeMsgRecord(controllerId, ep, report)), { qos: 1 });
      await new Promise((r) => setTimeout(r, 200));
      expect(held.length, 'the report is held back on its way to the gateway').toBeGreaterThan(0);
      const answer = await controller.request(ep, buildGet(['Device.DeviceInfo.']));
      expect(answer.type).toBe('getResp');
      expect(heard).toEqual(['getResp']);
      holding = false;
      for (const release of held.splice(0)) release();
      await expect.poll(() => heard).toEqual(['getResp', 'notify']);
      await expect.poll(() => published).toEqual(['airloom-gw-gw-1-requests get', 'airloom-gw-gw-1-replies notifyResp']);
    } finally {
      await controller.stop();
      await agent.endAsync();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await broker.close();
    }
  });
});
