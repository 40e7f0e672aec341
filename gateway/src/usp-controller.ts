// The USP controller's transport (TR-369 MQTT MTP, docs/decisions/gateway.md): three mqtt.js
// clients per gateway instance — one takes what the devices send of their own accord (shared with
// the other instances), one sends this instance's requests and takes their answers, so an answer
// never waits behind a backlog of status reports, and one sends the NotifyResps (a broker reads one
// packet of a connection at a time: with them on the first one, its acknowledgements waited behind
// them and the broker's deliveries behind those) — requests matched to responses by msg_id, and
// every other record handed to the runtime. Nothing a device sends can throw out of here.
import {
  agentTopic,
  brokeredErrorPayload,
  decodeMsg,
  decodeRecord,
  encodeMsgRecord,
  gatewaySubscriptions,
  isUspContentType,
  parseControllerTopic,
  responseTopic,
  USP_ENDPOINT_ID,
  USP_ERR,
  USP_ERR_ID,
  USP_ERROR_CONTENT_TYPE,
  uspPublish,
  withReplyTo,
  type UspMsg,
} from '@airloom/usp';
import mqtt, { type IClientPublishOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import { CLIENT_GONE_TOPIC } from './broker/presence.js';
import type { MqttProtocolVersion } from './config.js';
import type { RuntimeLogger } from './logger.js';

/**
 * What an agent sent, with the topic its answer goes to: the reply-to the PUBLISH named (3.1.1
 * suffix or MQTT 5 Response Topic, R-MQTT.25/26), else the agent's own topic.
 */
export type AgentRecord = (
  | { kind: 'mqtt-connect' }
  | { kind: 'disconnect'; reason: string }
  | { kind: 'msg'; msg: UspMsg }
  /** the broker saw the agent's connection close (the embedded broker's notice) */
  | { kind: 'connection-closed' }
) & { replyTo: string };

export type RequestMsg = Extract<UspMsg, { type: 'get' | 'set' | 'add' | 'delete' | 'operate' }>;
type ResponseType = { get: 'getResp'; set: 'setResp'; add: 'addResp'; delete: 'deleteResp'; operate: 'operateResp' };
export type ResponseTo<M extends RequestMsg> = Extract<UspMsg, { type: ResponseType[M['type']] }>;

const RESPONSE_OF: Record<RequestMsg['type'], UspMsg['type']> = {
  get: 'getResp',
  set: 'setResp',
  add: 'addResp',
  delete: 'deleteResp',
  operate: 'operateResp',
};

/** what an agent sends only in answer to a request: the responses above and Error */
export const ANSWER_TYPES: ReadonlySet<UspMsg['type']> = new Set([...Object.values(RESPONSE_OF), 'error']);

/** The agent answered with a USP Error (TR-369 err_code, e.g. 7016 object does not exist). */
export class UspErrorResponse extends Error {
  override readonly name = 'UspErrorResponse';
  constructor(
    readonly errCode: number,
    errMsg: string,
  ) {
    super(`USP error ${errCode}: ${errMsg}`);
  }
}

export class UspTimeoutError extends Error {
  override readonly name = 'UspTimeoutError';
}

/** The request never left this process (no broker connection): it certainly did not reach the agent. */
export class UspNotSentError extends Error {
  override readonly name = 'UspNotSentError';
}

export interface UspControllerOptions {
  mqttUrl: string;
  mqttUsername?: string;
  mqttPassword?: string;
  protocolVersion: MqttProtocolVersion;
  gatewayId: string;
  controllerId: string;
  requestTimeoutMs: number;
  /** MQTT 5 shared-subscription group of the instances that split the devices */
  shareGroup: string;
  logger: RuntimeLogger;
  /** everything an agent sends that is not the answer to a pending request, and those answers too (as traffic) */
  onRecord(ep: string, record: AgentRecord): void;
  /** (re)connected to the broker with the subscriptions in place */
  onConnected?(): void;
}

export interface UspController {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * A request and its answer. `qos` 0 is for commands that must run at most once: a QoS 1 PUBLISH
   * is sent again by the MQTT client after a reconnect, and may then reach the agent twice.
   */
  request<M extends RequestMsg>(ep: string, msg: M, timeoutMs?: number, qos?: 0 | 1): Promise<ResponseTo<M>>;
  /** a Msg that expects no answer (NotifyResp), to the reply-to the agent named */
  send(ep: string, msg: UspMsg, replyTo: string): Promise<void>;
}

/** CONNACK codes of a refused login: 3.1.1 bad credentials / not authorised, MQTT 5 the same two */
const REFUSED_LOGIN = new Set([4, 5, 0x86, 0x87]);

interface Pending {
  ep: string;
  expects: UspMsg['type'];
  resolve(msg: UspMsg): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

export function createUspController(options: UspControllerOptions): UspController {
  const { logger, controllerId, gatewayId } = options;
  const pending = new Map<string, Pending>();
  /** what the devices send of their own accord (Notify, mqtt_connect, disconnect) */
  let devicesClient: MqttClient | null = null;
  /** this instance's requests and their answers */
  let requestsClient: MqttClient | null = null;
  /** the NotifyResps and brokered errors: nothing is received on it */
  let repliesClient: MqttClient | null = null;

  // MQTT 5 brokers share device traffic over instances; aedes (3.1.1) has no $share
  const { shared, answers } = gatewaySubscriptions(gatewayId, options.protocolVersion === 5 ? options.shareGroup : undefined);
  const dropped = createDropLog(logger);
  /**
   * The MQTT version each agent speaks. On an MQTT 5 broker an agent may still be on 3.1.1: a
   * Response Topic property does not reach it, so its requests carry the topic suffix instead.
   * Learnt from its mqtt_connect record, else from how its publishes name their reply-to.
   */
  const agentVersions = new Map<string, 4 | 5>();

  /**
   * R-MQTT.31: on MQTT 5 a Record that cannot be extracted is answered with a brokered error on the
   * Response Topic, naming the sender's usp-err-id; on 3.1.1 it is dropped silently (R-MQTT.30).
   */
  function brokeredError(packet: IPublishPacket, errCode: number, errMsg: string): void {
    const replyTo = packet.properties?.responseTopic;
    if (options.protocolVersion !== 5 || !replyTo || !repliesClient) return;
    const errId = packet.properties?.userProperties?.[USP_ERR_ID];
    repliesClient
      .publishAsync(replyTo, brokeredErrorPayload(errCode, errMsg), {
        qos: 0,
        properties: {
          contentType: USP_ERROR_CONTENT_TYPE,
          ...(errId !== undefined ? { userProperties: { [USP_ERR_ID]: Array.isArray(errId) ? (errId[0] ?? '') : errId } } : {}),
        },
      })
      .catch((err: unknown) => logger.debug({ err, replyTo }, 'usp: brokered error not sent'));
  }

  function handle(topic: string, payload: Buffer, packet: IPublishPacket): void {
    if (topic === CLIENT_GONE_TOPIC) {
      const ep = payload.toString('utf8');
      return options.onRecord(ep, { kind: 'connection-closed', replyTo: agentTopic(ep) });
    }
    const parsed = parseControllerTopic(topic);
    if (!parsed) return dropped(topic, topic, 'not a USP controller topic');
    if (parsed.gatewayId !== undefined && parsed.gatewayId !== gatewayId) return dropped(parsed.ep, topic, 'answer for another gateway instance');
    const { ep } = parsed;
    if (!isUspContentType(packet.properties?.contentType)) return dropped(ep, topic, `content type ${packet.properties?.contentType} is not USP`);
    let record;
    try {
      record = decodeRecord(payload);
    } catch (err) {
      brokeredError(packet, USP_ERR.RECORD_NOT_PARSED, 'the USP Record could not be parsed');
      return dropped(ep, topic, 'undecodable record', err);
    }
    // a device may only speak for itself; the broker's ACL already ties topic to login
    if (record.fromId !== ep) return dropped(ep, topic, `from_id ${record.fromId} does not match the topic`);
    if (record.toId !== controllerId) return dropped(ep, topic, `to_id ${record.toId} is not this controller`);
    const replyTo = parsed.replyTo ?? packet.properties?.responseTopic ?? agentTopic(ep);
    if (record.kind === 'mqtt-connect') agentVersions.set(ep, record.mqttVersion === '5' ? 5 : 4);
    else if (parsed.replyTo !== undefined) agentVersions.set(ep, 4);
    else if (packet.properties?.responseTopic !== undefined) agentVersions.set(ep, 5);
    if (record.kind === 'mqtt-connect') return options.onRecord(ep, { kind: 'mqtt-connect', replyTo });
    if (record.kind === 'disconnect') return options.onRecord(ep, { kind: 'disconnect', reason: record.reason, replyTo });
    let msg: UspMsg;
    try {
      msg = decodeMsg(record.payload);
    } catch (err) {
      brokeredError(packet, USP_ERR.RECORD_NOT_PARSED, 'the USP Msg could not be parsed');
      return dropped(ep, topic, 'undecodable msg', err);
    }
    const waiting = pending.get(msg.msgId);
    if (waiting && waiting.ep === ep) {
      pending.delete(msg.msgId);
      clearTimeout(waiting.timer);
      if (msg.type === 'error') waiting.reject(new UspErrorResponse(msg.errCode, msg.errMsg));
      else if (msg.type !== waiting.expects) waiting.reject(new UspErrorResponse(7000, `unexpected ${msg.type}`));
      else waiting.resolve(msg);
    }
    options.onRecord(ep, { kind: 'msg', msg, replyTo });
  }

  /** Every PUBLISH names this instance's reply-to (R-MQTT.22–24, R-MQTT.27, R-MQTT.29). */
  async function publish(via: MqttClient | null, ep: string, msg: UspMsg, to: string, qos: 0 | 1): Promise<void> {
    if (!via) throw new Error('usp controller is not started');
    const bytes = Buffer.from(encodeMsgRecord(ep, controllerId, msg));
    const reply = responseTopic(ep, gatewayId);
    const target = uspPublish({ topic: to, replyTo: reply, protocolVersion: options.protocolVersion, toId: ep, msgId: msg.msgId });
    if (options.protocolVersion === 5 && agentVersions.get(ep) === 4) target.topic = withReplyTo(to, reply);
    const publishOptions: IClientPublishOptions = { qos, ...(target.properties ? { properties: target.properties } : {}) };
    await via.publishAsync(target.topic, bytes, publishOptions);
  }

  /** One of the three connections, its subscriptions made again on every connect; resolves once the first are in place. */
  function connect(clientId: string, subscriptions: string[]): Promise<MqttClient> {
    const c = mqtt.connect(options.mqttUrl, {
      clientId,
      username: options.mqttUsername,
      password: options.mqttPassword,
      protocolVersion: options.protocolVersion,
      clean: true,
      // R-MQTT.13: an MQTT 5 endpoint names itself in CONNECT
      ...(options.protocolVersion === 5 ? { properties: { userProperties: { [USP_ENDPOINT_ID]: controllerId } } } : {}),
      // subscriptions are made again on every connect below
      resubscribe: false,
      // a QoS 0 request (a command that runs at most once) fails at once without a connection
      // instead of going out later, when nobody knows any more whether it was sent
      queueQoSZero: false,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
    });
    c.on('message', (topic, payload, packet) => {
      try {
        handle(topic, payload, packet);
      } catch (err) {
        logger.error({ err, topic }, 'usp: message handling failed');
      }
    });
    c.on('offline', () => logger.warn({ clientId }, 'usp: broker connection lost'));
    let first = true;
    return new Promise<MqttClient>((resolve, reject) => {
      c.on('error', (err) => {
        logger.warn({ err, clientId }, 'usp: mqtt error');
        // wrong service credentials will not get better by retrying: fail the start
        const code = (err as { code?: unknown }).code;
        if (first && typeof code === 'number' && REFUSED_LOGIN.has(code)) {
          first = false;
          c.end(true);
          reject(new Error(`broker refused the gateway's login (${err.message})`));
        }
      });
      c.on('connect', () => {
        (subscriptions.length > 0 ? c.subscribeAsync(subscriptions, { qos: 1 }) : Promise.resolve([])).then(
          (granted) => {
            const refused = granted.filter((g) => g.qos > 2);
            if (refused.length > 0) logger.error({ refused: refused.map((g) => g.topic) }, 'usp: subscription refused');
            logger.info({ gatewayId, clientId, subscriptions }, 'usp: connected');
            if (first) {
              first = false;
              resolve(c);
            }
            // devices may have lost their connections with this one: the runtime counts them again once heard
            if (subscriptions.length > 0) options.onConnected?.();
          },
          (err: unknown) => {
            logger.error({ err, clientId }, 'usp: subscribe failed');
            if (first) {
              first = false;
              c.end(true);
              reject(err instanceof Error ? err : new Error(String(err)));
            }
          },
        );
      });
    });
  }

  return {
    async start() {
      const [devices, requests, replies] = await Promise.allSettled([
        connect(`airloom-gw-${gatewayId}`, [...shared, CLIENT_GONE_TOPIC]),
        connect(`airloom-gw-${gatewayId}-requests`, answers),
        connect(`airloom-gw-${gatewayId}-replies`, []),
      ]);
      if (devices.status === 'fulfilled') devicesClient = devices.value;
      if (requests.status === 'fulfilled') requestsClient = requests.value;
      if (replies.status === 'fulfilled') repliesClient = replies.value;
      const failed = [devices, requests, replies].find((r) => r.status === 'rejected');
      if (failed) {
        await this.stop();
        throw failed.reason;
      }
    },

    async stop() {
      for (const [id, p] of pending) {
        clearTimeout(p.timer);
        p.reject(new Error('usp controller stopped'));
        pending.delete(id);
      }
      const clients = [devicesClient, requestsClient, repliesClient];
      devicesClient = null;
      requestsClient = null;
      repliesClient = null;
      await Promise.all(clients.map((c) => c?.endAsync()));
    },

    request<M extends RequestMsg>(ep: string, msg: M, timeoutMs = options.requestTimeoutMs, qos: 0 | 1 = 1): Promise<ResponseTo<M>> {
      return new Promise<ResponseTo<M>>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(msg.msgId);
          reject(new UspTimeoutError(`no answer to ${msg.type} from ${ep} within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(msg.msgId, { ep, expects: RESPONSE_OF[msg.type], resolve: resolve as (m: UspMsg) => void, reject, timer });
        publish(requestsClient, ep, msg, agentTopic(ep), qos).catch((err: unknown) => {
          clearTimeout(timer);
          pending.delete(msg.msgId);
          reject(new UspNotSentError(`${msg.type} to ${ep} not sent: ${String(err)}`, { cause: err }));
        });
      });
    },

    send: (ep, msg, replyTo) => publish(repliesClient, ep, msg, replyTo, 1),
  };
}

const DROP_LOG_EVERY_MS = 60_000;
const DROP_LOG_KEYS = 10_000;

/**
 * Dropped or refused messages are logged at warn with topic and reason, at most once a minute per
 * endpoint (a misconfigured agent repeats itself every few seconds), with the count left out since.
 */
export function createDropLog(logger: RuntimeLogger, everyMs = DROP_LOG_EVERY_MS) {
  const last = new Map<string, { at: number; suppressed: number }>();
  return (key: string, topic: string, reason: string, err?: unknown): void => {
    const now = Date.now();
    const seen = last.get(key);
    if (seen && now - seen.at < everyMs) {
      seen.suppressed++;
      return;
    }
    if (last.size >= DROP_LOG_KEYS) last.delete(last.keys().next().value!);
    last.set(key, { at: now, suppressed: 0 });
    logger.warn({ topic, reason, ...(err ? { err } : {}), ...(seen?.suppressed ? { suppressed: seen.suppressed } : {}) }, 'usp: message dropped');
  };
}
