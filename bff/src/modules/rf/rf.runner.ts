// The steps of one RF optimisation (docs/wireless.md "RF optimisation"): scan every chosen AP
// (neighbourScan operations through the gateway), plan channels per band and power, write each AP's
// `radio` section through the configuration engine, wait until every AP holds it, let the radios
// settle, scan again, and store the record that compares both scans. The run holds its row's lease
// and renews it with each step; if this instance dies the run fails once the lease has run out.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import {
  createConfigDirectory,
  createDeviceDirectory,
  createRfStore,
  type Bus,
  countNeighbours,
  planKey,
  planRadios,
  strongestHeard,
  type ConfigDirectory,
  type DeviceDirectory,
  type Heard,
  type PlanRadio,
  type RfRunRow,
  type RfStore,
} from '@airloom/gateway/public';
import { defaultSection, type RadioSection, type RadioSettings } from '@airloom/contracts/config';
import { isDeviceOnline, type RfRecordRadio } from '@airloom/contracts';
import type { Knex } from 'knex';
import type { Logger } from '../../logger.js';
import { modelOf } from '../config/config.service.js';

export interface RfTimings {
  /** a run lasts at least this long (spec §9: 2 minutes, × TIME_SCALE): the radios settle before the second scan */
  minDurationMs: number;
  /** and gives up after this long (10 minutes × TIME_SCALE) */
  maxDurationMs: number;
  /** how often operations and applied states are looked at */
  pollMs: number;
  /** a run not renewed for this long is failed (its instance stopped) */
  leaseMs: number;
}

export function rfTimings(timeScale: number): RfTimings {
  return { minDurationMs: 120_000 * timeScale, maxDurationMs: 600_000 * timeScale, pollMs: Math.max(50, Math.min(1_000, 1_000 * timeScale)), leaseMs: 60_000 };
}

export interface RfRunnerDeps {
  store: RfStore;
  devices: Pick<DeviceDirectory, 'enqueueOperation' | 'operation' | 'announce' | 'measurements' | 'foreignMeasurements' | 'detail'>;
  config: Pick<ConfigDirectory, 'device' | 'read' | 'write'>;
  actorOf(accountId: number): Promise<string | null>;
  clock: () => number;
  logger: Logger;
  timings: RfTimings;
  instance: string;
}

class RunFailed extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createRfRunner(deps: RfRunnerDeps) {
  const { store, devices, config, clock, timings, instance } = deps;

