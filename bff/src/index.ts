// @airloom/bff — one face (STYLE §1): what e2e, bench and main.ts need to run the server.
export { createApp, type AppDeps } from './app.js';
export { loadConfig, repoRoot, type AppConfig } from './config.js';
export { createDb, isMysql } from './db/db.js';
export { migrate } from './db/migrate.js';
export { createLogger, type Logger } from './logger.js';
export { createOutboxSender, type Sender, type VerificationMessage } from './modules/auth/sender.js';
export { createActivationsRepository } from './modules/activations/activations.repository.js';
export { createActivationsService } from './modules/activations/activations.service.js';
export { createLogsRepository } from './modules/logs/logs.repository.js';
export { createLogsService } from './modules/logs/logs.service.js';
export { createDevicesRepository } from './modules/devices/devices.repository.js';
export { createDevicesService } from './modules/devices/devices.service.js';
export { createFirmwareService } from './modules/firmware/firmware.service.js';
export { createRollouts } from './modules/rollouts/rollouts.service.js';
