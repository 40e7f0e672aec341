// ARCHITECTURE §3: live records carry a `revision`, monotonic per record and kept by the database,
// so a page keeps whichever of an HTTP answer and an SSE event is newer. Every write to a device or
// operation row raises it (store/revision.ts); a row starts at 1.
import type { Knex } from 'knex';

const TABLES = ['devices', 'operations'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.bigInteger('revision').notNullable().defaultTo(1);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('revision');
    });
  }
}