  /** Runs a started run (this instance holds its lease) to completed or failed. Never throws. */
  async function run(row: RfRunRow): Promise<void> {
    const started = row.started_at ?? clock();
    const deadline = started + timings.maxDurationMs;
    const projectId = row.project_id;
    const sns = JSON.parse(row.sns_json) as string[];
    let percent = 0;
    const progress = async (p: number) => {
      percent = Math.max(percent, Math.min(99, Math.round(p)));
      if (clock() > deadline) throw new RunFailed(`the access points did not finish within ${Math.round(timings.maxDurationMs / 60_000)} minutes`);
      if (!(await store.progress(row.id, instance, percent, clock() + timings.leaseMs))) throw new RunFailed('the run was taken over');
    };

    /**
     * One neighbour scan of every AP; answers what they heard (the project's APs and foreign networks)
     * and each radio's noise as the AP reports it once its scan is done (TR-181 Radio.{i}.Stats.Noise).
     */
    async function scanAll(from: number, to: number): Promise<{ heard: Heard[]; noise: Map<string, number> }> {
      const pending = new Map<string, number | null>(sns.map((sn) => [sn, null]));
      const done = new Set<string>();
      while (done.size < sns.length) {
        for (const sn of sns) {
          if (done.has(sn)) continue;
          const id = pending.get(sn);
          if (id === null || id === undefined) {
            // a scan another page asked for is still running: ours follows it
            const op = await devices.enqueueOperation({ projectId, sn, kind: 'neighbourScan', accountId: row.account_id ?? 0 });
            if (op) {
              pending.set(sn, op.id);
              await devices.announce(sn, { nudge: true, operationId: op.id }).catch(() => undefined);
            }
            continue;
          }
          const status = await devices.operation(projectId, id);
          if (!status || status.state === 'failed' || status.state === 'expired') throw new RunFailed(`the neighbour scan of ${sn} failed`);
          if (status.state === 'done') done.add(sn);
        }
        await progress(from + ((to - from) * done.size) / sns.length);
        if (done.size < sns.length) await sleep(timings.pollMs);
      }
      const own: Heard[] = await devices.measurements(projectId, sns);
      const foreign: Heard[] = (await devices.foreignMeasurements(projectId, sns)).map((f) => ({ observerSn: f.observerSn, sourceSn: f.bssid, band: f.band, rssiDbm: f.rssiDbm, channel: f.channel, foreign: true }));
      const noise = new Map<string, number>();
      for (const sn of sns) for (const r of (await devices.detail(projectId, sn))?.radios ?? []) noise.set(planKey(sn, r.band), r.noise);
      return { heard: [...own, ...foreign], noise };
    }

    try {
      // the radios as they are: the stored section (or factory settings), with what the device reports
      const radios: PlanRadio[] = [];
      const bodies = new Map<string, RadioSection>();
      const before = new Map<string, { channel: number; txPowerDbm: number }>();
      const names = new Map<string, string>();
      for (const sn of sns) {
        const device = await config.device(sn);
        if (!device || device.projectId !== projectId) throw new RunFailed(`${sn} is no longer in the project`);
        if (!isDeviceOnline(device.status)) throw new RunFailed(`${sn} went offline`);
        names.set(sn, device.name);
        const stored = await config.read(projectId, sn, 'radio', device);
        const body = (stored.body ?? defaultSection('radio', modelOf(device))) as RadioSection;
        const reported = (await devices.detail(projectId, sn))?.radios ?? [];
        const current: RadioSettings[] = body.radios.map((r) => {
          const live = reported.find((x) => x.band === r.band);
          return live ? { ...r, channel: live.channel, txPowerDbm: Math.min(29, Math.max(8, live.power)) } : r;
        });
        bodies.set(sn, { radios: current });
        for (const r of current) {
          radios.push({ sn, settings: r });
          before.set(planKey(sn, r.band), { channel: r.channel, txPowerDbm: r.txPowerDbm });
        }
      }
      await progress(2);
      const { heard: heardBefore, noise: noiseBefore } = await scanAll(2, 30);

      const plan = planRadios(radios, heardBefore);
      await progress(35);

      const actor = row.account_id === null ? null : await deps.actorOf(row.account_id);
      const written = new Map<string, number>();
      for (const sn of sns) {
        const body = bodies.get(sn)!;
        const next: RadioSection = { radios: body.radios.map((r) => ({ ...r, ...(plan.get(planKey(sn, r.band)) ?? {}) })) };
        bodies.set(sn, next);
        const device = (await config.device(sn))!;
        const { version } = await config.write({ projectId, sn, section: 'radio', body: next, actor, initial: defaultSection('radio', modelOf(device)) });
        written.set(sn, version);
      }
      await progress(40);

      // every AP holds its new settings (read back by the engine)
      const applied = new Set<string>();
      while (applied.size < sns.length) {
        for (const sn of sns) {
          if (applied.has(sn)) continue;
          const device = await config.device(sn);
          const state = await config.read(projectId, sn, 'radio', device);
          if (state.state === 'failed' || state.state === 'rolled-back') throw new RunFailed(`${sn} refused its new radio settings`);
          if (state.state === 'applied' && state.appliedVersion >= written.get(sn)!) applied.add(sn);
        }
        await progress(40 + (25 * applied.size) / sns.length);
        if (applied.size < sns.length) await sleep(timings.pollMs);
      }

      // clients move to the new channels; the second scan waits until the run's minimum duration allows
      const settleUntil = started + timings.minDurationMs * 0.8;
      const settleFrom = clock();
      while (clock() < settleUntil) {
        await progress(65 + (15 * (clock() - settleFrom)) / Math.max(1, settleUntil - settleFrom));
        await sleep(Math.min(timings.pollMs, Math.max(1, settleUntil - clock())));
      }
      await progress(80);
      const { heard: heardAfter, noise: noiseAfter } = await scanAll(80, 98);

      const record: RfRecordRadio[] = [];
      for (const sn of sns) {
        for (const r of bodies.get(sn)!.radios) {
          const was = before.get(planKey(sn, r.band))!;
          record.push({
            sn,
            name: names.get(sn) ?? sn,
            band: r.band,
            channelBefore: was.channel,
            channel: r.channel,
            txPowerBeforeDbm: was.txPowerDbm,
            txPowerDbm: r.txPowerDbm,
            rssiDbm: strongestHeard(sn, r.band, heardAfter),
            accessThresholdDbm: r.accessThresholdDbm,
            noiseBeforeDbm: noiseBefore.get(planKey(sn, r.band)) ?? null,
            noiseDbm: noiseAfter.get(planKey(sn, r.band)) ?? null,
            before: countNeighbours(sn, r.band, was.channel, heardBefore),
            after: countNeighbours(sn, r.band, r.channel, heardAfter),
          });
        }
      }
      // the run lasts its minimum duration (spec §9: 2 to 10 minutes)
      while (clock() < started + timings.minDurationMs) {
        await progress(99);
        await sleep(Math.min(timings.pollMs, Math.max(1, started + timings.minDurationMs - clock())));
      }
      await store.finish(row.id, instance, { state: 'completed', record: { radios: record }, error: null, now: clock() });
    } catch (err) {
      const reason = err instanceof RunFailed ? err.message : 'an unexpected error stopped it';
      if (!(err instanceof RunFailed)) deps.logger.error({ err, runId: row.id }, 'RF optimisation failed');
      await store.finish(row.id, instance, { state: 'failed', record: null, error: reason, now: clock() }).catch(() => undefined);
    }
    // an automatic run is followed by the next one
    if (row.mode === 'auto' && row.repeat_hours) {
      const every = row.repeat_hours * 3_600_000;
      let due = (row.due_at ?? started) + every;
      while (due <= clock()) due += every;
      await store
        .insert({ projectId, mode: 'auto', sns, accountId: row.account_id, dueAt: due, repeatHours: row.repeat_hours, owner: instance, leaseUntil: 0, now: clock() })
        .catch((err: unknown) => deps.logger.error({ err, projectId }, 'the next automatic RF optimisation was not planned'));
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let passing: Promise<void> | null = null;
  const active = new Set<Promise<void>>();

  /** Starts every scheduled or automatic run that is due and that this instance can claim. */
  async function runDue(): Promise<number> {
    let started = 0;
    for (const row of await store.due(clock())) {
      const now = clock();
      if (!(await store.claim(row, instance, now, now + timings.leaseMs))) continue;
      started++;
      track(run({ ...row, state: 'optimising', started_at: now }));
    }
    return started;
  }

  function track(p: Promise<void>): Promise<void> {
    active.add(p);
    void p.finally(() => active.delete(p));
    return p;
  }

  return {
    instance,
    /** a run this instance started (it holds the lease): runs in the background */
    start: (row: RfRunRow) => track(run(row)),
    runDue,
    /** a pass every `everyMs` for due runs */
    startSchedule(everyMs = 30_000): void {
      timer = setInterval(() => {
        if (passing) return;
        passing = runDue()
          .then(() => undefined)
          .catch((err: unknown) => deps.logger.error({ err }, 'RF optimisation schedule pass failed'))
          .finally(() => {
            passing = null;
          });
      }, everyMs);
      timer.unref();
    },
    /** stops the schedule and waits for the runs this instance is running */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await Promise.allSettled([...active, passing]);
    },
    /** resolves when every run started here has ended (tests) */
    settled: () => Promise.allSettled([...active]).then(() => undefined),
  };
}

export type RfRunner = ReturnType<typeof createRfRunner>;

/** The runner on a console's database and bus (each instance has one; main.ts starts its schedule). */
export function rfRunnerOn(
  db: Knex,
  bus: Bus | undefined,
  options: { logger: Logger; timings: RfTimings; clock?: () => number; instance?: string },
): RfRunner {
  return createRfRunner({
    store: createRfStore(db),
    devices: createDeviceDirectory(db, bus),
    config: createConfigDirectory(db, bus),
    actorOf: async (accountId) => ((await db('accounts').where({ id: accountId }).first('account')) as { account: string } | undefined)?.account ?? null,
    clock: options.clock ?? Date.now,
    logger: options.logger,
    timings: options.timings,
    instance: options.instance ?? `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
  });
}
