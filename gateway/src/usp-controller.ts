// The USP controller's transport (TR-369 MQTT MTP, common.md "Identity, credentials, topics"): one
// mqtt.js client per gateway instance, requests matched to responses by msg_id, and every other
// record handed to the runtime. Nothing a device sends can throw out of here.
import {
  agentTopic,
  decodeMsg,
  decodeRecord,
  encodeMsgRecord,
  parseControllerTopic,
  responseTopic,
  USP_CONTENT_TYPE,
  withReplyTo,
  type UspMsg,
} from '@airloom/usp';
import mqtt, { type IClientPublishOptions, type MqttClient } from 'mqtt';
import type { MqttProtocolVersion } from './config.js';
import type { RuntimeLogger } from './logger.js';

export type AgentRecord = { kind: 'mqtt-connect' } | { kind: 'disconnect'; reason: string } | { kind: 'msg'; msg: UspMsg };

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
  request<M extends RequestMsg>(ep: string, msg: M, timeoutMs?: number): Promise<ResponseTo<M>>;
  /** a Msg that expects no answer (NotifyResp) */
  send(ep: string, msg: UspMsg): Promise<void>;
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
  let client: MqttClient | null = null;

  // MQTT 5 brokers share device traffic over instances; aedes (3.1.1) has no $share
  const subscriptions = [
    options.protocolVersion === 5 ? `$share/${options.shareGroup}/usp/c/+` : 'usp/c/+',
    responseTopic('+', gatewayId),
  ];

  function handle(topic: string, payload: Buffer): void {
    const parsed = parseControllerTopic(topic);
    if (!parsed || (parsed.gatewayId !== undefined && parsed.gatewayId !== gatewayId)) {
      return logger.debug({ topic }, 'usp: message on an unexpected topic dropped');
    }
    const { ep } = parsed;
    let record;
    try {
      record = decodeRecord(payload);
    } catch (err) {
      return logger.debug({ ep, err }, 'usp: undecodable record dropped');
    }
    // a device may only speak for itself; the broker's ACL already ties topic to login
    if (record.fromId !== ep) return logger.warn({ ep, fromId: record.fromId }, 'usp: from_id does not match the topic, dropped');
    if (record.toId !== controllerId) return logger.debug({ ep, toId: record.toId }, 'usp: record for another controller dropped');
    if (record.kind === 'mqtt-connect') return options.onRecord(ep, { kind: 'mqtt-connect' });
    if (record.kind === 'disconnect') return options.onRecord(ep, { kind: 'disconnect', reason: record.reason });
    let msg: UspMsg;
    try {
      msg = decodeMsg(record.payload);
    } catch (err) {
      return logger.debug({ ep, err }, 'usp: undecodable msg dropped');
    }
    const waiting = pending.get(msg.msgId);
    if (waiting && waiting.ep === ep) {
      pending.delete(msg.msgId);
      clearTimeout(waiting.timer);
      if (msg.type === 'error') waiting.reject(new UspErrorResponse(msg.errCode, msg.errMsg));
      else if (msg.type !== waiting.expects) waiting.reject(new UspErrorResponse(7000, `unexpected ${msg.type}`));
      else waiting.resolve(msg);
    }
    options.onRecord(ep, { kind: 'msg', msg });
  }

  async function publish(ep: string, msg: UspMsg, withResponseTopic: boolean): Promise<void> {
    if (!client) throw new Error('usp controller is not started');
    const bytes = Buffer.from(encodeMsgRecord(ep, controllerId, msg));
    const reply = responseTopic(ep, gatewayId);
    const publishOptions: IClientPublishOptions = { qos: 1 };
    let topic = agentTopic(ep);
    if (options.protocolVersion === 5) {
      publishOptions.properties = withResponseTopic ? { responseTopic: reply, contentType: USP_CONTENT_TYPE } : { contentType: USP_CONTENT_TYPE };
    } else if (withResponseTopic) {
      topic = withReplyTo(topic, reply);
    }
    await client.publishAsync(topic, bytes, publishOptions);
  }

  return {
    async start() {
      const c = mqtt.connect(options.mqttUrl, {
        clientId: `airloom-gw-${gatewayId}`,
        username: options.mqttUsername,
        password: options.mqttPassword,
        protocolVersion: options.protocolVersion,
        clean: true,
        // subscriptions are made again on every connect below
        resubscribe: false,
        reconnectPeriod: 1000,
        connectTimeout: 10_000,
      });
      client = c;
      c.on('message', (topic, payload) => {
        try {
          handle(topic, payload);
        } catch (err) {
          logger.error({ err, topic }, 'usp: message handling failed');
        }
      });
      c.on('offline', () => logger.warn('usp: broker connection lost'));
      let first = true;
      await new Promise<void>((resolve, reject) => {
        c.on('error', (err) => {
          logger.warn({ err }, 'usp: mqtt error');
          // wrong service credentials will not get better by retrying: fail the start
          const code = (err as { code?: unknown }).code;
          if (first && typeof code === 'number' && REFUSED_LOGIN.has(code)) {
            first = false;
            c.end(true);
            reject(new Error(`broker refused the gateway's login (${err.message})`));
          }
        });
        c.on('connect', () => {
          c.subscribeAsync(subscriptions, { qos: 1 }).then(
            (granted) => {
              const refused = granted.filter((g) => g.qos > 2);
              if (refused.length > 0) logger.error({ refused: refused.map((g) => g.topic) }, 'usp: subscription refused');
              logger.info({ gatewayId, subscriptions }, 'usp: connected');
              if (first) {
                first = false;
                resolve();
              }
              options.onConnected?.();
            },
            (err: unknown) => {
              logger.error({ err }, 'usp: subscribe failed');
              if (first) reject(err instanceof Error ? err : new Error(String(err)));
            },
          );
        });
      });
    },

    async stop() {
      for (const [id, p] of pending) {
        clearTimeout(p.timer);
        p.reject(new Error('usp controller stopped'));
        pending.delete(id);
      }
      const c = client;
      client = null;
      if (c) await c.endAsync();
    },

    request<M extends RequestMsg>(ep: string, msg: M, timeoutMs = options.requestTimeoutMs): Promise<ResponseTo<M>> {
      return new Promise<ResponseTo<M>>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(msg.msgId);
          reject(new UspTimeoutError(`no answer to ${msg.type} from ${ep} within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(msg.msgId, { ep, expects: RESPONSE_OF[msg.type], resolve: resolve as (m: UspMsg) => void, reject, timer });
        publish(ep, msg, true).catch((err: unknown) => {
          clearTimeout(timer);
          pending.delete(msg.msgId);
          reject(err instanceof Error ? err : new Error(String(err)));
        });
      });
    },

    send: (ep, msg) => publish(ep, msg, false),
  };
}
