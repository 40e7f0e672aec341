// Process entry: read env, migrate + seed, listen (PORT default 8080, HOST default 0.0.0.0).
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { createDb } from './db/db.js';
import { migrate } from './db/migrate.js';
import { createLogger } from './logger.js';

const config = loadConfig();
const logger = createLogger({ level: config.logLevel });
const db = createDb(config);

try {
  await migrate(db);
} catch (err) {
  logger.fatal({ err }, 'database migration failed');
  await db.destroy();
  process.exit(1);
}

const app = createApp({ db, config, logger });
const server = app.listen(config.port, config.host, (err?: Error) => {
  if (err) {
    logger.fatal({ err }, 'cannot listen');
    process.exit(1);
  }
  logger.info(
    { port: config.port, host: config.host, database: config.databaseUrl ? 'mysql' : 'sqlite', dataDir: config.dataDir, nodeEnv: config.nodeEnv },
    'Airloom console listening',
  );
  if (config.nodeEnv === 'production') logger.warn({ outbox: `${config.dataDir}/outbox.jsonl` }, 'verification codes go to the dev outbox');
});

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  server.close(() => {
    void db.destroy().finally(() => process.exit(0));
  });
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
