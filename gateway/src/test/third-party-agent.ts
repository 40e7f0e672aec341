// Test helper: a USP agent that behaves the way a third-party agent built from its public source
// (such as OB-USP-Agent) does when configured as docs/devices.md §4 says, written from TR-369 and
// not with our simulator:
// - every PUBLISH names its reply-to: the `/reply-to=` suffix on MQTT 3.1.1 (R-MQTT.22, R-MQTT.24),
//   the Response Topic property on MQTT 5 (R-MQTT.23) with content type and usp-err-id
//   (R-MQTT.27, R-MQTT.29), `usp-endpoint-id` in CONNECT (R-MQTT.13);
// - it subscribes exactly what it is configured with: on 3.1.1 `usp/a/<ep>/#` (which covers its
//   response topic), on MQTT 5 only its response topic `usp/a/<ep>` (R-MQTT.15);
// - it answers to the reply-to each request names (R-MQTT.25, R-MQTT.26);
// - no last will, no vendor parameters (no X_AIRLOOM_Name), a second Add of a subscription ID is
//   refused with 7025, and command keys are not de-duplicated: every Operate it receives runs.
import {
  agentTopic,
  buildAddResp,
  buildError,
  buildGetResp,
  buildNotify,
  buildOperateResp,
  buildSetResp,
  controllerTopic,
  decodeMsg,
  decodeRecord,
  encodeMsgRecord,
  encodeRecord,
  endpointIdFor,
  eventNotification,
  parseAgentTopic,
  USP_ENDPOINT_ID,
  USP_ERR,
  USP_ERR_ID,
  USP_ERROR_CONTENT_TYPE,
  uspPublish,
  type RequestedPathResult,
  type UspMsg,
} from '@airloom/usp';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';

export interface ThirdPartyAgentOptions {
  brokerUrl: string;
  protocolVersion: 4 | 5;
  controllerId: string;
  mac: string;
  sn: string;
  /** broker login; the endpoint ID is username and client id */
  password?: string;
  /** what it reports as Device.DeviceInfo.SerialNumber (its own by default) */
  reportedSerialNumber?: string;
  /** Periodic! every so often once subscribed */
  heartbeatMs: number;
  /** down this long for a reboot */
  rebootMs: number;
}

export interface ReceivedRequest {
  topic: string;
  msg: UspMsg;
  /** MQTT 5 properties of the PUBLISH */
  contentType?: string;
  errId?: string;
}

export class ThirdPartyAgent {
  readonly ep: string;
  /** every USP Msg the controller sent, in order of arrival */
  readonly received: ReceivedRequest[] = [];
  /** brokered errors (R-MQTT.31) it received: payload text and usp-err-id */
  readonly brokeredErrors: { text: string; errId?: string }[] = [];
  /** topic filters it subscribed on each connection */
  readonly mqttSubscriptions: string[][] = [];
  /** Device.LocalAgent.Subscription. rows: ID → ReferenceList */
  readonly subscriptions = new Map<string, { reference: string; enable: string; notifType: string }>();
  /** Adds it refused because the ID existed */
  uniqueKeyConflicts = 0;
  /** how many times Device.Reboot() ran */
  reboots = 0;
  /** OperateResps still to be lost (published nowhere), as if the network ate them */
  dropOperateResps = 0;
  /** receives Operates without answering or running them */
  swallowOperates = false;
  /** after answering a Reboot() it stays up this long before going down, like a device finishing its work */
  rebootDelayMs = 50;
  readonly info: Record<string, string>;
  private client: MqttClient | null = null;
  private bootedAt = Date.now();
  private heartbeat: NodeJS.Timeout | null = null;
  private pendingBoot: { key: string; cause: string } | null = { key: '', cause: 'LocalReboot' };

