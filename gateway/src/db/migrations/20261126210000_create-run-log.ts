// The run log (docs/data.md "Run log and alarms", spec §3 Log): one row per event a device's project
// should see — status changes, operations, configuration results, ports and PoE, clients, what the
// device reported. Alarms are the rows with an alarm type. The device's MAC, model and name are
// copied in, so a row still reads right after the device is renamed or leaves the project.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('run_log', (t) => {
    utf8mb4(knex, t);
    t.bigIncrements('id').primary();
    t.integer('project_id').notNullable();
    t.string('sn', 32).notNullable();
    t.string('mac', 17).notNullable().defaultTo('');
    t.string('model', 32).notNullable().defaultTo('');
    t.string('device_name', 64).notNullable().defaultTo('');
    /** ms UTC */
    t.bigInteger('t').notNullable();
    /** system | wired | wireless */
    t.string('type', 8).notNullable();
    /** a key of contracts' LOG_EVENTS; the text is rendered from it and params */
    t.string('event', 32).notNullable();
    /** JSON object of the text's parameters */
    t.text('params').nullable();
    /** spec §3: 1 read, 0 unread */
    t.tinyint('is_read').notNullable().defaultTo(0);
    /** 1 when the event is an alarm (alarm_type set) */
    t.tinyint('is_alarm').notNullable().defaultTo(0);
    t.string('alarm_type', 24).nullable();
    /** info | warning | critical */
    t.string('level', 8).notNullable();
    t.index(['project_id', 't'], 'run_log_project_t_idx');
    t.index(['project_id', 'is_alarm', 'is_read'], 'run_log_project_alarm_idx');
    t.index(['is_alarm', 'id'], 'run_log_alarm_id_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('run_log');
}
