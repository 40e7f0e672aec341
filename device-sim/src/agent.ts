// One simulated device: a real USP agent with its own MQTT connection, its own credentials
// (username and client id = endpoint ID, password = its secret) and a TR-181 tree. It answers
// Get/Set/Add/Delete/Operate, sends Boot!, ValueChange and the periodic status event, and reboots,
// blinks and reconnects with the timings of spec §9 scaled by timeScale.
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { checkFirmwareHeader, FIRMWARE_HEADER } from '@airloom/contracts';
import mqtt, { type IClientOptions, type IClientPublishOptions, type MqttClient } from 'mqtt';
import {
  agentSubscription,
  agentTopic,
  buildError,
  buildNotify,
  buildOperateResp,
  controllerTopic,
  decodeMsg,
  decodeRecord,
  encodeMsgRecord,
  encodeRecord,
  endpointIdFor,
  eventNotification,
  parseAgentTopic,
  USP_CONTENT_TYPE,
  USP_ENDPOINT_ID,
  USP_ERR,
  uspPublish,
  withReplyTo,
  valueChangeNotification,
  type Notification,
  type OperateMsg,
  type UspMsg,
} from '@airloom/usp';
import { scanNeighbours, scanOutputArgs, type AirPeer } from './air.js';
import { DataModel, type ModelChange } from './datamodel.js';
import { SimDevice } from './device.js';
import { RemoteWebTunnel } from './remote-web.js';
import type { ConnectGate, Release } from './gate.js';
import { Scheduler, type ScheduledTask } from './scheduler.js';
import type { DeviceSpec } from './specs.js';
import { DENIED_MACS, deniedMacs, poeDraw, reachesCloud } from './settings.js';
import { DeviceEvents, DEVICE_EVENT_GAP_SECONDS, type DeviceEvent, type DeviceEventCode } from './device-events.js';
import { DEVICE_EVENT, deviceEventParams, resetSettings, statusParams, SUBSCRIPTION_TABLE, wlansOf, type AgentConfig, type MacTableMemory, type Subscription } from './tr181.js';

export interface AgentOptions {
  brokerUrl: string;
  /** 5 (default) for Mosquitto/EMQX; 4 (MQTT 3.1.1) for the embedded aedes broker */
  protocolVersion?: 4 | 5;
  spec: DeviceSpec;
  /** the console's USP endpoint ID (env USP_CONTROLLER_ID) */
  controllerId?: string;
  /** multiplies every device timing: reboot, status period, locate, retries (0.01 in tests) */
  timeScale?: number;
  /**
   * multiplies the status period alone (default: timeScale). 1 keeps the field's report every 30 s
   * while operations run compressed: a benchmark of 500 upgrades at timeScale 0.01 otherwise measures
   * 500 status reports every 0.3 s (~1,700 a second) instead of the upgrades.
   */
  statusTimeScale?: number;
  /** seeds the device's life (clients, noise), so runs repeat */
  seed?: number;
  /** shared by a fleet: one timer for all agents */
  scheduler?: Scheduler;
  /** shared by a fleet: bounds simultaneous connection attempts */
  gate?: ConnectGate;
  /**
   * runs a command key once, answering a repeat without running it (default). TR-369 does not
   * require it, and some agents pass the key through as a label: false behaves like them.
   */
  dedupeCommandKeys?: boolean;
  /** the other APs on the air with it (a fleet's): what its neighbour scan can hear */
  air?: () => readonly AirPeer[];
}

export type AgentState = 'stopped' | 'connecting' | 'online' | 'rebooting';

interface PendingNotify {
  msgId: string;
  payload: { msgId: string; bytes: Uint8Array };
  firstSentAt: number;
  attempt: number;
  task?: ScheduledTask;
  /** a newer notification with the same key replaces this one (status, value of one parameter) */
  key: string | undefined;
}

export interface AgentEvents {
  state: [AgentState];
  /** a PoE port started or stopped powering the device cabled to it (its serial number) */
  poe: [peerSn: string, powered: boolean];
  /** it reported a Device.X_AIRLOOM_Event! (to its subscribers, if any) */
  deviceEvent: [DeviceEvent];
  /** a connection attempt failed, e.g. refused credentials */
  connectError: [Error];
  /** a mesh primary's main Wi-Fi was renamed or removed: its secondaries must join the mesh again, with this name */
  renetwork: [network: string];
  /** a firmware image download started or ended: how many this agent runs now */
  download: [running: number];
}

const REBOOT_SECONDS = 60; // spec §9: reboot about 1 minute
/** a mesh secondary that lost its backhaul finds the mesh again (the spec gives no figure; docs/decisions/wireless.md) */
export const RENETWORK_SECONDS = 60;
/** the local administrator's password a device leaves the factory with (printed on its label) */
export const FACTORY_ADMIN_PASSWORD = 'admin';
const RESET_SECONDS = 180; // spec §9: reset to factory defaults about 3 minutes
const DEFAULT_PERIODIC_INTERVAL = 30; // common brief: status every 30 s
const CLOSE_TIMEOUT_MS = 5_000;
const NOTIFY_MAX_AGE_MS = 5 * 60_000; // a Notify nobody acknowledged for 5 minutes is dropped
const MAX_PENDING_NOTIFIES = 64;
const EXECUTED_KEYS_KEPT = 256;
const RAN_KEPT = 64;
/** a configuration that cuts the device off answers first, then the line drops this much later */
const CUT_OFF_DELAY_MS = 100;

const BOOT_EVENT = 'Device.Boot!';
const NEIGHBOUR_SCAN = 'Device.WiFi.NeighboringWiFiDiagnostic()';
const DISASSOCIATE = /^Device\.WiFi\.AccessPoint\.(\d+)\.X_AIRLOOM_Disassociate\(\)$/;
/** a scan of every channel of both bands */
const SCAN_SECONDS = 3;
const STATUS_EVENT = 'Device.X_AIRLOOM_Status!';
const POE_REBOOT = /^Device\.X_AIRLOOM_PoE\.Port\.(\d{1,2})\.Reboot\(\)$/;
const LED_SET_MODE = 'Device.X_AIRLOOM_LED.SetMode()';
const DISK_FORMAT = 'Device.X_AIRLOOM_Storage.Disk.1.Format()';
/** vendor remote web management (docs/maintenance.md): dial out to URL with Token and serve the local page */
const REMOTE_WEB_OPEN = 'Device.X_AIRLOOM_RemoteWeb.Open()';
/** vendor error code of an Open() that could not reach the console (docs/devices.md) */
const REMOTE_WEB_FAILED = 7830;
/** a PoE reboot keeps the port unpowered this long (the powered device then boots: spec §9 about 2 min in all) */
const POE_OFF_SECONDS = 60;
/** formatting a recorder's disk (spec §9 gives no duration) */
const FORMAT_SECONDS = 30;
/** TR-369 vendor-specific error codes of a failed format (docs/devices.md) */
const DISK_ERRORS = { failed: 7800, absent: 7801, 'in-use': 7802 } as const;
/** TR-181 FirmwareImage.{i}.Download() (TR-369 appendix "Firmware Management of Devices with USP Agents") */
const FIRMWARE_DOWNLOAD = /^Device\.DeviceInfo\.FirmwareImage\.([12])\.Download\(\)$/;
// spec §9: an upgrade takes about 5 minutes, the device offline meanwhile: fetching and checking
// the image (~1 min), installing it (~1 min), then the restart into it (~3 min)
const DOWNLOAD_SECONDS = 60;
const INSTALL_SECONDS = 60;
const UPGRADE_RESTART_SECONDS = 180;
/** vendor error codes of a failed Download() (docs/devices.md): not fetched or checksum mismatch, not installable */
const UPGRADE_ERRORS = { download: 7820, install: 7821 } as const;

