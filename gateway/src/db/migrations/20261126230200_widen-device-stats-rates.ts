// knex's float is FLOAT(8,2) on MySQL: at most 999,999.99, so a device moving more than about 1 MB/s
// could not be stored (strict mode refuses the row, and with it the telemetry flush). Rates and the
// other figures become DOUBLE there; SQLite's REAL has no such bound.
import type { Knex } from 'knex';

const COLUMNS = ['cpu', 'memory', 'clients', 'tx_rate', 'rx_rate'];
const isMysql = (knex: Knex) => knex.client.config.client === 'mysql2';

export async function up(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  await knex.raw(`ALTER TABLE device_stats ${COLUMNS.map((c) => `MODIFY ${c} DOUBLE NULL`).join(', ')}`);
}

export async function down(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  await knex.raw(`ALTER TABLE device_stats ${COLUMNS.map((c) => `MODIFY ${c} FLOAT(8,2) NULL`).join(', ')}`);
}
