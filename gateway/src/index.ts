export { GATEWAY_MIGRATIONS, type NamedMigration } from './db/migrations.js';
export * from './bus/index.js';
export * from './store/index.js';