export class Agent extends EventEmitter<AgentEvents> {
  readonly spec: DeviceSpec;
  readonly endpointId: string;
  readonly device: SimDevice;
  /** how many times each command really ran (a duplicate command key does not count) */
  readonly executions = { reboot: 0, locate: 0, reset: 0, neighbourScan: 0, clientOffline: 0, poeReboot: 0, led: 0, formatDisk: 0, upgrade: 0, remoteWeb: 0 };
  /**
   * The keyed commands it ran (reboot, reset, locate, upgrade…), oldest first, the last RAN_KEPT: what
   * the device itself knows it executed under which command key, for counting duplicates from its side.
   */
  readonly ran: { command: string; commandKey: string; at: number }[] = [];
  /** the tunnel its local web page is served through, while remote web management is open */
  remoteWeb: RemoteWebTunnel | undefined;
  /** a dial under way, with the token it carries */
  private remoteWebDial: { token: string; promise: Promise<RemoteWebTunnel> } | undefined;
  /** image downloads under way (the bench reads the most at once) */
  downloading = 0;
  /** Device.X_AIRLOOM_LED.Mode: On, Off or Schedule (follow the LED schedule); the factory sets On */
  ledMode: 'On' | 'Off' | 'Schedule' = 'On';
  /**
   * An NVR's disk as a format finds it (tests set it): a fault makes Format() fail with the vendor
   * code the console maps to 3000 (failed), 3001 (no disk) or 3002 (in use) — docs/devices.md
   */
  diskFault: 'none' | 'failed' | 'absent' | 'in-use' = 'none';
  /** PoE ports (1-based) switched off by a PoE reboot right now */
  readonly poeOff = new Set<number>();
  /** a firmware download or install is under way: a second Download() is refused */
  private firmwareBusy = false;
  /** handles what the controller sends this many ms late, like a device on a slow link */
  latencyMs = 0;
  /** what the controller sent while held (test hook: hold(), release()), in the order it came */
  private held: (() => void)[] | undefined;

  private readonly opts: Required<Pick<AgentOptions, 'brokerUrl' | 'protocolVersion' | 'controllerId' | 'timeScale' | 'statusTimeScale' | 'dedupeCommandKeys'>>;
  private readonly scheduler: Scheduler;
  private readonly gate: ConnectGate | undefined;
  private readonly cfg: AgentConfig;
  /** the name it left the factory with, back after a factory reset */
  private readonly factoryName: string;
  private readonly model: DataModel;
  /** command keys already executed; kept across simulated reboots */
  private readonly executedKeys = new Set<string>();
  private readonly pending = new Map<string, PendingNotify>();
  private client: MqttClient | undefined;
  private _state: AgentState = 'stopped';
  private wanted = false;
  private attempts = 0;
  private reconnectTask: ScheduledTask | undefined;
  private statusTask: ScheduledTask | undefined;
  private locateTask: ScheduledTask | undefined;
  private bootTask: ScheduledTask | undefined;
  /** safe apply's rollback timer (runs while armed, through stop/start; a reboot ends it with a rollback) */
  private rollbackTask: ScheduledTask | undefined;
  private cutOffTask: ScheduledTask | undefined;
  /** its configuration does not reach the cloud: no connection until that changes */
  private cutOff = false;
  /** serial numbers of the devices its PoE ports power */
  private powered: Set<string>;
  /** Boot! waiting to be sent: set at power-on and by a reboot, cleared once a subscriber got it */
  private pendingBoot: { cause: string; commandKey: string; firmwareUpdated?: boolean } | undefined = { cause: 'LocalReboot', commandKey: '' };
  /** a reboot whose down time was cut short by stop(): the device boots on the next start() */
  private rebootDue = false;
  /** a status event went out on this connection */
  private statusSent = false;
  /** the MAC table last sent (a switch's): sent again on change or every few reports */
  private macTableSent: MacTableMemory = { since: 0 };
  private readonly connectWaiters: (() => void)[] = [];
  private readonly air: (() => readonly AirPeer[]) | undefined;
  /** Device.LocalAgent.Request. instance numbers of asynchronous commands */
  private nextRequest = 1;
  /** what happens to it now and then (Device.X_AIRLOOM_Event!), rate-limited per code */
  private readonly happenings: DeviceEvents;
  /** a mesh primary: the names of the main Wi-Fi the console configured ('' while it has none) */
  private meshMain = '';
  /** a mesh secondary finding the mesh again after its main Wi-Fi changed */
  private renetworkTask: ScheduledTask | undefined;
  /** how many times it had to join the mesh again */
  renetworks = 0;

  constructor(options: AgentOptions) {
    super();
    this.spec = options.spec;
    this.endpointId = endpointIdFor(options.spec.mac, options.spec.sn);
    this.opts = {
      brokerUrl: options.brokerUrl,
      protocolVersion: options.protocolVersion ?? 5,
      controllerId: options.controllerId ?? 'self::airloom',
      timeScale: options.timeScale ?? 1,
      statusTimeScale: options.statusTimeScale ?? options.timeScale ?? 1,
      dedupeCommandKeys: options.dedupeCommandKeys ?? true,
    };
    this.scheduler = options.scheduler ?? new Scheduler();
    this.gate = options.gate;
    this.device = new SimDevice(options.spec, options.seed);
    this.air = options.air;
    this.factoryName = options.spec.name;
    this.cfg = {
      endpointId: this.endpointId,
      controllerId: this.opts.controllerId,
      name: options.spec.name,
      periodicNotifInterval: DEFAULT_PERIODIC_INTERVAL,
      subscriptions: [],
      locating: false,
    };
    this.model = new DataModel(this.device, this.cfg);
    this.powered = this.poweredPeers();
    this.happenings = new DeviceEvents(`${options.seed ?? 1}:${options.spec.sn}`, this.scaled(DEVICE_EVENT_GAP_SECONDS));
  }

  get state(): AgentState {
    return this._state;
  }

  /** How other APs' scans see this one: its place, radios and SSIDs, and whether it transmits now. */
  get onAir(): AirPeer {
    return { spec: this.spec, radios: this.device.radios, ssids: this.device.ssids, onAir: this._state === 'online' };
  }

  get connected(): boolean {
    return this._state === 'online';
  }

  /** The device's own name (Device.DeviceInfo.X_AIRLOOM_Name). */
  /** the version of the firmware image it runs (Device.DeviceInfo.SoftwareVersion) */
  get softwareVersion(): string {
    return this.device.softwareVersion;
  }

