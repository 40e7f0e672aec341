// Daily activation counts for the data screen (spec §1, docs/decisions/datascreen.md): per project
// and day, by type, by brand and by place, kept by triggers on `activations` so every writer (the
// gateway, the demo's seeding, a restore) keeps them right, and the summary reads a few thousand
// counts instead of a million records. A record counts for its activation day, its latest project
// (0: none) and its latest place, as the records themselves are read.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

/** table → the record's columns it counts by (beside project and day) */
export const ACTIVATION_COUNTS = {
  activation_counts_type: ['type'],
  activation_counts_brand: ['brand'],
  activation_counts_place: ['country', 'state'],
} as const;

type CountTable = keyof typeof ACTIVATION_COUNTS;
const TABLES = Object.keys(ACTIVATION_COUNTS) as CountTable[];

const keyOf = (table: CountTable) => ['project_id', 'day', ...ACTIVATION_COUNTS[table]];
const valuesOf = (table: CountTable, row: 'NEW' | 'OLD') =>
  [`COALESCE(${row}.project_id, 0)`, `${row}.activated_day`, ...ACTIVATION_COUNTS[table].map((c) => `${row}.${c}`)].join(', ');

function increment(knex: Knex, table: CountTable): string {
  const insert = `INSERT INTO ${table} (${keyOf(table).join(', ')}, n) VALUES (${valuesOf(table, 'NEW')}, 1)`;
  return knex.client.config.client === 'mysql2' ? `${insert} ON DUPLICATE KEY UPDATE n = n + 1;` : `${insert} ON CONFLICT (${keyOf(table).join(', ')}) DO UPDATE SET n = n + 1;`;
}

function decrement(table: CountTable): string {
  const where = keyOf(table)
    .map((c) => (c === 'project_id' ? 'project_id = COALESCE(OLD.project_id, 0)' : c === 'day' ? 'day = OLD.activated_day' : `${c} = OLD.${c}`))
    .join(' AND ');
  return `UPDATE ${table} SET n = n - 1 WHERE ${where};`;
}

/** the record moved in this table's counts (another project, day or place) */
const moved = (table: CountTable) =>
  ['project_id', 'activated_day', ...ACTIVATION_COUNTS[table]].map((c) => (c === 'project_id' ? 'NOT (OLD.project_id <=> NEW.project_id)' : `OLD.${c} <> NEW.${c}`)).join(' OR ');

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.createTable(table, (t) => {
      utf8mb4(knex, t);
      t.integer('project_id').unsigned().notNullable();
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
  }
  const mysql = knex.client.config.client === 'mysql2';
  if (mysql) {
    await knex.raw(`CREATE TRIGGER activations_counts_insert AFTER INSERT ON activations FOR EACH ROW BEGIN ${TABLES.map((t) => increment(knex, t)).join(' ')} END`);
    await knex.raw(`CREATE TRIGGER activations_counts_delete AFTER DELETE ON activations FOR EACH ROW BEGIN ${TABLES.map(decrement).join(' ')} END`);
    await knex.raw(
      `CREATE TRIGGER activations_counts_update AFTER UPDATE ON activations FOR EACH ROW BEGIN ${TABLES.map((t) => `IF ${moved(t)} THEN ${decrement(t)} ${increment(knex, t)} END IF;`).join(' ')} END`,
    );
    return;
  }
  // SQLite: `IS NOT` compares NULLs as values, as MySQL's <=> does
  const movedSqlite = (t: CountTable) => moved(t).replace('NOT (OLD.project_id <=> NEW.project_id)', 'OLD.project_id IS NOT NEW.project_id');
  await knex.raw(`CREATE TRIGGER activations_counts_insert AFTER INSERT ON activations FOR EACH ROW BEGIN ${TABLES.map((t) => increment(knex, t)).join(' ')} END`);
  await knex.raw(`CREATE TRIGGER activations_counts_delete AFTER DELETE ON activations FOR EACH ROW BEGIN ${TABLES.map(decrement).join(' ')} END`);
  for (const t of TABLES) {
    await knex.raw(`CREATE TRIGGER activations_counts_update_${t.replace('activation_counts_', '')} AFTER UPDATE ON activations FOR EACH ROW WHEN ${movedSqlite(t)} BEGIN ${decrement(t)} ${increment(knex, t)} END`);
  }
}

export async function down(knex: Knex): Promise<void> {
  const triggers = ['activations_counts_insert', 'activations_counts_delete', 'activations_counts_update', ...TABLES.map((t) => `activations_counts_update_${t.replace('activation_counts_', '')}`)];
  for (const name of triggers) await knex.raw(`DROP TRIGGER IF EXISTS ${name}`);
  for (const table of TABLES) await knex.schema.dropTableIfExists(table);
}
