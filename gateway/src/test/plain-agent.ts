// Test helper: a plain TR-181 USP agent without our vendor extensions (no X_AIRLOOM_Name, Locate or
// status event), written from TR-369 directly rather than with the simulator, so the gateway is
// shown to serve any conformant agent. Its heartbeat is `Device.LocalAgent.Periodic!`; it can fall
// silent without a last will.
import {
  agentSubscription,
  agentTopic,
  buildAddResp,
  buildError,
  buildGetResp,
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
  USP_ERR,
  withReplyTo,
  type RequestedPathResult,
  type UspMsg,
} from '@airloom/usp';
import mqtt, { type MqttClient } from 'mqtt';

export interface PlainAgent {
  ep: string;
  /** every request the controller sent, in order */
  received: UspMsg[];
  subscriptions: Map<string, string>;
  /** DeviceInfo values it reports; change them to see them read again */
  info: Record<string, string>;
  /** answers nothing any more and sends nothing, but keeps the connection (no last will) */
  silence(): void;
  close(): Promise<void>;
}

export async function startPlainAgent(options: {
  brokerUrl: string;
  controllerId: string;
  mac: string;
  sn: string;
  /** Periodic! every so often once subscribed */
  heartbeatMs: number;
  /** comes back this long after a Device.Reboot() (disconnect, mqtt_connect, Boot!); never when unset */
  rebootMs?: number;
}): Promise<PlainAgent> {
  const ep = endpointIdFor(options.mac, options.sn);
  const received: UspMsg[] = [];
  const subscriptions = new Map<string, string>();
  let silent = false;
  const info: Record<string, string> = { Manufacturer: 'Other Vendor', ModelName: 'Plain-1', SoftwareVersion: '9.9.9', UpTime: '42' };
  const client: MqttClient = await mqtt.connectAsync(options.brokerUrl, { clientId: ep, username: ep, protocolVersion: 4, clean: true, reconnectPeriod: 0 });

  // fire and forget, like a device: a message still in flight when the agent closes is simply lost.
  // Every PUBLISH names the agent's topic as reply-to in the 3.1.1 suffix (R-MQTT.22, R-MQTT.24)
  const publish = (topic: string, bytes: Uint8Array) => client.publishAsync(withReplyTo(topic, agentTopic(ep)), Buffer.from(bytes), { qos: 1 }).catch(() => undefined);
  const send = (topic: string, msg: UspMsg) => publish(topic, encodeMsgRecord(options.controllerId, ep, msg));

  function get(paths: string[]): RequestedPathResult[] {
    return paths.map((requestedPath) => {
      if (requestedPath === 'Device.DeviceInfo.') {
        return { requestedPath, errCode: 0, errMsg: '', resolvedPathResults: [{ resolvedPath: 'Device.DeviceInfo.', resultParams: info }] };
      }
      if (requestedPath === 'Device.LocalAgent.Subscription.') {
        const rows = [...subscriptions].map(([id, ref], i) => ({ resolvedPath: `Device.LocalAgent.Subscription.${i + 1}.`, resultParams: { ID: id, ReferenceList: ref } }));
        return { requestedPath, errCode: 0, errMsg: '', resolvedPathResults: rows };
      }
      const known = requestedPath.startsWith('Device.DeviceInfo.') ? info[requestedPath.slice('Device.DeviceInfo.'.length)] : undefined;
      if (known === undefined) return { requestedPath, errCode: USP_ERR.INVALID_PATH, errMsg: 'no such parameter', resolvedPathResults: [] };
      const dot = requestedPath.lastIndexOf('.') + 1;
      return { requestedPath, errCode: 0, errMsg: '', resolvedPathResults: [{ resolvedPath: requestedPath.slice(0, dot), resultParams: { [requestedPath.slice(dot)]: known } }] };
    });
  }

  function answer(msg: UspMsg): UspMsg | null {
    switch (msg.type) {
      case 'get':
        return buildGetResp(msg.msgId, get(msg.paramPaths));
      case 'add':
        return buildAddResp(
          msg.msgId,
          msg.createObjs.map((o) => {
            const param = (name: string) => o.paramSettings.find((p) => p.param === name)?.value ?? '';
            subscriptions.set(param('ID'), param('ReferenceList'));
            return { requestedPath: o.objPath, ok: true as const, instantiatedPath: `${o.objPath}${subscriptions.size}.`, paramErrs: [], uniqueKeys: { ID: param('ID') } };
          }),
        );
      case 'operate':
        if (msg.command === 'Device.Reboot()') {
          if (options.rebootMs !== undefined) setTimeout(() => void bootBack(msg.commandKey), options.rebootMs);
          return buildOperateResp(msg.msgId, [{ executedCommand: msg.command, ok: true, outputArgs: {} }]);
        }
        return buildError(msg.msgId, USP_ERR.COMMAND_FAILURE, 'unsupported command');
      case 'set':
      case 'delete':
        return buildError(msg.msgId, USP_ERR.REQUEST_DENIED, 'read-only agent');
      default:
        return null;
    }
  }

  // TR-369 as a device does it, on the same connection for brevity: going away (disconnect record),
  // back (mqtt_connect), then Device.Boot! with the command key to the Boot! subscriber
  async function bootBack(commandKey: string): Promise<void> {
    if (silent) return;
    const record = (r: Parameters<typeof encodeRecord>[0]) => publish(controllerTopic(ep), encodeRecord(r));
    await record({ kind: 'disconnect', toId: options.controllerId, fromId: ep, reason: 'Rebooting', reasonCode: 0 });
    await record({ kind: 'mqtt-connect', toId: options.controllerId, fromId: ep, mqttVersion: '3.1.1', subscribedTopic: agentSubscription(ep) });
    info.UpTime = '1';
    const id = [...subscriptions].find(([, ref]) => ref === 'Device.Boot!')?.[0];
    const params = { CommandKey: commandKey, Cause: 'RemoteReboot', FirmwareUpdated: 'false', ParameterMap: '{}' };
    if (id) await send(controllerTopic(ep), buildNotify(id, eventNotification('Device.', 'Boot!', params), { sendResp: true }));
  }

  client.on('message', (topic, payload) => {
    if (silent) return;
    const parsed = parseAgentTopic(topic);
    if (!parsed) return;
    const record = decodeRecord(payload);
    if (record.kind !== 'msg') return;
    const msg = decodeMsg(record.payload);
    received.push(msg);
    const reply = answer(msg);
    if (reply) void send(parsed.replyTo ?? controllerTopic(ep), reply);
  });
  await client.subscribeAsync(agentSubscription(ep), { qos: 1 });
  await publish(controllerTopic(ep), encodeRecord({ kind: 'mqtt-connect', toId: options.controllerId, fromId: ep, mqttVersion: '3.1.1', subscribedTopic: agentSubscription(ep) }));

  const heartbeat = setInterval(() => {
    const id = [...subscriptions].find(([, ref]) => ref === 'Device.LocalAgent.Periodic!')?.[0];
    if (id && !silent) void send(controllerTopic(ep), buildNotify(id, eventNotification('Device.LocalAgent.', 'Periodic!', {}), { sendResp: true }));
  }, options.heartbeatMs);

  return {
    ep,
    received,
    subscriptions,
    info,
    silence() {
      silent = true;
    },
    async close() {
      clearInterval(heartbeat);
      await client.endAsync(true);
    },
  };
}
