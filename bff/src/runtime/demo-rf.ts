// The demo hotel's RF optimisation (spec §1 live demo): three past records — one automatic and two
// run by the installer — and the state they left: each AP's radio section on the planned channels and
// powers, and a roaming setting (802.11k/v on, 802.11r on 5 GHz, band steering). Written once: a
// project with RF records keeps them. The demo's simulated APs then receive the sections through the
// configuration engine like any device.
import { DEMO_PROJECT_IDS, type RfRecordRadio } from '@airloom/contracts';
import { defaultModelOf, defaultSection, deviceModel, sectionSchemaFor, type RadioSection, type RoamingSection } from '@airloom/contracts/config';
import { createConfigDirectory, createRfStore } from '@airloom/gateway/public';
import type { Knex } from 'knex';

const INSTALLER = 'installer@airloom.example';
const DAY = 86_400_000;

interface DemoAp {
  sn: string;
  name: string;
  type: string;
  model: string;
}

/** one AP's radios in a record: a crowded plan before (most on 6 and 36), 1/6/11 and spread 5 GHz after */
function radiosOf(ap: DemoAp, i: number, round: number): RfRecordRadio[] {
  const before24 = round === 0 ? [6, 6, 1, 6, 11, 6, 1, 6][i % 8]! : [1, 6, 11][(i + round) % 3]!;
  return [
    {
      sn: ap.sn, name: ap.name, band: '2.4GHz',
      channelBefore: before24, channel: [1, 6, 11][i % 3]!,
      txPowerBeforeDbm: round === 0 ? 20 : 12 + ((i * 3 + round) % 8), txPowerDbm: 12 + ((i * 3) % 8),
      rssiDbm: -52 - ((i * 5) % 18), accessThresholdDbm: -90, noiseBeforeDbm: -89 - (i % 4), noiseDbm: -90 - (i % 4),
      before: { coChannel: round === 0 ? 3 + (i % 3) : 1 + (i % 2), nearChannel: 1 + (i % 2), total: 7 },
      after: { coChannel: i % 3 === 0 ? 1 : 0, nearChannel: i % 2, total: 7 },
    },
    {
      sn: ap.sn, name: ap.name, band: '5GHz',
      channelBefore: round === 0 ? 36 : [36, 44, 149, 157][(i + 1) % 4]!, channel: [36, 44, 149, 157][i % 4]!,
      txPowerBeforeDbm: round === 0 ? 23 : 17 + ((i + round) % 6), txPowerDbm: 17 + (i % 6),
      rssiDbm: -61 - ((i * 7) % 20), accessThresholdDbm: -90, noiseBeforeDbm: -94 - (i % 3), noiseDbm: -95 - (i % 3),
      before: { coChannel: round === 0 ? 2 + (i % 2) : i % 2, nearChannel: round === 0 ? 1 : 0, total: 5 + (i % 3) },
      after: { coChannel: 0, nearChannel: 0, total: 5 + (i % 3) },
    },
  ];
}

export async function seedDemoRf(db: Knex, aps: readonly DemoAp[], now = Date.now()): Promise<number> {
  const projectId = DEMO_PROJECT_IDS.WLAN;
  const store = createRfStore(db);
  if ((await store.records(projectId, 1)).length > 0 || aps.length < 2) return 0;
  const runs = [
    { mode: 'auto', daysAgo: 20 },
    { mode: 'manual', daysAgo: 9 },
    { mode: 'manual', daysAgo: 2 },
  ] as const;
  for (const [round, run] of runs.entries()) {
    const finishedAt = now - run.daysAgo * DAY;
    await store.insertRecord({ projectId, mode: run.mode, sns: aps.map((a) => a.sn), record: { radios: aps.flatMap((ap, i) => radiosOf(ap, i, round)) }, startedAt: finishedAt - 4 * 60_000, finishedAt });
  }
  // what the last run left on the APs, and the roaming tuner as the installer set it
  const directory = createConfigDirectory(db);
  const last = runs.length - 1;
  for (const [i, ap] of aps.entries()) {
    const model = deviceModel(ap.model) ?? defaultModelOf(ap.type as never);
    const facts = { type: model.type, model, lanIp: '' };
    const radios = radiosOf(ap, i, last).filter((r) => model.bands.includes(r.band));
    const radio: RadioSection = { radios: radios.map((r) => ({ band: r.band, channel: r.channel, widthMhz: r.band === '2.4GHz' ? 20 : 40, txPowerDbm: r.txPowerDbm, accessThresholdDbm: r.accessThresholdDbm })) };
    const roaming: RoamingSection = {
      bands: model.bands.map((band) => ({ band, minRssiDbm: band === '2.4GHz' ? -80 : -75, k: true, v: true, r: band === '5GHz' })),
      bandSteering: model.bands.length > 1,
    };
    for (const [section, body, daysAgo] of [['radio', radio, runs[2].daysAgo], ['roaming', roaming, 15]] as const) {
      await directory.write({
        projectId,
        sn: ap.sn,
        section,
        body: sectionSchemaFor(section, facts).parse(body) as Record<string, unknown>,
        actor: section === 'radio' ? null : INSTALLER,
        initial: defaultSection(section, model),
        at: now - daysAgo * DAY,
      });
    }
  }
  return runs.length;
}
