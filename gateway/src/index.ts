export { GATEWAY_MIGRATIONS, type NamedMigration } from './db/migrations.js';
