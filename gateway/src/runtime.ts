// The gateway runtime (ARCHITECTURE §5): the USP controller, device sessions and status, desired
// state, the operations outbox and telemetry, wired together and run by start()/stop().
import { GATEWAY_SHARE_GROUP } from '@airloom/usp';
import type { Knex } from 'knex';
import { createBus, type Bus } from './bus/bus.js';
import { DEFAULT_CONTROLLER_ID, newGatewayId, type MqttProtocolVersion } from './config.js';
import type { RuntimeContext } from './context.js';
import { createLiveEvents, type LiveEvents } from './live-events.js';
import { createRunLogWriter } from './run-log-writer.js';
import { pruneRunLog } from './store/run-log.js';
import type { RuntimeLogger } from './logger.js';
import { ownPool } from './db-connect.js';
import { createOutbox } from './outbox.js';
import { createReconciler } from './config/engine.js';
import { createLiveReads } from './config/live-read.js';
import { createSessions, type Sessions } from './sessions.js';
import { createTelemetryWriter } from './telemetry.js';
import { rollupAndPrune } from './store/stats.js';
import type { ClientsChanged } from './store/clients.js';

/** how often the stats job rolls up and prunes: well inside the 15-minute bucket */
const STATS_JOB_EVERY_MS = 5 * 60_000;
/** how often the run log loses what is past its project's retention (days; an hour is close enough) */
const RUN_LOG_PRUNE_EVERY_MS = 60 * 60_000;
/** the telemetry writer's own connections on MariaDB: its flushes run one after another, so one is in use; the second is headroom (as measured) */
const INGEST_CONNECTIONS = 2;
import { gatewayTimings, type GatewayTimings } from './timings.js';
import { createUspController } from './usp-controller.js';

export interface GatewayRuntimeOptions {
  db: Knex;
  logger: RuntimeLogger;
  mqttUrl: string;
  mqttUsername?: string;
  mqttPassword?: string;
  /** 5 on real brokers, 4 (3.1.1) on the embedded aedes broker */
  protocolVersion: MqttProtocolVersion;
  gatewayId?: string;
  controllerId?: string;
  timeScale?: number;
  /** MQTT 5 shared-subscription group; instances of one console share one (default airloom-gw) */
  shareGroup?: string;
  /** the internal bus; by default the runtime opens its own on the same broker */
  bus?: Bus;
  /** override single timings (tests) */
  timings?: Partial<GatewayTimings>;
  /** clients joined or left devices (once per telemetry flush): the run log's wireless join/leave events */
  clientsChanged?: ClientsChanged;
}

