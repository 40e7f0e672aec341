// Where the notification job is in the gateway's alarms (docs/data.md "Alarm notifications"): the id of
// the last alarm it turned into deliveries. One row; instances move it forward with a compare-and-set.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_cursor', (t) => {
    t.string('name', 32).primary();
    t.bigInteger('alarm_id').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notification_cursor');
}
