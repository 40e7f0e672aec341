// Ingest capacity against the broker's raw rate, with the same messages: the newest status record
// of every device, copied ROUNDS times with a fresh msg_id each, published by bare mqtt.js clients
// (QoS 1, like the agents) with at most WINDOW messages unanswered, so neither side's queue
// overflows and the rate is what the consumer sustains.
//  - gateway: published to `usp/c/<ep>`; a message counts once its NotifyResp comes back on
//    `usp/a/<ep>`. The gateway answers after handling the report: its values are then in the
//    per-device batch that the next flush (every 500 ms) writes, so database writes stay bounded
//    by the number of devices however fast messages come.
//  - raw: the same bytes published to `bench/raw/<ep>` (a topic the gateway does not hear); a
//    message counts once a bare subscriber receives it.
import { randomUUID } from 'node:crypto';
import { decodeMsg, decodeRecord, encodeMsg, encodeRecord } from '@airloom/usp';
import mqtt, { type MqttClient } from 'mqtt';
import type { Login } from './mosquitto.js';

const WINDOW = 500;
const PUBLISHERS = 4;

export interface FloodMessage {
  ep: string;
  msgId: string;
  payload: Buffer;
}

/** Each device's record copied `rounds` times with fresh msg_ids, round by round. */
export function floodMessages(records: Map<string, Buffer>, rounds: number): FloodMessage[] {
  const messages: FloodMessage[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const payload of records.values()) {
      const record = decodeRecord(payload);
      if (record.kind !== 'msg') continue;
      const msg = { ...decodeMsg(record.payload), msgId: randomUUID() };
      messages.push({ ep: record.fromId, msgId: msg.msgId, payload: Buffer.from(encodeRecord({ ...record, payload: encodeMsg(msg) })) });
    }
  }
  return messages;
}

export interface FloodResult {
  /** messages answered (all of them unless the time ran out) */
  messages: number;
  seconds: number;
  /** answered messages per second */
  perSecond: number;
  /** messages not answered when the time ran out (the rate is then over those answered in it) */
  unanswered: number;
}

async function connectAll(url: string, login: Login, protocolVersion: 4 | 5, count: number, name: string): Promise<MqttClient[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      mqtt.connectAsync(url, { ...login, clientId: `bench-${name}-${i}-${process.pid}`, protocolVersion, reconnectPeriod: 0 }),
    ),
  );
}

/**
 * Publishes every message to topicOf(message) and waits until `done` has counted each one,
 * keeping at most WINDOW unanswered.
 */
async function run(
  publishers: MqttClient[],
  messages: FloodMessage[],
  topicOf: (m: FloodMessage) => string,
  onDone: (count: (n: number) => void) => void,
  timeoutMs: number,
): Promise<FloodResult> {
  let sent = 0;
  let done = 0;
  let wake: () => void = () => {};
  onDone((n) => {
    done += n;
    wake();
  });
  const started = performance.now();
  const deadline = Date.now() + timeoutMs;
  while (done < messages.length) {
    // out of time (a 20,000-device run answered 52,473 of 79,880 in 180 s on 29 Nov): the rate of those answered
    if (Date.now() > deadline) break;
    while (sent < messages.length && sent - done < WINDOW) {
      const m = messages[sent]!;
      publishers[sent % publishers.length]!.publish(topicOf(m), m.payload, { qos: 1 });
      sent++;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  const seconds = (performance.now() - started) / 1000;
  const answered = Math.min(done, messages.length);
  return {
    messages: answered,
    seconds,
    perSecond: answered / seconds,
    unanswered: messages.length - answered,
  };
}

export async function floodGateway(url: string, login: Login, protocolVersion: 4 | 5, messages: FloodMessage[], timeoutMs: number): Promise<FloodResult> {
  const publishers = await connectAll(url, login, protocolVersion, PUBLISHERS, 'flood');
  const receiver = (await connectAll(url, login, protocolVersion, 1, 'flood-acks'))[0]!;
  try {
    const waiting = new Set(messages.map((m) => m.msgId));
    await receiver.subscribeAsync('usp/a/+/#', { qos: 0 });
    return await run(publishers, messages, (m) => `usp/c/${m.ep}`, (count) => {
      receiver.on('message', (_topic, payload) => {
        try {
          const record = decodeRecord(payload);
          if (record.kind !== 'msg') return;
          const msg = decodeMsg(record.payload);
          if (msg.type === 'notifyResp' && waiting.delete(msg.msgId)) count(1);
        } catch { /* not ours */ }
      });
    }, timeoutMs);
  } finally {
    await Promise.all([...publishers, receiver].map((c) => c.endAsync()));
  }
}

export async function floodRaw(url: string, login: Login, protocolVersion: 4 | 5, messages: FloodMessage[], timeoutMs: number): Promise<FloodResult> {
  const publishers = await connectAll(url, login, protocolVersion, PUBLISHERS, 'raw');
  const receiver = (await connectAll(url, login, protocolVersion, 1, 'raw-sub'))[0]!;
  try {
    await receiver.subscribeAsync('bench/raw/+', { qos: 1 });
    return await run(publishers, messages, (m) => `bench/raw/${m.ep}`, (count) => {
      receiver.on('message', () => count(1));
    }, timeoutMs);
  } finally {
    await Promise.all([...publishers, receiver].map((c) => c.endAsync()));
  }
}
