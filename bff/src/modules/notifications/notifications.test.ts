// Alarm notifications through the API and the job on a real database: the settings and their rules,
// who may read and change them, the webhook's secret (shown once, revealed to writers, replaced), the
// test notification checked by an independent receiver, retries with back-off when the receiver
// answers 500 then 200, the delivery log, and the job turning alarms into deliveries exactly once
// even with two console instances and one that died during an attempt.
import { DEMO_PROJECT_IDS, ErrorCode } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { createOutboxSender } from '../auth/sender.js';
import { backends, createTestEnv, ownProject, signedUp, type TestEnv } from '../../test/test-env.js';
import { startReceiver, type TestReceiver } from '../../test/webhook-receiver.js';
import { DELIVERY_LEASE_MS, notificationJobOn, type NotifiableAlarm } from './notifications.dispatcher.js';
import path from 'node:path';

describe.each(backends())('alarm notifications on %s', (backend) => {
  let env: TestEnv;
  let receiver: TestReceiver;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    receiver = await startReceiver(() => env.clock.now());
  });
  afterAll(async () => {
    await receiver?.close();
    await env?.close();
  });

  const base = (id: number) => `/api/v1/projects/${id}/notifications`;
  const settings = (over: object = {}) => ({ enabled: true, emails: ['Ops@Example.com'], webhookUrl: receiver.url, alarmTypes: ['device-offline', 'high-cpu'], ...over });
  const logOf = async (c: Awaited<ReturnType<typeof signedUp>>['c'], id: number) => (await c.get(`${base(id)}/deliveries`)).body.data.items as { attempt: number; outcome: string; httpStatus: number | null; channel: string; nextRetryAt: string | null; error: string | null; alarmType: string; deliveryId: number }[];
  const sender = () => createOutboxSender(path.join(env.config.dataDir, 'outbox.jsonl'));
  const job = (alarms: NotifiableAlarm[] = [], instance?: string, latest = 0) =>
    notificationJobOn(env.db, {
      logger: createLogger({ level: 'silent' }),
      sender: sender(),
      clock: env.clock.now,
      alarms: { after: async (after, limit) => alarms.filter((a) => a.id > after).slice(0, limit), latest: async () => latest },
      ...(instance ? { instance } : {}),
    });

  async function setUp() {
    const owner = await signedUp(env);
    const id = await ownProject(owner.c);
    const saved = await owner.c.put(base(id), settings());
    expect(saved.body.code).toBe(0);
    receiver.secret = saved.body.data.secret as string;
    return { owner, id };
  }

  it('keeps the settings; the first webhook gets a secret that is answered once, revealed to writers and replaced on demand', async () => {
    const owner = await signedUp(env);
    const id = await ownProject(owner.c);
    expect((await owner.c.get(base(id))).body.data).toEqual({ enabled: true, emails: [], webhookUrl: null, alarmTypes: [], secretHint: null, revision: 0, updatedAt: null });

    const saved = await owner.c.put(base(id), settings());
    expect(saved.body.data).toMatchObject({ enabled: true, emails: ['ops@example.com'], webhookUrl: receiver.url, alarmTypes: ['device-offline', 'high-cpu'], revision: 1 });
    const secret = saved.body.data.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const read = (await owner.c.get(base(id))).body.data;
    expect(read.secret).toBeUndefined();
    expect(read.secretHint).toBe(secret.slice(-4));
    expect((await owner.c.get(`${base(id)}/secret`)).body.data).toEqual({ secret });

    // saving again keeps the secret and does not show it
    const again = await owner.c.put(base(id), settings({ alarmTypes: ['upgrade-failed'] }));
    expect(again.body.data.secret).toBeUndefined();
    expect(again.body.data).toMatchObject({ alarmTypes: ['upgrade-failed'], revision: 2, secretHint: secret.slice(-4) });

    const rotated = (await owner.c.post(`${base(id)}/secret`)).body.data.secret as string;
    expect(rotated).not.toBe(secret);
    expect((await owner.c.get(`${base(id)}/secret`)).body.data.secret).toBe(rotated);

    // without a webhook there is no secret to reveal or replace
    await owner.c.put(base(id), settings({ webhookUrl: null }));
    expect((await owner.c.get(`${base(id)}/secret`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await owner.c.post(`${base(id)}/secret`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  });

  it('refuses addresses that are not http(s), carry credentials or are not addresses, and bad recipients; stores nothing refused', async () => {
    const owner = await signedUp(env);
    const id = await ownProject(owner.c);
    const refused = async (body: object, field: string, key: string) => {
      const res = await owner.c.put(base(id), settings(body));
      expect([res.status, res.body.code, res.body.fields?.[field]]).toEqual([400, ErrorCode.INVALID_PARAMS, key]);
    };
    await refused({ webhookUrl: 'ftp://example.com/hook' }, 'webhookUrl', 'rules.webhookUrl.scheme');
    await refused({ webhookUrl: 'javascript:alert(1)' }, 'webhookUrl', 'rules.webhookUrl.scheme');
    await refused({ webhookUrl: 'https://user:pass@example.com/hook' }, 'webhookUrl', 'rules.webhookUrl.credentials');
    await refused({ webhookUrl: 'example.com/hook' }, 'webhookUrl', 'rules.webhookUrl.format');
    await refused({ emails: ['not-an-address'] }, 'emails', 'rules.notificationEmail.format');
    await refused({ emails: ['a@example.com', 'A@example.com'] }, 'emails', 'rules.notificationEmail.duplicate');
    await refused({ emails: Array.from({ length: 11 }, (_, i) => `n${i}@example.com`) }, 'emails', 'rules.notificationEmail.count');
    await refused({ alarmTypes: ['coffee-empty'] }, 'alarmTypes', 'rules.notificationAlarmTypes.value');
    expect(await env.db('notification_settings').where({ project_id: id })).toEqual([]);
  });

  it('lets a read-write guest change them; a read-only guest reads them but not the secret; the demo projects refuse changes (917)', async () => {
    const { owner, id } = await setUp();
    const [rw, r] = [await signedUp(env), await signedUp(env)];
    await owner.c.post(`/api/v1/projects/${id}/shares`, { account: rw.account, permission: 'rw' });
    await owner.c.post(`/api/v1/projects/${id}/shares`, { account: r.account, permission: 'r' });

    expect((await rw.c.put(base(id), settings({ emails: ['night@example.com'] }))).body.data.emails).toEqual(['night@example.com']);
    expect((await rw.c.get(`${base(id)}/secret`)).body.code).toBe(0);
    expect((await r.c.get(base(id))).body.data.emails).toEqual(['night@example.com']);
    const before = await env.db('notification_settings').where({ project_id: id });
    for (const res of [await r.c.put(base(id), settings()), await r.c.get(`${base(id)}/secret`), await r.c.post(`${base(id)}/secret`), await r.c.post(`${base(id)}/test`)]) {
      expect(res.body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    }
    expect(await env.db('notification_settings').where({ project_id: id })).toEqual(before);
    const stranger = await signedUp(env);
    expect((await stranger.c.get(base(id))).body.code).toBe(ErrorCode.DATA_NOT_FOUND);

    const demo = base(DEMO_PROJECT_IDS.WLAN);
    expect((await r.c.get(demo)).body.code).toBe(0);
    for (const res of [await r.c.put(demo, settings()), await r.c.get(`${demo}/secret`), await r.c.post(`${demo}/test`)]) expect(res.body.code).toBe(ErrorCode.DEMO_PROJECT);
  });

  it('sends a test notification now: the receiver finds a valid, fresh signature; the e-mail goes to the outbox; a second click within seconds is refused (2010)', async () => {
    const { owner, id } = await setUp();
    const from = receiver.received.length;
    const res = await owner.c.post(`${base(id)}/test`);
    expect(res.body.code).toBe(0);
    const attempts = res.body.data.attempts as { channel: string; outcome: string; httpStatus: number | null; attempt: number; target: string }[];
    expect(attempts.map((a) => [a.channel, a.outcome, a.httpStatus, a.attempt]).sort()).toEqual([['email', 'delivered', null, 1], ['webhook', 'delivered', 200, 1]]);

    const got = receiver.received.slice(from);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ signatureValid: true, fresh: true });
    expect(got[0]!.headers['x-airloom-event']).toBe('test');
    expect(got[0]!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(got[0]!.body);
    expect(body).toMatchObject({ event: 'test', project: { id }, alarm: { id: null, type: 'device-offline' } });
    // a receiver with another secret refuses it
    const { verifySignature } = await import('../../test/webhook-receiver.js');
    expect(verifySignature('whsec_wrong', String(got[0]!.headers['x-airloom-timestamp']), got[0]!.body, String(got[0]!.headers['x-airloom-signature']))).toBe(false);

    const mail = env.outbox().filter((m) => m.to === 'ops@example.com' && m.purpose === 'alarm').at(-1);
    expect(mail?.text).toMatch(/test notification/);

    expect((await owner.c.post(`${base(id)}/test`)).body.code).toBe(ErrorCode.REPEATED_CLICKS);
    env.clock.advance(11_000);
    expect((await owner.c.post(`${base(id)}/test`)).body.code).toBe(0);
  });

  it('refuses a test with nobody to tell (412)', async () => {
    const owner = await signedUp(env);
    const id = await ownProject(owner.c);
    expect((await owner.c.post(`${base(id)}/test`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    await owner.c.put(base(id), settings({ emails: [], webhookUrl: null }));
    expect((await owner.c.post(`${base(id)}/test`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  });

  it('retries a webhook with back-off when the receiver answers 500, then delivers on 200; the delivery log shows every attempt', async () => {
    const { owner, id } = await setUp();
    await owner.c.put(base(id), settings({ emails: [] }));
    receiver.answers = [500, 503];
    const from = receiver.received.length;
    const first = (await owner.c.post(`${base(id)}/test`)).body.data.attempts[0];
    expect(first).toMatchObject({ attempt: 1, outcome: 'retrying', httpStatus: 500, error: 'the receiver answered HTTP 500', maxAttempts: 5 });
    const t1 = Date.parse(first.nextRetryAt);
    expect(t1 - Date.parse(first.at)).toBe(60_000);

    const j = job();
    // not due yet: nothing is sent
    expect(await j.sendDue()).toBe(0);
    env.clock.advance(61_000);
    expect(await j.sendDue()).toBe(1);
    env.clock.advance(4 * 60_000);
    expect(await j.sendDue()).toBe(0); // the second retry comes 5 minutes after the second attempt
    env.clock.advance(61_000);
    expect(await j.sendDue()).toBe(1);
    expect(await j.sendDue()).toBe(0);

    const got = receiver.received.slice(from);
    expect(got.map((r) => [r.answered, r.signatureValid])).toEqual([[500, true], [503, true], [200, true]]);
    // one delivery, the same id on every attempt, so a receiver can drop doubles
    expect(new Set(got.map((r) => r.headers['x-airloom-delivery'])).size).toBe(1);
    const log = await logOf(owner.c, id);
    expect(log.slice(0, 3).map((a) => [a.attempt, a.outcome, a.httpStatus])).toEqual([[3, 'delivered', 200], [2, 'retrying', 503], [1, 'retrying', 500]]);
    expect(Date.parse(log[1]!.nextRetryAt!) - Date.parse((log[1] as unknown as { at: string }).at)).toBe(5 * 60_000);
    expect(log[0]!.nextRetryAt).toBeNull();
  });

  it('gives up after 5 attempts, and at once on an answer that another attempt would not change (404)', async () => {
    const { owner, id } = await setUp();
    await owner.c.put(base(id), settings({ emails: [] }));
    receiver.answers = [404];
    const once = (await owner.c.post(`${base(id)}/test`)).body.data.attempts[0];
    expect(once).toMatchObject({ attempt: 1, outcome: 'failed', httpStatus: 404, nextRetryAt: null });

    env.clock.advance(11_000);
    receiver.answers = [500, 500, 500, 500, 500];
    await owner.c.post(`${base(id)}/test`);
    const j = job();
    for (const minutes of [1, 5, 15, 60]) {
      env.clock.advance(minutes * 60_000 + 1000);
      expect(await j.sendDue()).toBe(1);
    }
    env.clock.advance(2 * 60 * 60_000);
    expect(await j.sendDue()).toBe(0);
    const log = await logOf(owner.c, id);
    expect(log.slice(0, 5).map((a) => [a.attempt, a.outcome])).toEqual([[5, 'failed'], [4, 'retrying'], [3, 'retrying'], [2, 'retrying'], [1, 'retrying']]);
  });

  it('starts after the newest alarm, then turns new alarms of the chosen types into one delivery per target, once, even with two instances; demo and stale alarms send nothing', async () => {
    const { owner, id } = await setUp();
    const now = env.clock.now();
    const alarm = (n: number, over: Partial<NotifiableAlarm> = {}): NotifiableAlarm => ({
      id: n, projectId: id, t: now, type: 'device-offline', text: 'The device went offline', sn: 'AP0001', mac: '00:1A:2B:3C:4D:5E', model: 'AL-AP620', deviceName: 'Lobby AP', ...over,
    });
    expect(await env.db('notification_cursor')).toEqual([]);
    const base0 = 1000;
    const alarms = [
      alarm(base0), // before the job's first pass: the past
      alarm(base0 + 1),
      alarm(base0 + 2, { type: 'poe-over-budget' }), // not chosen
      alarm(base0 + 3, { projectId: DEMO_PROJECT_IDS.WLAN }),
      alarm(base0 + 4, { t: now - 2 * 60 * 60_000 }), // two hours old
      alarm(base0 + 5, { type: 'high-cpu', text: 'CPU above 90 % for 5 minutes' }),
    ];
    const [a, b] = [job(alarms, 'console-a', base0), job(alarms, 'console-b', base0)];
    await Promise.all([a.scan(), b.scan()]);
    const rows = await env.db('notification_deliveries').where({ project_id: id }).whereNotNull('alarm_id').orderBy('id');
    expect(rows.map((r) => [Number(r.alarm_id), r.channel]).sort()).toEqual([[base0 + 1, 'email'], [base0 + 1, 'webhook'], [base0 + 5, 'email'], [base0 + 5, 'webhook']]);
    expect(Number((await env.db('notification_cursor').where({ name: 'alarms' }).first('alarm_id')).alarm_id)).toBe(base0 + 5);

    const from = receiver.received.length;
    await Promise.all([a.sendDue(), b.sendDue()]);
    const got = receiver.received.slice(from);
    expect(got).toHaveLength(2);
    expect(got.every((r) => r.signatureValid && r.headers['x-airloom-event'] === 'alarm')).toBe(true);
    expect(got.map((r) => JSON.parse(r.body).alarm).sort((x, y) => x.id - y.id)).toMatchObject([
      { id: base0 + 1, type: 'device-offline', device: { sn: 'AP0001', mac: '00:1A:2B:3C:4D:5E', model: 'AL-AP620', name: 'Lobby AP' } },
      { id: base0 + 5, type: 'high-cpu', text: 'CPU above 90 % for 5 minutes' },
    ]);
    const mails = env.outbox().filter((m) => m.to === 'ops@example.com' && m.purpose === 'alarm' && /Lobby AP/.test(m.text ?? ''));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    // a later pass finds nothing new
    expect(await a.scan()).toBe(0);
    void owner;
  });

  it('survives a console that stopped during an attempt: another instance takes the delivery once the lease runs out, and the log says so', async () => {
    const { owner, id } = await setUp();
    await owner.c.put(base(id), settings({ emails: [] }));
    const now = env.clock.now();
    const cursorAt = Number((await env.db('notification_cursor').where({ name: 'alarms' }).first('alarm_id'))?.alarm_id ?? 0);
    const alarms: NotifiableAlarm[] = [{ id: cursorAt + 1, projectId: id, t: now, type: 'device-offline', text: 'The device went offline', sn: 'AP0002', mac: null, model: null, deviceName: null }];
    const dead = job(alarms, 'console-dead');
    await dead.scan();
    // the dead console had claimed the attempt (counted, leased) and never finished it
    const row = await env.db('notification_deliveries').where({ project_id: id, alarm_id: cursorAt + 1 }).first();
    await env.db('notification_deliveries').where({ id: row.id }).update({ state: 'sending', attempts: 1, lease_owner: 'console-dead', lease_until: now + DELIVERY_LEASE_MS });

    const alive = job(alarms, 'console-alive');
    const from = receiver.received.length;
    expect(await alive.sendDue()).toBe(0); // still leased
    env.clock.advance(DELIVERY_LEASE_MS + 1000);
    expect(await alive.sendDue()).toBe(1);
    expect(receiver.received.slice(from)).toHaveLength(1);
    const log = (await logOf(owner.c, id)).filter((a) => a.deliveryId === Number(row.id));
    expect(log.map((a) => [a.attempt, a.outcome])).toEqual([[2, 'delivered'], [1, 'retrying']]);
    expect(log[1]!.error).toMatch(/stopped during this attempt/);
  });
});
