// The internal bus between service processes (docs/decisions/gateway.md), on the same MQTT broker
// the devices use: `airloom/events/<projectId>` carries one ProjectEvent per message (QoS 0; a lost
// event only makes a browser wait for the next one), `airloom/nudge` carries `{sn}` (QoS 1) so a
// gateway acts on new intent at once instead of at its next poll. `airloom/access/<projectId>` (QoS 1,
// no body) tells every console instance that who may see the project changed, so each re-checks its
// open streams of it at once (docs/deployment.md).
import { ProjectEventSchema, type ProjectEvent } from '@airloom/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';

/** how long a caller waits for the broker's acknowledgement of an event or nudge */
const PUBLISH_WAIT_MS = 1000;

export const EVENTS_TOPIC_PREFIX = 'airloom/events/';
export const NUDGE_TOPIC = 'airloom/nudge';
export const ACCESS_TOPIC_PREFIX = 'airloom/access/';
/** `airloom/ask/<gatewayId>`: a question only the instance that hears a device can answer (a live read) */
export const ASK_TOPIC_PREFIX = 'airloom/ask/';
const ANSWER_TOPIC_PREFIX = 'airloom/answer/';
/** how long a question waits for its answer (the device's own answer included) */
const ASK_WAIT_MS = 15_000;

export type BusLogger = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;

export interface BusOptions {
  mqttUrl: string;
  username?: string;
  password?: string;
  /** 4 = MQTT 3.1.1 (the embedded aedes broker), 5 = MQTT 5 */
  protocolVersion: 4 | 5;
  clientId: string;
  logger: BusLogger;
}

export type EventListener = (projectId: number, event: ProjectEvent) => void;
export type NudgeListener = (sn: string) => void;
export type AccessListener = (projectId: number) => void;
/**
 * A live read or write asked of the gateway instance that hears the device: its route table now, or
 * its local administrator's password set at once (docs/maintenance.md "Device password": the password
 * goes to the device and nowhere else — not the database, not a log, not an outbox row).
 */
export type Question =
  | { kind: 'route-table'; sn: string }
  | { kind: 'admin-password'; sn: string; password: string }
  | { kind: 'management-mode'; sn: string; mode: 'cloud' | 'local' }
  /**
   * One HTTP request through a remote web tunnel held by another console instance (docs/deployment.md:
   * the device dialled one instance, the person's request reached another). Bodies base64.
   */
  | { kind: 'remote-web'; sessionId: number; method: string; path: string; headers: Record<string, string>; body: string };
export type Answerer = (question: Question) => Promise<unknown>;
/** the gateway could not answer: no such device here, or the device did not answer */
export class AskError extends Error {
  override name = 'AskError';
}

