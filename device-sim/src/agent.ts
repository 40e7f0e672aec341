// One simulated device: a real USP agent with its own MQTT connection, its own credentials
// (username and client id = endpoint ID, password = its secret) and a TR-181 tree. It answers
// Get/Set/Add/Delete/Operate, sends Boot!, ValueChange and the periodic status event, and reboots,
// blinks and reconnects with the timings of spec §9 scaled by timeScale.
import { EventEmitter } from 'node:events';
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
import { DataModel, type ModelChange } from './datamodel.js';
import { SimDevice } from './device.js';
import type { ConnectGate, Release } from './gate.js';
import { Scheduler, type ScheduledTask } from './scheduler.js';
import type { DeviceSpec } from './specs.js';
import { poeDraw, reachesCloud } from './settings.js';
import { resetSettings, statusParams, SUBSCRIPTION_TABLE, type AgentConfig, type Subscription } from './tr181.js';

export interface AgentOptions {
  brokerUrl: string;
  /** 5 (default) for Mosquitto/EMQX; 4 (MQTT 3.1.1) for the embedded aedes broker */
  protocolVersion?: 4 | 5;
  spec: DeviceSpec;
  /** the console's USP endpoint ID (env USP_CONTROLLER_ID) */
  controllerId?: string;
  /** multiplies every device timing: reboot, status period, locate, retries (0.01 in tests) */
  timeScale?: number;
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
  /** a connection attempt failed, e.g. refused credentials */
  connectError: [Error];
}

const REBOOT_SECONDS = 60; // spec §9: reboot about 1 minute
const RESET_SECONDS = 180; // spec §9: reset to factory defaults about 3 minutes
const DEFAULT_PERIODIC_INTERVAL = 30; // common brief: status every 30 s
const CLOSE_TIMEOUT_MS = 5_000;
const NOTIFY_MAX_AGE_MS = 5 * 60_000; // a Notify nobody acknowledged for 5 minutes is dropped
const MAX_PENDING_NOTIFIES = 64;
const EXECUTED_KEYS_KEPT = 256;
/** a configuration that cuts the device off answers first, then the line drops this much later */
const CUT_OFF_DELAY_MS = 100;

const BOOT_EVENT = 'Device.Boot!';
const STATUS_EVENT = 'Device.X_AIRLOOM_Status!';

export class Agent extends EventEmitter<AgentEvents> {
  readonly spec: DeviceSpec;
  readonly endpointId: string;
  readonly device: SimDevice;
  /** how many times each command really ran (a duplicate command key does not count) */
  readonly executions = { reboot: 0, locate: 0, reset: 0 };
  /** handles what the controller sends this many ms late, like a device on a slow link */
  latencyMs = 0;

  private readonly opts: Required<Pick<AgentOptions, 'brokerUrl' | 'protocolVersion' | 'controllerId' | 'timeScale' | 'dedupeCommandKeys'>>;
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
  private pendingBoot: { cause: string; commandKey: string } | undefined = { cause: 'LocalReboot', commandKey: '' };
  /** a reboot whose down time was cut short by stop(): the device boots on the next start() */
  private rebootDue = false;
  /** a status event went out on this connection */
  private statusSent = false;
  private readonly connectWaiters: (() => void)[] = [];

  constructor(options: AgentOptions) {
    super();
    this.spec = options.spec;
    this.endpointId = endpointIdFor(options.spec.mac, options.spec.sn);
    this.opts = {
      brokerUrl: options.brokerUrl,
      protocolVersion: options.protocolVersion ?? 5,
      controllerId: options.controllerId ?? 'self::airloom',
      timeScale: options.timeScale ?? 1,
      dedupeCommandKeys: options.dedupeCommandKeys ?? true,
    };
    this.scheduler = options.scheduler ?? new Scheduler();
    this.gate = options.gate;
    this.device = new SimDevice(options.spec, options.seed);
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
  }

  get state(): AgentState {
    return this._state;
  }

  get connected(): boolean {
    return this._state === 'online';
  }

  /** The device's own name (Device.DeviceInfo.X_AIRLOOM_Name). */
  get name(): string {
    return this.cfg.name;
  }

