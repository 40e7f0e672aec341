// The demo projects' devices (spec §1): simulated USP agents registered at each start with fresh
// secrets, staged for their demo project, and run against the broker like any other device. The
// commissioning demo's installed devices join them; the ones not powered yet are registered only.
// A process-entry file (started by main.ts only): the one place of the BFF that imports the
// simulator, as ARCHITECTURE §1 allows for the embedded default (eslint.config.js names it).
import { randomBytes } from 'node:crypto';
import { DEMO_PROJECT_IDS } from '@airloom/contracts';
import { cloudCodeFor, createFleet, demoFleet, deviceHistory, generateFleet, type DeviceSpec, type Fleet } from '@airloom/device-sim';
import { backfillDeviceStats, createDeviceDirectory, rebuildProjectStats, type DeviceProvisioner } from '@airloom/gateway/public';
import type { Knex } from 'knex';
import type { Logger } from '../logger.js';
import { COMMISSIONING_DEMO } from '../db/seed-commissioning.js';

export interface DemoFleetOptions {
  db: Knex;
  provisioner: DeviceProvisioner;
  brokerUrl: string;
  protocolVersion: 4 | 5;
  controllerId: string;
  timeScale: number;
  /** write a month of figures per demo device in the background (config.demoHistory) */
  history: boolean;
  logger: Logger;
}

/** The commissioning demo's installed devices: per planned line, `installed` of its model, the first `online` of them connecting. */
export function commissioningFleet(): { spec: DeviceSpec; online: boolean }[] {
  const mix: Partial<Record<DeviceSpec['type'], number>> = {};
  for (const l of COMMISSIONING_DEMO.lines) mix[l.deviceType] = (mix[l.deviceType] ?? 0) + l.installed;
  const generated = generateFleet(COMMISSIONING_DEMO.projectId, mix);
  const taken = new Map<DeviceSpec['type'], number>();
  return COMMISSIONING_DEMO.lines.flatMap((l) =>
    Array.from({ length: l.installed }, (_, i) => {
      const k = taken.get(l.deviceType) ?? 0;
      taken.set(l.deviceType, k + 1);
      const spec = generated.filter((s) => s.type === l.deviceType)[k]!;
      return { spec: { ...spec, model: l.model }, online: i < l.online };
    }),
  );
}

export async function startDemoFleet(options: DemoFleetOptions): Promise<Fleet> {
  const specs = [
    ...[DEMO_PROJECT_IDS.WLAN, DEMO_PROJECT_IDS.MESH].flatMap((projectId) => demoFleet(projectId).map((spec) => ({ spec, projectId, online: true }))),
    ...commissioningFleet().map(({ spec, online }) => ({ spec, projectId: COMMISSIONING_DEMO.projectId, online })),
  ].map((s) => ({ ...s, spec: { ...s.spec, secret: randomBytes(24).toString('base64url') } }));
  const registered = await createDeviceDirectory(options.db).register(
    specs.map(({ spec, projectId }) => ({ sn: spec.sn, type: spec.type, model: spec.model, mac: spec.mac, secret: spec.secret, cloudCode: cloudCodeFor(spec.sn), projectId })),
  );
  await options.provisioner.provision(registered.devices.map((d, i) => ({ endpointId: d.endpointId, secret: specs[i]!.spec.secret })));
  // charts open with a month of plausible history, not an empty axis (docs/data.md); not awaited either
  const now = Date.now();
  if (options.history) void (async () => {
    for (const { spec, projectId } of specs) if (projectId !== COMMISSIONING_DEMO.projectId) await backfillDeviceStats(options.db, spec.sn, deviceHistory(spec, now));
    // the project charts' buckets of that past (the stats job only makes buckets after its last one)
    await rebuildProjectStats(options.db, [DEMO_PROJECT_IDS.WLAN, DEMO_PROJECT_IDS.MESH], now);
  })().catch((err: unknown) => options.logger.error({ err }, 'demo history could not be written'));
  const fleet = createFleet(
    specs.filter((s) => s.online).map((s) => s.spec),
    { brokerUrl: options.brokerUrl, protocolVersion: options.protocolVersion, controllerId: options.controllerId, timeScale: options.timeScale },
  );
  // not awaited: the console serves while the devices connect
  fleet
    .start()
    .then(() => options.logger.info({ devices: specs.length }, 'demo fleet connected'))
    .catch((err: unknown) => options.logger.error({ err }, 'demo fleet failed to start'));
  return fleet;
}
