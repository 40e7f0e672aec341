export { GATEWAY_MIGRATIONS, type NamedMigration } from './db/migrations.js';
export { createGatewayDb, isMysql, mysqlConnection, readRows, rowsOf, type DbOptions, type SqliteConnection } from './db-connect.js';
export * from './bus/index.js';
export * from './store/index.js';
export { createGatewayRuntime, type GatewayRuntime, type GatewayRuntimeOptions } from './runtime.js';
export { gatewayTimings, type GatewayTimings } from './timings.js';
export { startGatewayFromEnv, type RunningGateway } from './start-from-env.js';
export { loadGatewayConfig, newGatewayId, DEFAULT_CONTROLLER_ID, EMBEDDED_BROKER_PORT, type GatewayConfig, type MqttProtocolVersion } from './config.js';
export * from './broker/index.js';