  get name(): string {
    return this.cfg.name;
  }

  get locating(): boolean {
    return this.cfg.locating;
  }

  /** Device.X_AIRLOOM_ManagementMode: who manages its settings now */
  get managementMode(): 'cloud' | 'local' {
    return this.cfg.managementMode ?? 'cloud';
  }

  /** Whether `password` is the local administrator's password now (the simulator's own check; nothing reads it out). */
  acceptsAdminPassword(password: string): boolean {
    return password === (this.cfg.adminPassword ?? FACTORY_ADMIN_PASSWORD);
  }

  /** Where its connection stands, for a fleet that waits on it: failed attempts in a row, and whether a client or a retry is under way. */
  get connection(): { attempts: number; client: 'none' | 'connecting' | 'connected'; retryScheduled: boolean } {
    return {
      attempts: this.attempts,
      client: !this.client ? 'none' : this.client.connected ? 'connected' : 'connecting',
      retryScheduled: this.reconnectTask !== undefined,
    };
  }

  /** Whether its configuration has cut it off the cloud (see reachesCloud). */
  get isCutOff(): boolean {
    return this.cutOff;
  }

  /** Device.X_AIRLOOM_SafeApply.Status */
  get safeApplyStatus(): string {
    return this.cfg.safeApply?.status ?? 'Idle';
  }

  get subscriptions(): readonly Subscription[] {
    return this.cfg.subscriptions;
  }

  /** Notifies sent and not yet acknowledged by a NotifyResp. */
  get pendingNotifies(): number {
    return this.pending.size;
  }

  /** The whole TR-181 tree as the agent would answer a Get of `Device.`. */
  tree(): Map<string, string> {
    return this.model.tree();
  }

  /** Powers the device on (first call: a boot) or brings its connection back; resolves once connected. */
  start(): Promise<void> {
    const connected = this.whenConnected();
    if (this.wanted) return connected;
    this.wanted = true;
    if (this.rebootDue) this.bootUp();
    this.setState('connecting');
    this.attempts = 0;
    void this.connect();
    return connected;
  }

  /** Clean disconnect: a disconnect record, then MQTT DISCONNECT (the broker drops the last will). */
  async stop(): Promise<void> {
    this.wanted = false;
    this.renetworkTask?.cancel();
    this.renetworkTask = undefined;
    this.halt();
    const client = this.client;
    this.client = undefined;
    this.setState('stopped');
    if (client?.connected) await this.closeClean(client, 'Stopped');
    else client?.end(true);
  }

  /**
   * Test hook: the device stops answering its controller, like one busy for a while, yet stays
   * connected and keeps reporting; what the controller sends meanwhile waits for release().
   */
  hold(): void {
    this.held ??= [];
  }

  /** Handles what came while held, in order, and answers as usual from now on. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const handle of held) handle();
  }

  /** The socket drops without DISCONNECT: the broker publishes the last will. */
  kill(): void {
    this.wanted = false;
    this.halt();
    const client = this.client;
    this.client = undefined;
    this.setState('stopped');
    client?.end(true);
  }