  constructor(private readonly options: ThirdPartyAgentOptions) {
    this.ep = endpointIdFor(options.mac, options.sn);
    this.info = {
      Manufacturer: 'Third Party',
      ModelName: 'TP-Agent-1',
      SerialNumber: options.reportedSerialNumber ?? options.sn,
      SoftwareVersion: '7.0.1',
    };
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Topics the controller's NotifyResps arrived on. */
  get notifyRespTopics(): string[] {
    return this.received.filter((r) => r.msg.type === 'notifyResp').map((r) => r.topic);
  }

  async start(): Promise<void> {
    const v5 = this.options.protocolVersion === 5;
    const client = await mqtt.connectAsync(this.options.brokerUrl, {
      clientId: this.ep,
      username: this.ep,
      password: this.options.password,
      protocolVersion: this.options.protocolVersion,
      clean: true,
      reconnectPeriod: 0,
      ...(v5 ? { properties: { userProperties: { [USP_ENDPOINT_ID]: this.ep } } } : {}),
    });
    this.client = client;
    client.on('message', (topic, payload, packet) => this.onMessage(client, topic, payload, packet));
    const filters = [v5 ? agentTopic(this.ep) : `${agentTopic(this.ep)}/#`];
    await client.subscribeAsync(filters, { qos: 1 });
    this.mqttSubscriptions.push(filters);
    await this.publish(controllerTopic(this.ep), encodeRecord({ kind: 'mqtt-connect', toId: this.options.controllerId, fromId: this.ep, mqttVersion: v5 ? '5' : '3.1.1', subscribedTopic: filters[0]! }));
    this.sendBoot();
    this.heartbeat = setInterval(() => this.notify('Device.LocalAgent.Periodic!', 'Device.LocalAgent.', 'Periodic!', {}), this.options.heartbeatMs);
  }

  /** MQTT DISCONNECT, nothing else: no USP disconnect record, no will. */
  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const client = this.client;
    this.client = null;
    await client?.endAsync();
  }

  private publish(topic: string, bytes: Uint8Array, msgId?: string): Promise<unknown> {
    const client = this.client;
    if (!client) return Promise.resolve();
    const target = uspPublish({ topic, replyTo: agentTopic(this.ep), protocolVersion: this.options.protocolVersion, toId: this.options.controllerId, msgId });
    return client.publishAsync(target.topic, Buffer.from(bytes), { qos: 1, ...(target.properties ? { properties: target.properties } : {}) }).catch(() => undefined);
  }

  /** Publishes bytes that are no USP Record, on its controller topic, as a broken agent would. */
  publishGarbage(bytes: Buffer, errId: string): Promise<unknown> {
    const target = uspPublish({ topic: controllerTopic(this.ep), replyTo: agentTopic(this.ep), protocolVersion: this.options.protocolVersion, toId: this.options.controllerId, msgId: 'x' });
    const properties = target.properties ? { ...target.properties, userProperties: { [USP_ERR_ID]: errId } } : undefined;
    return this.client!.publishAsync(target.topic, bytes, { qos: 1, ...(properties ? { properties } : {}) });
  }

  private send(topic: string, msg: UspMsg): Promise<unknown> {
    return this.publish(topic, encodeMsgRecord(this.options.controllerId, this.ep, msg), msg.msgId);
  }

  private notify(reference: string, objPath: string, event: string, params: Record<string, string>): boolean {
    const id = [...this.subscriptions].find(([, s]) => s.reference === reference && s.enable === 'true')?.[0];
    if (!id) return false;
    void this.send(controllerTopic(this.ep), buildNotify(id, eventNotification(objPath, event, params), { sendResp: true }));
    return true;
  }

  /** Boot! waits for a subscriber, as TR-369 agents hold it until a controller subscribes. */
  private sendBoot(): void {
    const boot = this.pendingBoot;
    if (!boot) return;
    if (this.notify('Device.Boot!', 'Device.', 'Boot!', { CommandKey: boot.key, Cause: boot.cause, FirmwareUpdated: 'false', ParameterMap: '{}' })) this.pendingBoot = null;
  }

  private get(paths: string[]): RequestedPathResult[] {
    const deviceInfo = { ...this.info, UpTime: String(Math.floor((Date.now() - this.bootedAt) / 1000)) };
    return paths.map((requestedPath) => {
      const ok = (rows: { resolvedPath: string; resultParams: Record<string, string> }[]) => ({ requestedPath, errCode: 0, errMsg: '', resolvedPathResults: rows });
      if (requestedPath === 'Device.DeviceInfo.') return ok([{ resolvedPath: requestedPath, resultParams: deviceInfo }]);
      if (requestedPath === 'Device.LocalAgent.Subscription.') {
        return ok(
          [...this.subscriptions].map(([id, s], i) => ({
            resolvedPath: `${requestedPath}${i + 1}.`,
            resultParams: { ID: id, Enable: s.enable, NotifType: s.notifType, ReferenceList: s.reference },
          })),
        );
      }
      // no asynchronous command ever runs here: the table is empty
      if (requestedPath === 'Device.LocalAgent.Request.') return ok([]);
      if (requestedPath.startsWith('Device.DeviceInfo.')) {
        const name = requestedPath.slice('Device.DeviceInfo.'.length);
        const value = deviceInfo[name as keyof typeof deviceInfo];
        if (value !== undefined) return ok([{ resolvedPath: 'Device.DeviceInfo.', resultParams: { [name]: value } }]);
      }
      return { requestedPath, errCode: USP_ERR.INVALID_PATH, errMsg: 'no such path', resolvedPathResults: [] };
    });
  }

