// The demo hotel's alarm notifications (§1 live demo): an e-mail recipient and a webhook, and a short
// delivery log of last night — an AP that went offline, told by e-mail at once and by the webhook after
// one retry (the receiver was briefly down). Written once, dated relative to the first start. The demo
// projects send nothing themselves (docs/decisions/data.md "Alarm notifications").
import { DEMO_PROJECT_IDS } from '@airloom/contracts';
import type { Knex } from 'knex';
import { deliveriesFor, payloadOf, type NotifiableAlarm } from '../modules/notifications/notifications.dispatcher.js';
import { createNotificationsRepository } from '../modules/notifications/notifications.repository.js';
import { newSecret } from '../modules/notifications/notifications.service.js';

export const DEMO_NOTIFICATIONS = {
  enabled: true,
  emails: ['night-desk@demo-hotel.example'],
  webhookUrl: 'https://hooks.demo-hotel.example/airloom',
  alarmTypes: ['device-offline', 'upgrade-failed', 'config-failed', 'poe-over-budget'],
};

const HOUR = 60 * 60_000;

/** The demo fleet's devices as main.ts knows them. */
export interface DemoDevice {
  sn: string;
  mac: string;
  type: string;
  model: string;
  name: string;
}

/** Seeds the demo hotel's settings and delivery log once; answers how many attempts were written. */
export async function seedDemoNotifications(db: Knex, fleet: readonly DemoDevice[], clock: () => number = Date.now): Promise<number> {
  const projectId = DEMO_PROJECT_IDS.WLAN;
  const project = (await db('projects').where({ id: projectId }).first('id', 'project_name')) as { id: number; project_name: string } | undefined;
  if (!project) return 0;
  const repo = createNotificationsRepository(db);
  if (await repo.settings(projectId)) return 0;
  const now = clock();
  await repo.saveSettings(projectId, { ...DEMO_NOTIFICATIONS, webhookSecret: newSecret() }, now - 3 * 24 * HOUR);
  const settings = (await repo.settings(projectId))!;

  const ap = fleet.find((d) => d.type === 'ap');
  const sw = fleet.find((d) => d.type === 'switch');
  const device = (d: DemoDevice | undefined) => (d ? { sn: d.sn, mac: d.mac, model: d.model, deviceName: d.name } : { sn: null, mac: null, model: null, deviceName: null });
  // oldest first: the log reads newest first
  const alarms: (NotifiableAlarm & { webhook: [number | null, string | null][] })[] = [
    { id: 0, projectId, t: now - 26 * HOUR, type: 'poe-over-budget', text: 'PoE power above the switch budget on port 7', ...device(sw), webhook: [[200, null]] },
    { id: 0, projectId, t: now - 9 * HOUR, type: 'device-offline', text: 'The device went offline', ...device(ap), webhook: [[503, 'the receiver answered HTTP 503'], [200, null]] },
  ];
  let written = 0;
  for (const [i, alarm] of alarms.entries()) {
    const list = deliveriesFor(payloadOf(alarm, project.project_name), settings, `demo:${i}`, null);
    await repo.insertDeliveries(list, alarm.t);
    for (const d of list) {
      const row = (await repo.deliveryByKey(d.dedupeKey))!;
      const tries: [number | null, string | null][] = d.channel === 'email' ? [[null, null]] : alarm.webhook;
      for (const [n, [httpStatus, error]] of tries.entries()) {
        const at = alarm.t + 2000 + (n === 0 ? 0 : 60_000);
        const last = n === tries.length - 1;
        await repo.recordAttempt({ deliveryId: row.id, projectId, attempt: n + 1, at, httpStatus, error, outcome: last ? 'delivered' : 'retrying', nextRetryAt: last ? null : at + 60_000 });
        written++;
      }
      await db('notification_deliveries').where({ id: row.id }).update({ state: 'delivered', attempts: tries.length, updated_at: alarm.t + 62_000 });
    }
  }
  return written;
}
