// Done when (docs/data.md "Alarm notifications"): a simulated device that goes offline produces a
// webhook delivery with a valid signature at a local receiver. Through the real parts: a USP agent
// over the broker (the embedded one, or Mosquitto with CI=true), the gateway runtime that logs the
// offline alarm, and the console's notification job reading it; the receiver checks the HMAC itself.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DeviceStatus } from '@airloom/contracts';
import { Agent, type DeviceSpec } from '@airloom/device-sim';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { startLiveGateway, type LiveGateway } from '../../test/live-gateway.js';
import { backends, createTestEnv, ownProject, signedUp, pairedWithBrokers, type TestEnv } from '../../test/test-env.js';
import { startReceiver, type TestReceiver } from '../../test/webhook-receiver.js';
import { createOutboxSender } from '../auth/sender.js';
import { gatewayAlarms, notificationJobOn, type NotificationJob } from './notifications.dispatcher.js';

const TIME_SCALE = 0.1; // a status period of 3 s
const cases = pairedWithBrokers(backends());

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(cases)('alarm notifications from a live device on %s with %s', (backend, brokerKind) => {
  let env: TestEnv;
  let live: LiveGateway;
  let receiver: TestReceiver;
  let job: NotificationJob;
  let agent: Agent | undefined;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    live = await startLiveGateway(env, brokerKind, TIME_SCALE);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await agent?.stop().catch(() => {});
    await job?.stop();
    await receiver?.close();
    await live?.stop();
    await env?.close();
  });

  it('a device that goes offline is told to the webhook, signed, within a status period and a pass', async () => {
    const owner = await signedUp(env);
    const projectId = await ownProject(owner.c);
    const spec: DeviceSpec = {
      sn: `NT${randomBytes(6).toString('hex').toUpperCase()}`, mac: `02:41:4E:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`,
      type: 'ap', model: 'AL-AP620', meshRole: '', name: 'Lobby-AP', secret: randomBytes(16).toString('hex'),
    };
    await registerDevices(env.db, [{ sn: spec.sn, type: spec.type, model: spec.model, mac: spec.mac, secret: spec.secret!, projectId }]);
    const saved = await owner.c.put(`/api/v1/projects/${projectId}/notifications`, { enabled: true, emails: [], webhookUrl: receiver.url, alarmTypes: ['device-offline'] });
    expect(saved.body.code).toBe(0);
    receiver.secret = saved.body.data.secret as string;

    job = notificationJobOn(env.db, { logger: createLogger({ level: 'silent' }), sender: createOutboxSender(path.join(env.config.dataDir, 'outbox.jsonl')), alarms: gatewayAlarms(env.db) });
    job.start(200);

    agent = new Agent({ brokerUrl: live.brokerUrl, protocolVersion: live.protocolVersion, spec, timeScale: TIME_SCALE });
    await agent.start();
    await until('online', async () => (await env.db('devices').where({ sn: spec.sn }).first('status'))?.status === DeviceStatus.ONLINE);

    const stoppedAt = Date.now();
    agent.kill();
    const got = await until('the webhook delivery', async () => receiver.received.find((r) => r.headers['x-airloom-event'] === 'alarm'));
    // one status period (3 s) to notice, the job's pass and the request
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(got.signatureValid).toBe(true);
    expect(got.fresh).toBe(true);
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ event: 'alarm', project: { id: projectId }, alarm: { type: 'device-offline', device: { sn: spec.sn, mac: spec.mac, model: spec.model } } });
    // the delivery is logged once the receiver has answered: the log may trail the request by a moment
    const log = await until('the delivery in the log', async () => {
      const items = (await owner.c.get(`/api/v1/projects/${projectId}/notifications/deliveries`)).body.data.items as unknown[];
      return items.length > 0 ? items : undefined;
    });
    expect(log[0]).toMatchObject({ channel: 'webhook', alarmType: 'device-offline', outcome: 'delivered', httpStatus: 200, attempt: 1 });
  });
});