  get locating(): boolean {
    return this.cfg.locating;
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
    this.halt();
    const client = this.client;
    this.client = undefined;
    this.setState('stopped');
    if (client?.connected) await this.closeClean(client, 'Stopped');
    else client?.end(true);
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
    for (const task of [this.reconnectTask, this.statusTask, this.locateTask, this.bootTask]) task?.cancel();
    this.reconnectTask = this.statusTask = this.locateTask = this.bootTask = undefined;
    if (this.cfg.locating) this.cfg.locating = false;
    // unacknowledged notifies stay in memory and go out again on the next connection
    for (const p of this.pending.values()) p.task?.cancel();
  }

  private scaled(seconds: number): number {
    return seconds * 1000 * this.opts.timeScale;
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
      if (this.latencyMs > 0) setTimeout(handle, this.latencyMs);
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
    this.setState('online');
    this.sendPendingBoot();
    for (const p of this.pending.values()) this.retryLater(p, Math.random() * 1000 * Math.max(this.opts.timeScale, 0.1));
    // first status soon after connecting, spread so a reconnecting fleet does not report in one burst
    this.scheduleStatus(this.scaled(this.cfg.periodicNotifInterval) * (0.05 + Math.random() * 0.25));
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
    this.remember(msg.commandKey);
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
    const now = this.poweredPeers();
    for (const sn of this.powered) if (!now.has(sn)) this.emit('poe', sn, false);
    for (const sn of now) if (!this.powered.has(sn)) this.emit('poe', sn, true);
    this.powered = now;
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

  private remember(commandKey: string): void {
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
    resetSettings(this.device, this.cfg);
    this.disarmRollback();
    this.afterConfigChange();
    this.cfg.locating = false;
    await this.rebootNow(commandKey, 'RemoteFactoryReset', RESET_SECONDS);
  }

  /** OperateResp went out: go down cleanly, stay down ~1 min × timeScale, boot and report Boot!. */
  private async rebootNow(commandKey: string, cause = 'RemoteReboot', seconds = REBOOT_SECONDS): Promise<void> {
    if (this._state === 'rebooting') return;
    this.halt();
    this.setState('rebooting');
    this.rebootDue = true;
    this.pendingBoot = { cause, commandKey };
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
      this.scheduleStatus(this.scaled(this.cfg.periodicNotifInterval) * (0.02 + Math.random() * 0.08));
    }
  }

  private sendPendingBoot(): void {
    const boot = this.pendingBoot;
    if (!boot || !this.connected) return;
    const subs = this.model.subscribersOf('Event', BOOT_EVENT);
    if (subs.length === 0) return; // kept until the controller subscribes (how a first boot is reported)
    this.pendingBoot = undefined;
    const params = { CommandKey: boot.commandKey, Cause: boot.cause, FirmwareUpdated: 'false', ParameterMap: '{}' };
    for (const sub of subs) this.notify(sub, eventNotification('Device.', 'Boot!', params), undefined);
  }

  /** What a Set changed: ValueChange to its subscribers, a new status period, new subscriptions. */
  private afterSet(changes: readonly ModelChange[]): void {
    for (const { path, value } of changes) {
      for (const sub of this.model.subscribersOf('ValueChange', path)) this.notify(sub, valueChangeNotification(path, value), `vc:${sub.id}:${path}`);
      if (path.endsWith('.PeriodicNotifInterval') && this.connected) this.scheduleStatus(this.scaled(this.cfg.periodicNotifInterval));
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
      const period = this.scaled(this.cfg.periodicNotifInterval);
      this.scheduleStatus(first && this.statusSent ? period * (0.5 + Math.random()) : period);
    });
  }

  private sendStatus(): void {
    const subs = this.model.subscribersOf('Event', STATUS_EVENT);
    this.device.advance();
    if (subs.length === 0) return;
    this.statusSent = true;
    const params = statusParams(this.device, this.cfg);
    for (const sub of subs) this.notify(sub, eventNotification('Device.', 'X_AIRLOOM_Status!', params), `status:${sub.id}`);
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