export interface Bus {
  publishEvent(projectId: number, event: ProjectEvent): Promise<void>;
  /** Subscribes on the first listener; returns a function that removes this listener. */
  onEvents(listener: EventListener): () => void;
  nudge(sn: string): Promise<void>;
  onNudge(listener: NudgeListener): () => void;
  /** Who may see the project changed (a share, an owner, a sub-account): every console instance re-checks its streams. */
  accessChanged(projectId: number): Promise<void>;
  onAccessChanged(listener: AccessListener): () => void;
  /**
   * The broker connection came back after a break: what was published meanwhile (events are QoS 0,
   * and a restarted broker keeps nothing) never arrived. Not called for the first connection.
   */
  onReconnected(listener: () => void): () => void;
  /** Asks the gateway instance `gatewayId` and waits for its answer (15 s unless `waitMs`); AskError when none comes. */
  ask(gatewayId: string, question: Question, waitMs?: number): Promise<unknown>;
  /**
   * Answers the questions asked of `gatewayId`: one answerer per id, and one process may answer under
   * several ids (in role `all`, the gateway runtime's and the console's own).
   */
  answer(gatewayId: string, answerer: Answerer): void;
  /** Resolves once connected and every subscription asked for so far is granted. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createBus(options: BusOptions): Bus {
  const { logger } = options;
  const client: MqttClient = mqtt.connect(options.mqttUrl, {
    clientId: options.clientId,
    username: options.username,
    password: options.password,
    protocolVersion: options.protocolVersion,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  const eventListeners = new Set<EventListener>();
  const nudgeListeners = new Set<NudgeListener>();
  const accessListeners = new Set<AccessListener>();
  const reconnectListeners = new Set<() => void>();
  const pendingSubscriptions = new Set<Promise<unknown>>();
  const subscribed = new Set<string>();

  const connected = new Promise<void>((resolve) => {
    if (client.connected) resolve();
    else client.once('connect', () => resolve());
  });
  client.on('error', (err) => logger.warn({ err }, 'bus: mqtt error'));
  client.on('reconnect', () => logger.debug('bus: reconnecting'));

  function subscribe(topic: string, qos: 0 | 1): void {
    if (subscribed.has(topic)) return;
    subscribed.add(topic);
    // mqtt.js re-subscribes by itself after a reconnect (resubscribe defaults to true)
    const granted = client
      .subscribeAsync(topic, { qos })
      .catch((err: unknown) => logger.error({ err, topic }, 'bus: subscribe failed'))
      .finally(() => pendingSubscriptions.delete(granted));
    pendingSubscriptions.add(granted);
  }

  const waiting = new Map<string, { resolve(v: unknown): void; reject(e: Error): void }>();
  const answerers = new Map<string, Answerer>();
  let asked = 0;
  const answerTopic = `${ANSWER_TOPIC_PREFIX}${options.clientId}`;

  function onQuestion(topic: string, payload: Buffer): void {
    const answerer = answerers.get(topic.slice(ASK_TOPIC_PREFIX.length));
    const body = parseJson(payload) as { id?: unknown; replyTo?: unknown; question?: Question } | undefined;
    if (!answerer || typeof body?.id !== 'string' || typeof body.replyTo !== 'string' || !body.replyTo.startsWith(ANSWER_TOPIC_PREFIX) || !body.question) return;
    const { id, replyTo } = body;
    answerer(body.question).then(
      (data) => publish(replyTo, { id, ok: true, data }, 1),
      (err: unknown) => publish(replyTo, { id, ok: false, error: err instanceof Error ? err.message : 'no answer' }, 1),
    );
  }

  function onAnswer(payload: Buffer): void {
    const body = parseJson(payload) as { id?: unknown; ok?: unknown; data?: unknown; error?: unknown } | undefined;
    if (typeof body?.id !== 'string') return;
    const w = waiting.get(body.id);
    if (!w) return;
    waiting.delete(body.id);
    if (body.ok === true) w.resolve(body.data);
    else w.reject(new AskError(typeof body.error === 'string' ? body.error : 'no answer'));
  }

  client.on('message', (topic, payload) => {
    if (topic.startsWith(ASK_TOPIC_PREFIX)) return onQuestion(topic, payload);
    if (topic === answerTopic) return onAnswer(payload);
    if (topic === NUDGE_TOPIC) {
      const sn = parseNudge(payload);
      if (sn === null) return logger.debug({ topic }, 'bus: malformed nudge dropped');
      for (const listener of nudgeListeners) listener(sn);
      return;
    }
    if (topic.startsWith(ACCESS_TOPIC_PREFIX)) {
      const projectId = Number(topic.slice(ACCESS_TOPIC_PREFIX.length));
      if (!Number.isSafeInteger(projectId) || projectId <= 0) return logger.debug({ topic }, 'bus: malformed access change dropped');
      for (const listener of accessListeners) listener(projectId);
      return;
    }
    if (!topic.startsWith(EVENTS_TOPIC_PREFIX)) return;
    const projectId = Number(topic.slice(EVENTS_TOPIC_PREFIX.length));
    const event = parseEvent(payload);
    if (!Number.isSafeInteger(projectId) || projectId <= 0 || event === null) {
      return logger.debug({ topic }, 'bus: malformed event dropped');
    }
    for (const listener of eventListeners) listener(projectId, event);
  });

  // Callers fire and forget: a lost event or nudge only delays (gateways also poll). With the broker
  // away, mqtt.js would hold the promise until it reconnects, and an HTTP request awaiting it with it:
  // so the wait is bounded, and once the broker was lost nothing piles up in memory until it returns.
  let wasConnected = false;
  client.on('connect', () => {
    if (wasConnected) {
      logger.info('bus: connected again; what was published meanwhile is lost');
      for (const listener of reconnectListeners) listener();
    }
    wasConnected = true;
  });
  async function publish(topic: string, body: unknown, qos: 0 | 1): Promise<void> {
    if (wasConnected && !client.connected) return logger.debug({ topic }, 'bus: broker away, publish dropped');
    let timer: NodeJS.Timeout | undefined;
    const giveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, PUBLISH_WAIT_MS)));
    const sent = client.publishAsync(topic, JSON.stringify(body), { qos }).then(
      () => undefined,
      (err: unknown) => logger.warn({ err, topic }, 'bus: publish failed'),
    );
    await Promise.race([sent, giveUp]);
    clearTimeout(timer);
  }

  return {
    publishEvent: (projectId, event) => publish(`${EVENTS_TOPIC_PREFIX}${projectId}`, event, 0),
    onEvents(listener) {
      eventListeners.add(listener);
      subscribe(`${EVENTS_TOPIC_PREFIX}+`, 0);
      return () => eventListeners.delete(listener);
    },
    nudge: (sn) => publish(NUDGE_TOPIC, { sn }, 1),
    onNudge(listener) {
      nudgeListeners.add(listener);
      subscribe(NUDGE_TOPIC, 1);
      return () => nudgeListeners.delete(listener);
    },
    accessChanged: (projectId) => publish(`${ACCESS_TOPIC_PREFIX}${projectId}`, {}, 1),
    onAccessChanged(listener) {
      accessListeners.add(listener);
      subscribe(`${ACCESS_TOPIC_PREFIX}+`, 1);
      return () => accessListeners.delete(listener);
    },
    onReconnected(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    async ask(gatewayId, question, waitMs = ASK_WAIT_MS) {
      subscribe(answerTopic, 1);
      await Promise.all([...pendingSubscriptions]);
      const id = `${options.clientId}-${++asked}`;
      const answer = new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new AskError('no answer in time'));
        }, waitMs);
        waiting.set(id, {
          resolve: (v) => (clearTimeout(timer), resolve(v)),
          reject: (e) => (clearTimeout(timer), reject(e)),
        });
      });
      await publish(`${ASK_TOPIC_PREFIX}${gatewayId}`, { id, replyTo: answerTopic, question }, 1);
      return answer;
    },
    answer(gatewayId, fn) {
      answerers.set(gatewayId, fn);
      subscribe(`${ASK_TOPIC_PREFIX}${gatewayId}`, 1);
    },
    async ready() {
      await connected;
      await Promise.all([...pendingSubscriptions]);
    },
    async close() {
      eventListeners.clear();
      nudgeListeners.clear();
      accessListeners.clear();
      reconnectListeners.clear();
      for (const w of waiting.values()) w.reject(new AskError('the console is stopping'));
      waiting.clear();
      // with the broker away, what waits in mqtt.js's queue would hold a clean end forever
      await client.endAsync(!client.connected);
    },
  };
}

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}

function parseEvent(payload: Buffer): ProjectEvent | null {
  const parsed = ProjectEventSchema.safeParse(parseJson(payload));
  return parsed.success ? parsed.data : null;
}

function parseNudge(payload: Buffer): string | null {
  const body = parseJson(payload) as { sn?: unknown } | null | undefined;
  return typeof body?.sn === 'string' && body.sn.length > 0 && body.sn.length <= 32 ? body.sn : null;
}
