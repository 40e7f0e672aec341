// A session ended by a password change on another session is kept, marked, until it is next used,
// so that browser hears why it was signed out (spec §8 code 70) instead of "session ended".
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.string('ended_reason', 16).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('ended_reason');
  });
}
