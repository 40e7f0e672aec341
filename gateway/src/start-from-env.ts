// The `airloom gateway` role: a gateway process configured by environment (MQTT_URL, MQTT_USERNAME,
// MQTT_PASSWORD, MQTT_PROTOCOL_VERSION, DATABASE_URL, GATEWAY_ID, USP_CONTROLLER_ID, TIME_SCALE,
// MQTT_SHARE_GROUP, LOG_LEVEL). The tables must exist: the BFF's migrations create them.
import { loadGatewayConfig, type GatewayConfig } from './config.js';
import { createGatewayDb } from './db-connect.js';
import { createGatewayLogger } from './logger.js';
import { createGatewayRuntime, type GatewayRuntime } from './runtime.js';

export interface RunningGateway {
  config: GatewayConfig;
  runtime: GatewayRuntime;
  stop(): Promise<void>;
}

export async function startGatewayFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<RunningGateway> {
  const config = loadGatewayConfig(env);
  const logger = createGatewayLogger(config.logLevel);
  const db = createGatewayDb(config);
  const runtime = createGatewayRuntime({
    db,
    logger,
    mqttUrl: config.mqttUrl,
    mqttUsername: config.mqttUsername,
    mqttPassword: config.mqttPassword,
    protocolVersion: config.protocolVersion,
    gatewayId: config.gatewayId,
    controllerId: config.controllerId,
    timeScale: config.timeScale,
    shareGroup: config.shareGroup,
  });
  try {
    await runtime.start();
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return {
    config,
    runtime,
    async stop() {
      await runtime.stop();
      await db.destroy();
    },
  };
}