  private whenConnected(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve) => this.connectWaiters.push(resolve));
  }

  // ------------------------------------------------------------------------------- connection

  private setState(state: AgentState): void {
    if (this._state === state) return;
    this._state = state;
    if (state === 'online') for (const resolve of this.connectWaiters.splice(0)) resolve();
    this.emit('state', state);
  }

  private halt(): void {
    // a device that goes down (stopped, cut off, restarting) loses its tunnel with its connection
    this.remoteWeb?.close();
    this.remoteWeb = undefined;
    for (const task of [this.reconnectTask, this.statusTask, this.locateTask, this.bootTask]) task?.cancel();
    this.reconnectTask = this.statusTask = this.locateTask = this.bootTask = undefined;
    if (this.cfg.locating) this.cfg.locating = false;
    // unacknowledged notifies stay in memory and go out again on the next connection
    for (const p of this.pending.values()) p.task?.cancel();
  }

  private scaled(seconds: number): number {
    return seconds * 1000 * this.opts.timeScale;
  }

  /** PeriodicNotifInterval in ms, scaled by statusTimeScale */
  private statusPeriod(): number {
    return this.cfg.periodicNotifInterval * 1000 * this.opts.statusTimeScale;
  }

  private disconnectRecord(reason: string): Uint8Array {
    return encodeRecord({ kind: 'disconnect', toId: this.opts.controllerId, fromId: this.endpointId, reason, reasonCode: 0 });
  }

  private async connect(): Promise<void> {
    this.reconnectTask = undefined;
    let release: Release | undefined = await this.gate?.acquire();
    // a device whose configuration cut it off keeps trying in vain: nothing reaches the broker
    if (!this.wanted || this.client || this._state === 'rebooting' || this.cutOff) {
      release?.();
      return;
    }
    const free = () => {
      release?.();
      release = undefined;
    };
    const v5 = this.opts.protocolVersion === 5;
    const options: IClientOptions = {
      clientId: this.endpointId,
      username: this.endpointId,
      password: this.spec.secret,
      protocolVersion: this.opts.protocolVersion,
      clean: true,
      reconnectPeriod: 0, // our own jittered back-off instead of a fixed period
      connectTimeout: 15_000,
      keepalive: 60,
      // the will is a PUBLISH of a USP Record too: it names the reply-to (R-MQTT.22–24)
      will: {
        topic: v5 ? controllerTopic(this.endpointId) : withReplyTo(controllerTopic(this.endpointId), agentTopic(this.endpointId)),
        payload: Buffer.from(this.disconnectRecord('Lost connection')),
        qos: 1,
        retain: false,
        ...(v5 ? { properties: { contentType: USP_CONTENT_TYPE, responseTopic: agentTopic(this.endpointId) } } : {}),
      },
      // R-MQTT.13: an MQTT 5 endpoint names itself in CONNECT
      ...(v5 ? { properties: { sessionExpiryInterval: 0, userProperties: { [USP_ENDPOINT_ID]: this.endpointId } } } : {}),
    };
    const client = mqtt.connect(this.opts.brokerUrl, options);
    this.client = client;
    client.on('connect', () => {
      free();
      this.attempts = 0;
      void this.onConnect(client);
    });
    client.on('message', (topic, payload, packet) => {
      const handle = () => this.onMessage(client, topic, payload, packet.properties?.responseTopic, packet.properties?.correlationData);
      if (this.held) this.held.push(handle);
      else if (this.latencyMs > 0) setTimeout(handle, this.latencyMs);
      else handle();
    });
    client.on('error', (err) => this.emit('connectError', err));
    client.on('close', () => {
      free();
      // without auto-reconnect, a forced end fails the QoS 1 publishes still waiting for a PUBACK;
      // otherwise they would wait forever (a reboot would never get past its OperateResp)
      client.end(true);
      if (this.client !== client) return;
      this.client = undefined;
      this.statusTask?.cancel();
      if (this.wanted && this._state !== 'rebooting') {
        this.setState('connecting');
        this.scheduleReconnect();
      }
    });
  }

  /** Full-jitter exponential back-off, so a fleet that lost its broker does not return all at once. */
  private scheduleReconnect(): void {
    const cap = Math.min(30_000, Math.max(2_000, this.scaled(30)));
    const ceiling = Math.min(cap, 500 * 2 ** this.attempts);
    this.attempts = Math.min(this.attempts + 1, 16);
    this.reconnectTask?.cancel();
    this.reconnectTask = this.scheduler.after(Math.random() * ceiling, () => void this.connect());
  }

  private async onConnect(client: MqttClient): Promise<void> {
    try {
      await client.subscribeAsync(agentSubscription(this.endpointId, this.opts.protocolVersion), { qos: 1 });
      await this.publish(
        client,
        controllerTopic(this.endpointId),
        encodeRecord({
          kind: 'mqtt-connect',
          toId: this.opts.controllerId,
          fromId: this.endpointId,
          mqttVersion: this.opts.protocolVersion === 5 ? '5' : '3.1.1',
          subscribedTopic: agentTopic(this.endpointId),
        }),
      );
    } catch {
      // the connection went away meanwhile; 'close' schedules the next attempt
      return;
    }
    if (this.client !== client) return;
    this.statusSent = false;
    // a new session (maybe another gateway instance) gets the whole table in its first report
    this.macTableSent = { since: 0 };
    this.setState('online');
    this.sendPendingBoot();
    for (const p of this.pending.values()) this.retryLater(p, Math.random() * 1000 * Math.max(this.opts.timeScale, 0.1));
    // first status soon after connecting, spread so a reconnecting fleet does not report in one burst
    this.scheduleStatus(this.statusPeriod() * (0.05 + Math.random() * 0.25));
  }

  /** Every PUBLISH of a Record names the agent's topic as its reply-to (R-MQTT.22–24, R-MQTT.27, R-MQTT.29). */
  private async publish(client: MqttClient, topic: string, payload: Uint8Array, msgId?: string, correlationData?: Buffer): Promise<void> {
    const target = uspPublish({ topic, replyTo: agentTopic(this.endpointId), protocolVersion: this.opts.protocolVersion, toId: this.opts.controllerId, msgId });
    const options: IClientPublishOptions = { qos: 1 };
    if (target.properties) options.properties = { ...target.properties, ...(correlationData ? { correlationData } : {}) };
    await client.publishAsync(target.topic, Buffer.from(payload), options);
  }

  /** Disconnect record, then DISCONNECT. */
  private async closeClean(client: MqttClient, reason: string): Promise<void> {
    // a broker that dies meanwhile never acknowledges the record: the close ends the wait, and a
    // connection that went silent without closing is given up after a while
    let timer: NodeJS.Timeout | undefined;
    const dropped = new Promise<void>((resolve) => {
      client.once('close', () => resolve());
      timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
    });
    const clean = (async () => {
      await this.publish(client, controllerTopic(this.endpointId), this.disconnectRecord(reason));
      await client.endAsync();
    })();
    await Promise.race([clean, dropped]).catch(() => undefined);
    clearTimeout(timer);
    client.end(true);
  }

  // ------------------------------------------------------------------------------- requests

  private onMessage(client: MqttClient, topic: string, payload: Buffer, responseTopic?: string, correlationData?: Buffer): void {
    // a connection being closed answers nothing more: its disconnect record is its last word
    if (client !== this.client) return;
    const parsed = parseAgentTopic(topic);
    if (!parsed || parsed.ep !== this.endpointId) return;
    let msg: UspMsg;
    let fromId: string;
    try {
      const record = decodeRecord(payload);
      if (record.kind !== 'msg' || record.toId !== this.endpointId) return;
      // only our controller may manage us
      if (record.fromId !== this.opts.controllerId) return;
      fromId = record.fromId;
      msg = decodeMsg(record.payload);
    } catch {
      return; // not a USP Record we can read: nothing to answer
    }
    if (msg.type === 'notifyResp') {
      this.acknowledge(msg.msgId);
      return;
    }
    const replyTo = parsed.replyTo ?? responseTopic ?? controllerTopic(this.endpointId);
    const answer = (response: UspMsg) => this.publish(client, replyTo, encodeMsgRecord(fromId, this.endpointId, response), response.msgId, correlationData);
    switch (msg.type) {
      case 'get':
        void answer(this.model.get(msg)).catch(() => undefined);
        return;
      case 'set': {
        const { response, changes, safeApply } = this.model.set(msg);
        void answer(response).catch(() => undefined);
        this.afterSet(changes);
        if (safeApply === 'armed') this.armRollback();
        if (safeApply === 'disarmed') this.disarmRollback();
        this.afterConfigChange();
        return;
      }
      case 'add':
        void answer(this.model.add(msg))
          .then(() => this.afterSubscriptionsChanged())
          .catch(() => undefined);
        this.afterConfigChange();
        return;
      case 'delete':
        void answer(this.model.delete(msg)).catch(() => undefined);
        this.afterConfigChange();
        return;
      case 'operate':
        this.handleOperate(msg, answer);
        return;
      case 'unsupported':
        void answer(buildError(msg.msgId, USP_ERR.MESSAGE_NOT_SUPPORTED, `${msg.msgType} is not supported`)).catch(() => undefined);
        return;
      default:
        // responses and notifies are not for an agent
        return;
    }
  }

  private handleOperate(msg: OperateMsg, answer: (response: UspMsg) => Promise<void>): void {
    const reply = (response: UspMsg) => (msg.sendResp ? answer(response) : Promise.resolve());
    const done = () => reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: true, outputArgs: {} }]));
    if (msg.command === NEIGHBOUR_SCAN) {
      this.scanNeighbours(msg, reply);
      return;
    }
    const disassociate = DISASSOCIATE.exec(msg.command);
    if (disassociate) {
      this.disassociate(msg, Number(disassociate[1]), reply);
      return;
    }
    const poePort = POE_REBOOT.exec(msg.command);
    if (poePort) {
      this.poeReboot(msg, Number(poePort[1]), answer, reply);
      return;
    }
    if (msg.command === LED_SET_MODE) {
      const mode = msg.inputArgs.Mode;
      if (mode !== 'On' && mode !== 'Off' && mode !== 'Schedule') {
        void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: false, errCode: USP_ERR.INVALID_COMMAND_ARGUMENTS, errMsg: 'Mode is On, Off or Schedule' }])).catch(() => undefined);
        return;
      }
      this.executions.led++;
      this.ledMode = mode;
      void done().catch(() => undefined);
      return;
    }
    if (msg.command === DISK_FORMAT) {
      this.formatDisk(msg, answer, reply);
      return;
    }
    if (msg.command === REMOTE_WEB_OPEN) {
      this.openRemoteWeb(msg, reply);
      return;
    }
    const image = FIRMWARE_DOWNLOAD.exec(msg.command);
    if (image) {
      this.downloadFirmware(msg, Number(image[1]), reply);
      return;
    }
    if (msg.command !== 'Device.Reboot()' && msg.command !== 'Device.X_AIRLOOM_Locate()' && msg.command !== 'Device.FactoryReset()') {
      void answer(buildError(msg.msgId, USP_ERR.INVALID_PATH, `Unsupported command ${msg.command}`)).catch(() => undefined);
      return;
    }
    let duration = 0;
    if (msg.command === 'Device.X_AIRLOOM_Locate()') {
      const raw = msg.inputArgs.Duration ?? '60';
      if (!/^\d+$/.test(raw)) {
        void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: false, errCode: USP_ERR.INVALID_COMMAND_ARGUMENTS, errMsg: 'Duration must be whole seconds' }])).catch(() => undefined);
        return;
      }
      duration = Number(raw);
    }
    // duplicate delivery of a command we already ran: answer it, do not run it twice
    if (this.opts.dedupeCommandKeys && msg.commandKey && this.executedKeys.has(msg.commandKey)) {
      void done().catch(() => undefined);
      return;
    }
    this.remember(msg.commandKey, msg.command);
    if (msg.command === 'Device.X_AIRLOOM_Locate()') {
      this.executions.locate++;
      this.cfg.locating = true;
      this.locateTask?.cancel();
      this.locateTask = this.scheduler.after(this.scaled(duration), () => {
        this.cfg.locating = false;
      });
      void done().catch(() => undefined);
      return;
    }
    if (msg.command === 'Device.FactoryReset()') {
      this.executions.reset++;
      void done()
        .catch(() => undefined)
        .then(() => this.factoryResetNow(msg.commandKey));
      return;
    }
    this.executions.reboot++;
    void done()
      .catch(() => undefined)
      .then(() => this.rebootNow(msg.commandKey));
  }

  /**
   * Vendor Device.X_AIRLOOM_RemoteWeb.Open(URL, Token): dial out to the console and serve the local web
   * page through the tunnel; answered once the tunnel is up (or failed with 7830). The same Token again
   * while its tunnel is open is answered at once (idempotent); a new Token replaces the old tunnel.
   */
  private openRemoteWeb(msg: OperateMsg, reply: (response: UspMsg) => Promise<void>): void {
    const url = msg.inputArgs.URL ?? '';
    const token = msg.inputArgs.Token ?? '';
    const fail = (errCode: number, errMsg: string) => void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: false, errCode, errMsg }])).catch(() => undefined);
    if (!/^wss?:\/\//.test(url) || !/^[\x21-\x7e]{16,256}$/.test(token)) {
      fail(USP_ERR.INVALID_COMMAND_ARGUMENTS, 'URL (ws:// or wss://) and Token are needed');
      return;
    }
    const done = () => void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: true, outputArgs: {} }])).catch(() => undefined);
    if (this.remoteWeb?.open && this.remoteWeb.token === token) {
      done();
      return;
    }
    // the same Open again while its dial is under way (a resend): answered with the first one's outcome
    if (this.remoteWebDial?.token !== token) {
      this.remoteWeb?.close();
      this.remoteWeb = undefined;
      this.executions.remoteWeb++;
      const device = {
        sn: this.spec.sn,
        model: this.spec.model,
        softwareVersion: () => this.device.softwareVersion,
        name: () => this.cfg.name,
        acceptsAdminPassword: (password: string) => this.acceptsAdminPassword(password),
      };
      const dial = RemoteWebTunnel.dial(url, token, device).then((tunnel) => {
        if (this.remoteWebDial?.promise === dial) this.remoteWebDial = undefined;
        if (!this.connected) {
          tunnel.close();
          throw new Error('the device went offline');
        }
        this.remoteWeb = tunnel;
        tunnel.onClose(() => {
          if (this.remoteWeb === tunnel) this.remoteWeb = undefined;
        });
        return tunnel;
      });
      dial.catch(() => {
        if (this.remoteWebDial?.promise === dial) this.remoteWebDial = undefined;
      });
      this.remoteWebDial = { token, promise: dial };
    }
    this.remoteWebDial!.promise.then(done, (err: Error) => fail(REMOTE_WEB_FAILED, `the console could not be reached: ${err.message}`));
  }

  /**
   * Vendor Device.WiFi.AccessPoint.{i}.X_AIRLOOM_Disassociate(MACAddress) (docs/devices.md): the AP
   * lets the client go at once; it is gone from AssociatedDevice and Hosts, and may come back later.
   * Sending it again is harmless (a client that is not there is not an error).
   */
  private disassociate(msg: OperateMsg, ap: number, reply: (response: UspMsg) => Promise<void>): void {
    const mac = (msg.inputArgs.MACAddress ?? '').toUpperCase();
    const ssidCount = this.device.ssids.length;
    // an access point of the console's Wi-Fi
    const wlan = this.device.wlans.find((w) => w.apPath === `Device.WiFi.AccessPoint.${ap}.`);
    if (wlan && /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/.test(mac)) {
      this.executions.clientOffline++;
      const gone = this.device.disassociate(mac, { wlan: wlan.ssidPath });
      void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: true, outputArgs: { Disassociated: String(gone) } }])).catch(() => undefined);
      return;
    }
    if (!/^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/.test(mac) || ssidCount === 0 || ap < 1 || ap > this.device.radios.length * ssidCount) {
      void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: false, errCode: USP_ERR.INVALID_COMMAND_ARGUMENTS, errMsg: 'no such AccessPoint or MACAddress' }])).catch(() => undefined);
      return;
    }
    this.executions.clientOffline++;
    const gone = this.device.disassociate(mac, { radio: Math.floor((ap - 1) / ssidCount), ssid: (ap - 1) % ssidCount });
    void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: true, outputArgs: { Disassociated: String(gone) } }])).catch(() => undefined);
  }

  /**
   * TR-181's asynchronous NeighboringWiFiDiagnostic(): the OperateResp names its Request object, the
   * results follow a few seconds (× timeScale) later in an OperationComplete to its subscribers. A
   * repeated command key scans again: a scan changes nothing, so that is harmless.
   */
  private scanNeighbours(msg: OperateMsg, reply: (response: UspMsg) => Promise<void>): void {
    if (this.device.radios.length === 0) {
      void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: false, errCode: USP_ERR.COMMAND_FAILURE, errMsg: 'no Wi-Fi radio' }])).catch(() => undefined);
      return;
    }
    const request = `Device.LocalAgent.Request.${this.nextRequest++}.`;
    void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: true, outputArgs: {}, reqObjPath: request }])).catch(() => undefined);
    this.scheduler.after(this.scaled(SCAN_SECONDS), () => {
      if (!this.connected) return;
      this.executions.neighbourScan++;
      const heard = scanNeighbours(this.onAir, this.air?.().filter((p) => p.spec.sn !== this.spec.sn) ?? []);
      const done: Notification = { kind: 'operComplete', objPath: 'Device.WiFi.', commandName: 'NeighboringWiFiDiagnostic()', commandKey: msg.commandKey, ok: true, outputArgs: scanOutputArgs(heard) };
      for (const sub of this.model.subscribersOf('OperationComplete', NEIGHBOUR_SCAN)) this.notify(sub, done, undefined);
    });
  }

  /** Answers an asynchronous command with its Request object, or refuses a duplicate key (it ran once). */
  private startAsync(msg: OperateMsg, reply: (response: UspMsg) => Promise<void>): boolean {
    if (this.opts.dedupeCommandKeys && msg.commandKey && this.executedKeys.has(msg.commandKey)) {
      void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: false, errCode: USP_ERR.COMMAND_FAILURE, errMsg: 'already ran under this key' }])).catch(() => undefined);
      return false;
    }
    this.remember(msg.commandKey, msg.command);
    const request = `Device.LocalAgent.Request.${this.nextRequest++}.`;
    void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: true, outputArgs: {}, reqObjPath: request }])).catch(() => undefined);
    return true;
  }

  private completeAsync(msg: OperateMsg, objPath: string, commandName: string, failure?: { errCode: number; errMsg: string }): void {
    const done: Notification = failure
      ? { kind: 'operComplete', objPath, commandName, commandKey: msg.commandKey, ok: false, ...failure }
      : { kind: 'operComplete', objPath, commandName, commandKey: msg.commandKey, ok: true, outputArgs: {} };
    for (const sub of this.model.subscribersOf('OperationComplete', msg.command)) this.notify(sub, done, undefined);
  }

  /**
   * Device.X_AIRLOOM_PoE.Port.{i}.Reboot() on a switch: the port stops powering its device (which
   * goes down as a pulled plug), powers it again after POE_OFF_SECONDS × timeScale (it boots), and
   * the OperationComplete follows.
   */
  private poeReboot(msg: OperateMsg, port: number, answer: (response: UspMsg) => Promise<void>, reply: (response: UspMsg) => Promise<void>): void {
    if (this.device.poeBudget <= 0 || port < 1 || port > this.device.ports.length) {
      void answer(buildError(msg.msgId, USP_ERR.INVALID_PATH, `No PoE port ${port}`)).catch(() => undefined);
      return;
    }
    if (this.poeOff.has(port)) {
      void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: false, errCode: USP_ERR.COMMAND_FAILURE, errMsg: 'the port is being power-cycled' }])).catch(() => undefined);
      return;
    }
    if (!this.startAsync(msg, reply)) return;
    this.executions.poeReboot++;
    const peer = (this.spec.links ?? []).find((l) => l.port + 1 === port && this.powered.has(l.peerSn))?.peerSn;
    this.poeOff.add(port);
    if (peer) this.emit('poe', peer, false);
    this.scheduler.after(this.scaled(POE_OFF_SECONDS), () => {
      this.poeOff.delete(port);
      if (peer && this.powered.has(peer)) this.emit('poe', peer, true);
      if (this.connected) this.completeAsync(msg, `Device.X_AIRLOOM_PoE.Port.${port}.`, 'Reboot()');
    });
  }

  /** Device.X_AIRLOOM_Storage.Disk.1.Format() on an NVR: formatting, then success or a vendor error. */
  private formatDisk(msg: OperateMsg, answer: (response: UspMsg) => Promise<void>, reply: (response: UspMsg) => Promise<void>): void {
    if (this.spec.type !== 'nvr') {
      void answer(buildError(msg.msgId, USP_ERR.INVALID_PATH, 'No storage on this device')).catch(() => undefined);
      return;
    }
    if (!this.startAsync(msg, reply)) return;
    const fault = this.diskFault;
    this.scheduler.after(this.scaled(fault === 'absent' || fault === 'in-use' ? 1 : FORMAT_SECONDS), () => {
      if (fault === 'none') this.executions.formatDisk++;
      if (!this.connected) return;
      this.completeAsync(msg, 'Device.X_AIRLOOM_Storage.Disk.1.', 'Format()', fault === 'none' ? undefined : { errCode: DISK_ERRORS[fault], errMsg: `format ${fault}` });
    });
  }

  /**
   * FirmwareImage.{i}.Download(URL, FileSize, CheckSumAlgorithm, CheckSum, AutoActivate): the image
   * is really fetched over HTTP from the URL (the console's, with the operation's token), its SHA-256
   * compared with CheckSum and its header with this model; the OperationComplete says how it went
   * (7820 not fetched or checksum mismatch, 7821 not an image for this model). With AutoActivate the
   * device then installs it and restarts into it: its Boot! carries the CommandKey, FirmwareUpdated
   * true, and SoftwareVersion is the image's version. A key it already ran is refused (at most once).
   */
  private downloadFirmware(msg: OperateMsg, bank: number, reply: (response: UspMsg) => Promise<void>): void {
    const args = msg.inputArgs;
    const url = args.URL ?? '';
    if (!/^https?:\/\//.test(url) || (args.CheckSumAlgorithm && args.CheckSumAlgorithm !== 'SHA-256')) {
      void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: false, errCode: USP_ERR.INVALID_COMMAND_ARGUMENTS, errMsg: 'URL (http) and a SHA-256 CheckSum are needed' }])).catch(() => undefined);
      return;
    }
    if (this._state === 'rebooting' || this.firmwareBusy) {
      void reply(buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: false, errCode: USP_ERR.COMMAND_FAILURE, errMsg: 'an upgrade is under way' }])).catch(() => undefined);
      return;
    }
    if (!this.startAsync(msg, reply)) return;
    this.executions.upgrade++;
    this.firmwareBusy = true;
    const slot = this.device.firmwareImages[bank - 1]!;
    const objPath = `Device.DeviceInfo.FirmwareImage.${bank}.`;
    const fail = (kind: keyof typeof UPGRADE_ERRORS, why: string) => {
      this.firmwareBusy = false;
      slot.status = kind === 'download' ? 'DownloadFailed' : 'ValidationFailed';
      if (this.connected) this.completeAsync(msg, objPath, 'Download()', { errCode: UPGRADE_ERRORS[kind], errMsg: why });
    };
    const started = Date.now();
    slot.status = 'Downloading';
    void (async () => {
      let data: Buffer;
      this.downloading++;
      this.emit('download', this.downloading);
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(Math.max(30_000, this.scaled(DOWNLOAD_SECONDS) * 2)) });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        data = Buffer.from(await res.arrayBuffer());
      } catch (err) {
        this.downloading--;
        this.emit('download', this.downloading);
        fail('download', `download failed: ${(err as Error).message}`);
        return;
      }
      this.downloading--;
      this.emit('download', this.downloading);
      // a fetch that takes less than the simulated download time waits out the rest
      const rest = this.scaled(DOWNLOAD_SECONDS) - (Date.now() - started);
      if (rest > 0) await new Promise((r) => this.scheduler.after(rest, () => r(undefined)));
      if (!this.wanted) return;
      slot.status = 'Validating';
      const sum = createHash('sha256').update(data).digest('hex');
      if ((args.FileSize && Number(args.FileSize) !== data.length) || sum !== (args.CheckSum ?? '').toLowerCase()) {
        fail('download', 'checksum mismatch');
        return;
      }
      const header = checkFirmwareHeader(data.subarray(0, FIRMWARE_HEADER.size), data.length);
      if (!header.ok || header.model !== this.spec.model) {
        fail('install', header.ok ? `an image for ${header.model}` : `not a firmware image (${header.reason})`);
        return;
      }
      slot.version = header.version;
      slot.status = 'Available';
      if (this.connected) this.completeAsync(msg, objPath, 'Download()');
      if (args.AutoActivate !== 'true' && args.AutoActivate !== '1') {
        this.firmwareBusy = false;
        return;
      }
      // installing (still online), then the restart into the new image
      this.scheduler.after(this.scaled(INSTALL_SECONDS), () => {
        this.firmwareBusy = false;
        if (!this.wanted) return;
        this.device.activeImage = bank;
        void this.rebootNow(msg.commandKey, 'RemoteReboot', UPGRADE_RESTART_SECONDS, true);
      });
    })();
  }

  // ------------------------------------------------------------------------------- safe apply

  /** Armed: the configuration comes back by itself after Timeout seconds × timeScale unless confirmed. */
  private armRollback(): void {
    this.rollbackTask?.cancel();
    const seconds = this.cfg.safeApply?.timeout ?? 0;
    this.rollbackTask = this.scheduler.after(this.scaled(seconds), () => {
      this.rollbackTask = undefined;
      if (this.model.rollBack()) this.afterConfigChange();
    });
  }

  private disarmRollback(): void {
    this.rollbackTask?.cancel();
    this.rollbackTask = undefined;
  }

  private afterConfigChange(): void {
    this.checkReach();
    // the console's Wi-Fi networks: clients of one that went away, off, hidden or renamed leave it
    this.device.setWlans(wlansOf(this.cfg.objects));
    this.checkMeshMain();
    // the blacklist: denied clients are sent away and kept out
    const denied = deniedMacs(this.model.settings.get(DENIED_MACS) ?? '');
    if (denied) this.device.deny(denied);
    const now = this.poweredPeers();
    for (const sn of this.powered) if (!now.has(sn)) this.emit('poe', sn, false);
    for (const sn of now) if (!this.powered.has(sn)) this.emit('poe', sn, true);
    this.powered = now;
  }

  /**
   * A mesh primary's main Wi-Fi: the first Wi-Fi the console configured on it (the lowest SSID
   * instance it added, with the other band of the same policy, by Alias), which the secondaries join
   * with. Renamed or removed, it emits `renetwork` (the fleet makes the secondaries drop and join again).
   */
  private checkMeshMain(): void {
    if (this.spec.meshRole !== 'primary') return;
    const wlans = this.device.wlans;
    const objects = this.cfg.objects;
    const stem = (path: string) => (objects?.get(path)?.Alias ?? path).replace(/-[^-]*$/, '');
    const main = wlans.length ? stem(wlans[0]!.ssidPath) : '';
    const names = main ? wlans.filter((w) => stem(w.ssidPath) === main).map((w) => w.name).join(' / ') : '';
    const before = this.meshMain;
    this.meshMain = names;
    if (before && before !== names) this.emit('renetwork', names || (this.device.ssids[0] ?? ''));
  }

  /**
   * A mesh secondary whose mesh's main Wi-Fi changed: its backhaul is gone, so it drops off the cloud at
   * once (no DISCONNECT: the broker publishes its will) and comes back after RENETWORK_SECONDS ×
   * timeScale, joined with the new name (X_AIRLOOM_MeshBackhaul.SSID).
   */
  renetwork(network: string): void {
    if (!this.device.backhaul) return;
    const wasWanted = this.wanted || this.renetworkTask !== undefined;
    this.renetworkTask?.cancel();
    this.renetworks++;
    if (this.wanted) this.kill();
    if (!wasWanted) {
      this.device.backhaul.ssid = network;
      return;
    }
    this.renetworkTask = this.scheduler.after(this.scaled(RENETWORK_SECONDS), () => {
      this.renetworkTask = undefined;
      this.device.backhaul!.ssid = network;
      void this.start();
    });
  }

  /** re-networking after its mesh's main Wi-Fi changed */
  get renetworking(): boolean {
    return this.renetworkTask !== undefined;
  }

  private poweredPeers(): Set<string> {
    const out = new Set<string>();
    if (this.device.poeBudget <= 0) return out;
    for (const l of this.spec.links ?? []) if (poeDraw(this.spec, this.model.settings, l.port + 1) > 0) out.add(l.peerSn);
    return out;
  }

  /** Its PoE port stopped powering it: down at once, as a pulled plug (the broker publishes the will). */
  powerOff(): void {
    if (!this.wanted) return;
    this.kill();
    this.rebootDue = true;
    this.pendingBoot = { cause: 'LocalReboot', commandKey: '' };
  }

  /**
   * The cut-off model (settings.ts reachesCloud): a configuration that cannot reach the cloud was
   * answered normally; ~100 ms later the line drops as a cut cable does (no DISCONNECT: the broker
   * publishes the will) and the device stays away until its configuration reaches the cloud again
   * (a rollback) — without safe apply, until the simulator is restarted.
   */
  private checkReach(): void {
    const reaches = reachesCloud(this.spec, this.model.settings, this.device.ip);
    if (!reaches && !this.cutOff) {
      this.cutOff = true;
      this.cutOffTask = this.scheduler.after(CUT_OFF_DELAY_MS, () => {
        this.cutOffTask = undefined;
        if (this.cutOff) this.dropLine();
      });
    } else if (reaches && this.cutOff) {
      this.cutOff = false;
      this.cutOffTask?.cancel();
      this.cutOffTask = undefined;
      if (this.wanted && !this.client && this._state === 'connecting') {
        this.attempts = 0;
        void this.connect();
      }
    }
  }

  private dropLine(): void {
    const client = this.client;
    if (!client) return;
    this.client = undefined;
    this.statusTask?.cancel();
    this.statusTask = undefined;
    for (const p of this.pending.values()) p.task?.cancel();
    if (this._state === 'online') this.setState('connecting');
    client.end(true);
  }

  private remember(commandKey: string, command: string): void {
    this.ran.push({ command, commandKey, at: Date.now() });
    if (this.ran.length > RAN_KEPT) this.ran.shift();
    if (!commandKey) return;
    this.executedKeys.add(commandKey);
    if (this.executedKeys.size > EXECUTED_KEYS_KEPT) this.executedKeys.delete(this.executedKeys.values().next().value!);
  }

  /**
   * OperateResp went out: the configuration a controller set is gone (the name is the factory one,
   * added table instances are removed); the agent's own settings (controller, subscriptions) stay so
   * it can report back. Then down ~3 min × timeScale and a Boot! with cause RemoteFactoryReset.
   */
  private async factoryResetNow(commandKey: string): Promise<void> {
    if (this._state === 'rebooting') return;
    this.cfg.name = this.factoryName;
    this.cfg.adminPassword = undefined;
    this.cfg.managementMode = undefined;
    this.ledMode = 'On';
    resetSettings(this.device, this.cfg);
    this.disarmRollback();
    this.afterConfigChange();
    this.cfg.locating = false;
    await this.rebootNow(commandKey, 'RemoteFactoryReset', RESET_SECONDS);
  }

  /** OperateResp went out: go down cleanly, stay down ~1 min × timeScale, boot and report Boot!. */
  private async rebootNow(commandKey: string, cause = 'RemoteReboot', seconds = REBOOT_SECONDS, firmwareUpdated = false): Promise<void> {
    if (this._state === 'rebooting') return;
    this.halt();
    this.setState('rebooting');
    this.rebootDue = true;
    this.pendingBoot = { cause, commandKey, firmwareUpdated };
    const client = this.client;
    this.client = undefined;
    if (client) await this.closeClean(client, 'Rebooting');
    if (!this.wanted) return;
    this.bootTask = this.scheduler.after(this.scaled(seconds), () => {
      this.bootTask = undefined;
      this.bootUp();
      this.setState('connecting');
      this.attempts = 0;
      void this.connect();
    });
  }

  private bootUp(): void {
    this.rebootDue = false;
    this.device.reboot();
    // a reboot while armed lost the timer: the device boots on the configuration it armed on
    if (this.cfg.safeApply?.status === 'Armed') {
      this.disarmRollback();
      this.model.rollBack();
    }
    this.afterConfigChange();
    // notifications still unacknowledged were in RAM: a reboot loses them (Boot! tells the story)
    for (const p of this.pending.values()) p.task?.cancel();
    this.pending.clear();
    if (this._state === 'rebooting') this.setState('stopped');
  }

  // ------------------------------------------------------------------------------- notifies

  /** A subscription appeared or changed: a waiting Boot! may now have a recipient, status may start. */
  private afterSubscriptionsChanged(): void {
    if (!this.connected) return;
    this.sendPendingBoot();
    // a controller that just subscribed to status gets the first one soon, not a whole period later
    if (!this.statusSent && this.model.subscribersOf('Event', STATUS_EVENT).length) {
      this.scheduleStatus(this.statusPeriod() * (0.02 + Math.random() * 0.08));
    }
  }

  private sendPendingBoot(): void {
    const boot = this.pendingBoot;
    if (!boot || !this.connected) return;
    const subs = this.model.subscribersOf('Event', BOOT_EVENT);
    if (subs.length === 0) return; // kept until the controller subscribes (how a first boot is reported)
    this.pendingBoot = undefined;
    const params = { CommandKey: boot.commandKey, Cause: boot.cause, FirmwareUpdated: boot.firmwareUpdated ? 'true' : 'false', ParameterMap: '{}' };
    for (const sub of subs) this.notify(sub, eventNotification('Device.', 'Boot!', params), undefined);
  }

  /** What a Set changed: ValueChange to its subscribers, a new status period, new subscriptions. */
  private afterSet(changes: readonly ModelChange[]): void {
    for (const { path, value } of changes) {
      for (const sub of this.model.subscribersOf('ValueChange', path)) this.notify(sub, valueChangeNotification(path, value), `vc:${sub.id}:${path}`);
      if (path.endsWith('.PeriodicNotifInterval') && this.connected) this.scheduleStatus(this.statusPeriod());
    }
    if (changes.some((c) => c.path.startsWith(SUBSCRIPTION_TABLE))) this.afterSubscriptionsChanged();
  }

  private scheduleStatus(delayMs: number): void {
    this.statusTask?.cancel();
    this.statusTask = this.scheduler.after(delayMs, () => {
      this.statusTask = undefined;
      if (!this.connected) return;
      const first = !this.statusSent;
      this.sendStatus();
      // the first report comes soon after connecting; the next one lands at a random phase of the
      // period, so a fleet that connected together does not keep reporting in one burst
      const period = this.statusPeriod();
      this.scheduleStatus(first && this.statusSent ? period * (0.5 + Math.random()) : period);
    });
  }

  private sendStatus(): void {
    const subs = this.model.subscribersOf('Event', STATUS_EVENT);
    this.device.advance();
    if (subs.length === 0) return;
    this.statusSent = true;
    const params = statusParams(this.device, this.cfg, Date.now(), this.macTableSent);
    for (const sub of subs) this.notify(sub, eventNotification('Device.', 'X_AIRLOOM_Status!', params), `status:${sub.id}`);
    // now and then something happens that the device reports in its own words
    const happened = this.happenings.roll(this.device);
    if (happened) this.reportEvent(happened);
  }

  /**
   * Test hook (and the CLI's): the device reports a happening of this code now, as
   * Device.X_AIRLOOM_Event!. Returns what it reported, or null when the code cannot happen on this
   * device or was reported less than the gap (1 h × timeScale) ago.
   */
  raiseEvent(code: DeviceEventCode): DeviceEvent | null {
    const event = this.happenings.make(this.device, code);
    return event ? this.reportEvent(event) : null;
  }

  private reportEvent(event: DeviceEvent): DeviceEvent | null {
    if (!this.happenings.allow(event.code)) return null;
    this.emit('deviceEvent', event);
    const params = deviceEventParams(event);
    for (const sub of this.model.subscribersOf('Event', DEVICE_EVENT)) this.notify(sub, eventNotification('Device.', 'X_AIRLOOM_Event!', params), undefined);
    return event;
  }

  private notify(sub: Subscription, notification: Notification, key: string | undefined): void {
    const msg = buildNotify(sub.id, notification, { sendResp: true });
    const payload = { msgId: msg.msgId, bytes: encodeMsgRecord(this.opts.controllerId, this.endpointId, msg) };
    for (const [id, p] of this.pending) {
      if (key && p.key === key) {
        p.task?.cancel();
        this.pending.delete(id);
      }
    }
    if (!sub.notifRetry) {
      void this.sendNotify(payload);
      return;
    }
    const p: PendingNotify = { msgId: msg.msgId, payload, firstSentAt: Date.now(), attempt: 0, key };
    this.pending.set(msg.msgId, p);
    if (this.pending.size > MAX_PENDING_NOTIFIES) {
      const [oldest] = this.pending.values();
      oldest!.task?.cancel();
      this.pending.delete(oldest!.msgId);
    }
    void this.sendNotify(payload);
    this.retryLater(p, this.retryDelay(p.attempt));
  }

  private async sendNotify(payload: { msgId: string; bytes: Uint8Array }): Promise<void> {
    const client = this.client;
    if (!client || !this.connected) return;
    try {
      await this.publish(client, controllerTopic(this.endpointId), payload.bytes, payload.msgId);
    } catch {
      // lost with the connection; the retry or the next connection sends it again
    }
  }

  /** TR-369 retry: the wait doubles from 5 s (× timeScale) and is capped at 60 s (× timeScale). */
  private retryDelay(attempt: number): number {
    const base = Math.min(5_000, Math.max(250, this.scaled(5)));
    const cap = Math.min(60_000, Math.max(2_000, this.scaled(60)));
    return Math.min(cap, base * 2 ** attempt) * (0.8 + Math.random() * 0.4);
  }

  private retryLater(p: PendingNotify, delayMs: number): void {
    p.task?.cancel();
    p.task = this.scheduler.after(delayMs, () => {
      if (!this.pending.has(p.msgId)) return;
      if (Date.now() - p.firstSentAt > NOTIFY_MAX_AGE_MS) {
        this.pending.delete(p.msgId);
        return;
      }
      if (!this.connected) return; // the next connection sends it
      p.attempt++;
      void this.sendNotify(p.payload);
      this.retryLater(p, this.retryDelay(p.attempt));
    });
  }

  private acknowledge(msgId: string): void {
    const p = this.pending.get(msgId);
    if (!p) return;
    p.task?.cancel();
    this.pending.delete(msgId);
  }
}