  private answer(msg: UspMsg): UspMsg | null {
    switch (msg.type) {
      case 'get':
        return buildGetResp(msg.msgId, this.get(msg.paramPaths));
      case 'add':
        return buildAddResp(
          msg.msgId,
          msg.createObjs.map((o) => {
            const param = (name: string) => o.paramSettings.find((p) => p.param === name)?.value ?? '';
            if (this.subscriptions.has(param('ID'))) {
              this.uniqueKeyConflicts++;
              return { requestedPath: o.objPath, ok: false as const, errCode: USP_ERR.UNIQUE_KEY_CONFLICT, errMsg: `Subscription ID ${param('ID')} already in use` };
            }
            this.subscriptions.set(param('ID'), { reference: param('ReferenceList'), enable: param('Enable') || 'false', notifType: param('NotifType') });
            return { requestedPath: o.objPath, ok: true as const, instantiatedPath: `${o.objPath}${this.subscriptions.size}.`, paramErrs: [], uniqueKeys: { ID: param('ID') } };
          }),
        );
      case 'set':
        return buildSetResp(
          msg.msgId,
          msg.updateObjs.map((o) => {
            const row = [...this.subscriptions.values()][Number(/Subscription\.(\d+)\.$/.exec(o.objPath)?.[1]) - 1];
            if (!row) return { requestedPath: o.objPath, ok: false as const, errCode: USP_ERR.OBJECT_DOES_NOT_EXIST, errMsg: 'no such object', updatedInstFailures: [] };
            for (const p of o.paramSettings) {
              if (p.param === 'Enable') row.enable = p.value;
              if (p.param === 'ReferenceList') row.reference = p.value;
              if (p.param === 'NotifType') row.notifType = p.value;
            }
            return { requestedPath: o.objPath, ok: true as const, updatedInstResults: [{ affectedPath: o.objPath, updatedParams: {}, paramErrs: [] }] };
          }),
        );
      case 'operate':
        if (msg.command !== 'Device.Reboot()') return buildError(msg.msgId, USP_ERR.COMMAND_FAILURE, `unsupported command ${msg.command}`);
        if (this.swallowOperates) return null;
        // the command key is a label here: every Operate received runs
        this.reboots++;
        setTimeout(() => void this.reboot(msg.commandKey), this.rebootDelayMs);
        if (this.dropOperateResps > 0) {
          this.dropOperateResps--;
          return null;
        }
        return buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: true, outputArgs: {} }]);
      case 'notifyResp':
        return null;
      default:
        return buildError(msg.msgId, USP_ERR.MESSAGE_NOT_SUPPORTED, `${msg.type} is not supported`);
    }
  }

  private async reboot(commandKey: string): Promise<void> {
    await this.stop();
    this.pendingBoot = { key: commandKey, cause: 'RemoteReboot' };
    await new Promise((resolve) => setTimeout(resolve, this.options.rebootMs));
    this.bootedAt = Date.now();
    await this.start();
  }

  private onMessage(client: MqttClient, topic: string, payload: Buffer, packet: IPublishPacket): void {
    if (client !== this.client) return;
    const parsed = parseAgentTopic(topic);
    if (!parsed || parsed.ep !== this.ep) return;
    const errId = packet.properties?.userProperties?.[USP_ERR_ID];
    if (packet.properties?.contentType === USP_ERROR_CONTENT_TYPE) {
      this.brokeredErrors.push({ text: payload.toString('utf8'), errId: Array.isArray(errId) ? errId[0] : errId });
      return;
    }
    let msg: UspMsg;
    try {
      const record = decodeRecord(payload);
      if (record.kind !== 'msg' || record.toId !== this.ep) return;
      msg = decodeMsg(record.payload);
    } catch {
      return; // R-MQTT.30: dropped silently
    }
    this.received.push({ topic, msg, contentType: packet.properties?.contentType, errId: Array.isArray(errId) ? errId[0] : errId });
    const reply = this.answer(msg);
    // R-MQTT.25 / R-MQTT.26: the reply-to the request names
    const replyTo = parsed.replyTo ?? packet.properties?.responseTopic;
    if (reply && replyTo) void this.send(replyTo, reply);
    if (msg.type === 'add') this.sendBoot();
  }
}
