// @airloom/bff — one face (STYLE §1): what e2e, bench and main.ts need to run the server.
export { createApp, type AppDeps } from './app.js';
export { loadConfig, repoRoot, type AppConfig } from './config.js';
export { createDb, isMysql } from './db/db.js';
export { migrate } from './db/migrate.js';
export { createLogger, type Logger } from './logger.js';
export { createOutboxSender, type Sender, type VerificationMessage } from './modules/auth/sender.js';
