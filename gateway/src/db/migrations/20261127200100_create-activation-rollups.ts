// Daily activation counts over every project at once (docs/decisions/datascreen.md, "Daily counts"):
// the per-project counts of 20261125200100 are one row per project, day and type (or brand, or
// place), so with a million devices over tens of thousands of projects a manufacturer's summary still
// read about a million rows. These tables keep the same counts without the project: a few thousand
// rows a year. Kept by their own triggers on `activations` beside the per-project ones (MySQL 8 and
// MariaDB 10.2.3+ take several triggers per event), filled once from the per-project counts.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';
import { ACTIVATION_COUNTS } from './20261125200100_create-activation-counts.js';

type CountTable = keyof typeof ACTIVATION_COUNTS;
const TABLES = Object.keys(ACTIVATION_COUNTS) as CountTable[];
/** the rollup of a per-project count table */
export const rollupOf = (table: CountTable) => `${table}_all` as const;

const keyOf = (table: CountTable) => ['day', ...ACTIVATION_COUNTS[table]];
const valuesOf = (table: CountTable, row: 'NEW' | 'OLD') => [`${row}.activated_day`, ...ACTIVATION_COUNTS[table].map((c) => `${row}.${c}`)].join(', ');

function increment(mysql: boolean, table: CountTable): string {
  const insert = `INSERT INTO ${rollupOf(table)} (${keyOf(table).join(', ')}, n) VALUES (${valuesOf(table, 'NEW')}, 1)`;
  return mysql ? `${insert} ON DUPLICATE KEY UPDATE n = n + 1;` : `${insert} ON CONFLICT (${keyOf(table).join(', ')}) DO UPDATE SET n = n + 1;`;
}

function decrement(table: CountTable): string {
  const where = keyOf(table).map((c) => (c === 'day' ? 'day = OLD.activated_day' : `${c} = OLD.${c}`)).join(' AND ');
  return `UPDATE ${rollupOf(table)} SET n = n - 1 WHERE ${where};`;
}

/** the record moved in this rollup (another day or place; its project does not matter here) */
const moved = (table: CountTable) => ['activated_day', ...ACTIVATION_COUNTS[table]].map((c) => `OLD.${c} <> NEW.${c}`).join(' OR ');

export async function up(knex: Knex): Promise<void> {
  const mysql = knex.client.config.client === 'mysql2';
  for (const table of TABLES) {
    await knex.schema.createTable(rollupOf(table), (t) => {
      utf8mb4(knex, t);
      t.integer('day').notNullable(); // days since 1970-01-01 UTC
      if (table === 'activation_counts_type') t.string('type', 16).notNullable();
      if (table === 'activation_counts_brand') t.string('brand', 64).notNullable();
      if (table === 'activation_counts_place') {
        t.string('country', 2).notNullable();
        t.string('state', 64).notNullable();
      }
      t.integer('n').notNullable();
      t.primary(keyOf(table));
    });
    const by = ACTIVATION_COUNTS[table].join(', ');
    await knex.raw(`INSERT INTO ${rollupOf(table)} (day, ${by}, n) SELECT day, ${by}, SUM(n) FROM ${table} GROUP BY day, ${by}`);
  }
  if (mysql) {
    await knex.raw(`CREATE TRIGGER activations_rollups_insert AFTER INSERT ON activations FOR EACH ROW BEGIN ${TABLES.map((t) => increment(true, t)).join(' ')} END`);
    await knex.raw(`CREATE TRIGGER activations_rollups_delete AFTER DELETE ON activations FOR EACH ROW BEGIN ${TABLES.map(decrement).join(' ')} END`);
    await knex.raw(
      `CREATE TRIGGER activations_rollups_update AFTER UPDATE ON activations FOR EACH ROW BEGIN ${TABLES.map((t) => `IF ${moved(t)} THEN ${decrement(t)} ${increment(true, t)} END IF;`).join(' ')} END`,
    );
    return;
  }
  await knex.raw(`CREATE TRIGGER activations_rollups_insert AFTER INSERT ON activations FOR EACH ROW BEGIN ${TABLES.map((t) => increment(false, t)).join(' ')} END`);
  await knex.raw(`CREATE TRIGGER activations_rollups_delete AFTER DELETE ON activations FOR EACH ROW BEGIN ${TABLES.map(decrement).join(' ')} END`);
  for (const t of TABLES) {
    await knex.raw(`CREATE TRIGGER activations_rollups_update_${t.replace('activation_counts_', '')} AFTER UPDATE ON activations FOR EACH ROW WHEN ${moved(t)} BEGIN ${decrement(t)} ${increment(false, t)} END`);
  }
}

export async function down(knex: Knex): Promise<void> {
  const triggers = ['activations_rollups_insert', 'activations_rollups_delete', 'activations_rollups_update', ...TABLES.map((t) => `activations_rollups_update_${t.replace('activation_counts_', '')}`)];
  for (const name of triggers) await knex.raw(`DROP TRIGGER IF EXISTS ${name}`);
  for (const table of TABLES) await knex.schema.dropTableIfExists(rollupOf(table));
}
