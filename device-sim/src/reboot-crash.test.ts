// The broker dies while a device goes down for a reboot: the acknowledgement of its OperateResp or
// of its disconnect record never comes. The device must still reboot exactly once and come back
// with Boot! once a broker is there again.
import { randomBytes } from 'node:crypto';
import { buildAdd, buildOperate, decodeMsg, decodeRecord, type NotifyMsg, type UspRecord } from '@airloom/usp';
import type { PublishPacket } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { startAedes, type TestBroker } from './test/broker.js';
import { TestController } from './test/controller.js';

const TIME_SCALE = 0.01;

function recordOf(packet: PublishPacket): UspRecord | undefined {
  try {
    return decodeRecord(packet.payload as Buffer);
  } catch {
    return undefined;
  }
}

/** What the broker holds back, never acknowledging it, before it dies. */
const cases: { what: string; holds: (packet: PublishPacket) => boolean }[] = [
  {
    what: 'the OperateResp',
    holds: (p) => {
      const record = recordOf(p);
      return record?.kind === 'msg' && decodeMsg(record.payload).type === 'operateResp';
    },
  },
  { what: 'the disconnect record', holds: (p) => recordOf(p)?.kind === 'disconnect' },
];

describe.each(cases)('broker killed while holding $what of a reboot', ({ holds }) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('the device reboots once and reports Boot! to the broker that comes back', async () => {
    let dying: TestBroker | undefined;
    let held: () => void = () => undefined;
    const heldOne = new Promise<void>((resolve) => (held = resolve));
    const first = await startAedes({
      authorizePublish(client, packet, done) {
        if (client?.id.startsWith('os::') && holds(packet)) {
          held(); // never call done: no PUBACK, like a broker that died at that moment
          return;
        }
        done(null);
      },
    });
    dying = first;
    cleanups.push(() => dying?.close() ?? Promise.resolve());
    const tail = randomBytes(5).toString('hex').toUpperCase();
    const agent = new Agent({
      brokerUrl: first.url,
      protocolVersion: 4,
      spec: { sn: `ALCRASH${tail}`, mac: `02:41:4C:${tail.slice(0, 2)}:${tail.slice(2, 4)}:${tail.slice(4, 6)}`, type: 'ap', model: 'AL-AP620', meshRole: '', name: 'AP' },
      timeScale: TIME_SCALE,
    });
    cleanups.push(() => agent.stop());
    let controller = await TestController.connect(first.url, 4);
    cleanups.push(() => controller.close().catch(() => undefined));
    await agent.start();
    await controller.request(
      agent.endpointId,
      buildAdd([{ objPath: 'Device.LocalAgent.Subscription.', paramSettings: [{ param: 'ID', value: 'airloom-boot' }, { param: 'NotifType', value: 'Event' }, { param: 'ReferenceList', value: 'Device.Boot!' }, { param: 'NotifRetry', value: 'true' }] }]),
    );

    await controller.send(agent.endpointId, buildOperate('Device.Reboot()', { commandKey: '77' }));
    await heldOne;
    await first.close();
    dying = undefined;

    const second = await startAedes({}, first.port);
    cleanups.push(() => second.close());
    controller = await TestController.connect(second.url, 4);
    cleanups.push(() => controller.close().catch(() => undefined));
    const boot = await controller.waitFor(
      (r) => r.ep === agent.endpointId && r.msg?.type === 'notify' && r.msg.notification.kind === 'event' && r.msg.notification.eventName === 'Boot!',
      15_000,
    );
    expect((boot.msg as NotifyMsg).notification).toMatchObject({ params: { Cause: 'RemoteReboot', CommandKey: '77' } });
    expect(agent.executions.reboot).toBe(1);
    expect(agent.state).toBe('online');
  });
});
