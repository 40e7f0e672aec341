// A tiny USP controller for the agent tests, written with @airloom/usp: sends requests with a
// reply-to (3.1.1 topic suffix or MQTT 5 response topic), matches responses by msg_id, and
// records everything agents publish to the controller topics.
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import {
  agentTopic,
  buildNotifyResp,
  decodeMsg,
  decodeRecord,
  encodeMsgRecord,
  gatewaySubscriptions,
  parseControllerTopic,
  responseTopic,
  uspPublish,
  type NotifyMsg,
  type UspMsg,
  type UspRecord,
} from '@airloom/usp';

export const CONTROLLER_ID = 'self::airloom';

export interface Received {
  ep: string;
  record: UspRecord;
  /** decoded Msg of a `msg` record */
  msg?: UspMsg;
  at: number;
}

export class TestController {
  readonly received: Received[] = [];
  /** answer Notifies with NotifyResp (switch off to see retries) */
  ackNotifies = true;
  private readonly id = `test${randomUUID().slice(0, 8)}`;
  private readonly waiting = new Map<string, (msg: UspMsg) => void>();
  private readonly watchers = new Set<() => void>();

  private constructor(
    private readonly client: MqttClient,
    private readonly protocolVersion: 4 | 5,
  ) {}

  static async connect(url: string, protocolVersion: 4 | 5): Promise<TestController> {
    const client = await mqtt.connectAsync(url, { protocolVersion, clientId: `ctl-${randomUUID()}`, reconnectPeriod: 0 });
    const c = new TestController(client, protocolVersion);
    client.on('message', (topic, payload) => c.onMessage(topic, payload));
    const { shared, answers } = gatewaySubscriptions(c.id);
    await client.subscribeAsync([...shared, ...answers], { qos: 1 });
    return c;
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }

  /** Sends a request and resolves with the agent's response (or Error msg). */
  async request(ep: string, msg: UspMsg, timeoutMs = 10_000): Promise<UspMsg> {
    const answer = new Promise<UspMsg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(msg.msgId);
        reject(new Error(`no answer to ${msg.type} ${msg.msgId}`));
      }, timeoutMs);
      this.waiting.set(msg.msgId, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
    await this.send(ep, msg);
    return answer;
  }

  /** Publishes without waiting for an answer (a duplicate delivery, a NotifyResp). */
  async send(ep: string, msg: UspMsg): Promise<void> {
    const payload = Buffer.from(encodeMsgRecord(ep, CONTROLLER_ID, msg));
    const target = uspPublish({ topic: agentTopic(ep), replyTo: responseTopic(ep, this.id), protocolVersion: this.protocolVersion, toId: ep, msgId: msg.msgId });
    await this.client.publishAsync(target.topic, payload, { qos: 1, ...(target.properties ? { properties: target.properties } : {}) });
  }

  /** Resolves with the first received item (already here or arriving) that matches. */
  waitFor(match: (r: Received) => boolean, timeoutMs = 10_000, after = 0): Promise<Received> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = this.received.slice(after).find(match);
        if (!hit) return false;
        this.watchers.delete(check as () => void);
        clearTimeout(timer);
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        this.watchers.delete(check as () => void);
        reject(new Error('timed out waiting for an agent message'));
      }, timeoutMs);
      if (!check()) this.watchers.add(check as () => void);
    });
  }

  notifies(ep: string): NotifyMsg[] {
    return this.received.flatMap((r) => (r.ep === ep && r.msg?.type === 'notify' ? [r.msg] : []));
  }

  private onMessage(topic: string, payload: Buffer): void {
    const parsed = parseControllerTopic(topic);
    if (!parsed) return;
    let record: UspRecord;
    let msg: UspMsg | undefined;
    try {
      record = decodeRecord(payload);
      if (record.kind === 'msg') msg = decodeMsg(record.payload);
    } catch {
      return;
    }
    if (msg && msg.type !== 'notify' && this.waiting.has(msg.msgId)) {
      this.waiting.get(msg.msgId)!(msg);
      this.waiting.delete(msg.msgId);
    }
    this.received.push({ ep: parsed.ep, record, msg, at: Date.now() });
    if (msg?.type === 'notify' && msg.sendResp && this.ackNotifies) void this.send(parsed.ep, buildNotifyResp(msg)).catch(() => undefined);
    for (const w of [...this.watchers]) w();
  }
}