export interface GatewayRuntime {
  readonly gatewayId: string;
  readonly controllerId: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createGatewayRuntime(options: GatewayRuntimeOptions): GatewayRuntime {
  const gatewayId = options.gatewayId ?? newGatewayId();
  const controllerId = options.controllerId ?? DEFAULT_CONTROLLER_ID;
  const timings = { ...gatewayTimings(options.timeScale ?? 1), ...options.timings };
  const { db, logger } = options;
  const now = () => Date.now();
  const timers: NodeJS.Timeout[] = [];
  let ownBus: Bus | null = null;
  /** stops what start() started, in order; null when not running */
  let stopParts: (() => Promise<void>) | null = null;

  function every(ms: number, task: () => Promise<void>, what: string): void {
    let busy = false;
    timers.push(
      setInterval(() => {
        if (busy) return;
        busy = true;
        task()
          .catch((err: unknown) => logger.error({ err }, `gateway: ${what} failed`))
          .finally(() => {
            busy = false;
          });
      }, ms),
    );
  }

  return {
    gatewayId,
    controllerId,

    async start() {
      if (stopParts) return;
      const bus =
        options.bus ??
        (ownBus = createBus({
          mqttUrl: options.mqttUrl,
          username: options.mqttUsername,
          password: options.mqttPassword,
          protocolVersion: options.protocolVersion,
          clientId: `airloom-gw-bus-${gatewayId}`,
          logger,
        }));
      const live = createLiveEvents(db, bus, logger);
      const runLog = createRunLogWriter({ db, bus, logger, now });
      // every status transition the browsers see is also a run-log candidate (online, offline, restarting)
      const events: LiveEvents = {
        ...live,
        snapshot(row) {
          live.snapshot(row);
          runLog.transition(row);
        },
      };
      let sessions: Sessions | null = null;
      // the reports' writes have connections of their own: at 20,000 devices they otherwise wait in
      // the pool behind setups and configuration pushes (docs/performance.md)
      const ingestDb = ownPool(db, INGEST_CONNECTIONS);
      const telemetry = createTelemetryWriter({
        db: ingestDb ?? db,
        gatewayId,
        events,
        logger,
        flushEveryMs: timings.flushEveryMs,
        now,
        // every other status report: a client list's signal and traffic are at most a minute old, and
        // a 20,000-device node writes half the client rows (docs/decisions/data.md)
        clientDetailsEveryMs: 1.5 * timings.statusPeriodMs,
        onFlushed: (seen) => sessions?.reviveHeard(seen) ?? Promise.resolve(),
        // Wi-Fi clients joining and leaving are run-log events of their AP (wireless)
        clientsChanged: async (changes) => {
          runLog.clientsChanged(changes);
          await options.clientsChanged?.(changes);
        },
      });
      const controller = createUspController({
        mqttUrl: options.mqttUrl,
        mqttUsername: options.mqttUsername,
        mqttPassword: options.mqttPassword,
        protocolVersion: options.protocolVersion,
        gatewayId,
        controllerId,
        requestTimeoutMs: timings.requestTimeoutMs,
        shareGroup: options.shareGroup ?? GATEWAY_SHARE_GROUP,
        logger,
        onRecord: (ep, record) => sessions?.onRecord(ep, record),
        onConnected: () => {
          // devices lost their connections with ours, or may have: they count again once heard
          sessions?.forgetAll();
          outbox.nudge();
        },
      });
      const ctx: RuntimeContext = { db, logger, controller, events, telemetry, runLog, timings, gatewayId, now, live: new Map() };
      const reconciler = createReconciler(ctx);
      const outbox = createOutbox(ctx);
      sessions = createSessions(ctx, { reconciler, outbox });
      const s = sessions;

      telemetry.start();
      try {
        await controller.start();
        await bus.ready();
      } catch (err) {
        await telemetry.stop();
        await ingestDb?.destroy();
        await ownBus?.close();
        ownBus = null;
        throw err;
      }
      const stopNudges = bus.onNudge((sn) => {
        reconciler.nudge(sn);
        outbox.nudge();
      });
      // the console's live reads of the devices this instance hears (the gateway's route table)
      bus.answer(gatewayId, createLiveReads(ctx));
      every(timings.pollEveryMs, () => reconciler.poll(), 'desired-state poll');
      every(timings.pollEveryMs, () => outbox.tick(), 'outbox poll');
      every(timings.sweepEveryMs, () => s.sweep(), 'offline sweep');
      // time series: complete buckets rolled up, what is past retention deleted (docs/data.md)
      every(STATS_JOB_EVERY_MS, () => rollupAndPrune(db, now()).then(() => undefined), 'stats rollup');
      // run log: what is past each project's retention deleted (docs/data.md "Run log and alarms")
      every(RUN_LOG_PRUNE_EVERY_MS, () => pruneRunLog(db, now()).then(() => undefined), 'run log retention');
      outbox.nudge();
      stopParts = async () => {
        stopNudges();
        await controller.stop();
        await Promise.allSettled([s.close(), reconciler.idle(), outbox.idle()]);
        await telemetry.stop();
        await ingestDb?.destroy();
        await events.close();
        await runLog.close();
      };
      logger.info({ gatewayId, controllerId, mqttUrl: options.mqttUrl, protocolVersion: options.protocolVersion }, 'gateway: started');
    },

    async stop() {
      for (const t of timers.splice(0)) clearInterval(t);
      const stopping = stopParts;
      stopParts = null;
      if (stopping) await stopping();
      if (ownBus) await ownBus.close();
      ownBus = null;
      logger.info({ gatewayId }, 'gateway: stopped');
    },
  };
}
