// Gateway settings from the environment (ARCHITECTURE §2 "airloom gateway" role).
import { randomBytes } from 'node:crypto';
import os from 'node:os';

export type MqttProtocolVersion = 4 | 5;

export interface GatewayConfig {
  /** mysql://… or unset for the SQLite file */
  databaseUrl: string | undefined;
  sqliteFile: string;
  mqttUrl: string;
  mqttUsername: string | undefined;
  mqttPassword: string | undefined;
  /** 5 on real brokers; 4 (3.1.1) on the embedded aedes broker */
  protocolVersion: MqttProtocolVersion;
  /** this instance: its response topic usp/c/<ep>/g/<gatewayId> and its outbox claims */
  gatewayId: string;
  /** the console's USP endpoint ID */
  controllerId: string;
  /** device timings are scaled by it (tests use e.g. 0.01) */
  timeScale: number;
  /** MQTT 5 shared-subscription group of the gateway instances */
  shareGroup: string;
  logLevel: string;
}

export const DEFAULT_CONTROLLER_ID = 'self::airloom';
/** The embedded broker's default port (ARCHITECTURE §2): it speaks MQTT 3.1.1 only. */
export const EMBEDDED_BROKER_PORT = 18830;

/** A fresh id per process: two instances must never share a response topic. */
export function newGatewayId(): string {
  const host = os.hostname().replace(/[^A-Za-z0-9-]/g, '').slice(0, 24) || 'gw';
  return `${host}-${randomBytes(4).toString('hex')}`;
}

function positiveNumber(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

function protocolFor(raw: string | undefined, mqttUrl: string): MqttProtocolVersion {
  if (raw === '4' || raw === '3.1.1') return 4;
  if (raw === '5') return 5;
  if (raw) throw new Error('MQTT_PROTOCOL_VERSION must be 4 (3.1.1) or 5');
  return new URL(mqttUrl).port === String(EMBEDDED_BROKER_PORT) ? 4 : 5;
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const mqttUrl = env.MQTT_URL || `mqtt://127.0.0.1:${EMBEDDED_BROKER_PORT}`;
  const gatewayId = env.GATEWAY_ID || newGatewayId();
  if (!/^[A-Za-z0-9._-]{1,48}$/.test(gatewayId)) throw new Error('GATEWAY_ID: 1–48 letters, digits, . _ -');
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: `${env.DATA_DIR || './data'}/airloom.sqlite`,
    mqttUrl,
    mqttUsername: env.MQTT_USERNAME || undefined,
    mqttPassword: env.MQTT_PASSWORD || undefined,
    protocolVersion: protocolFor(env.MQTT_PROTOCOL_VERSION, mqttUrl),
    gatewayId,
    controllerId: env.USP_CONTROLLER_ID || DEFAULT_CONTROLLER_ID,
    timeScale: positiveNumber(env.TIME_SCALE, 'TIME_SCALE', 1),
    shareGroup: env.MQTT_SHARE_GROUP || 'airloom-gw',
    logLevel: env.LOG_LEVEL || 'info',
  };
}
