// RF optimisation runs and their records (spec §3 RF optimisation record, §4 states, §9 the 20 most
// recent): one row per run — manual, automatic (repeating) or scheduled once — from idle (waiting for
// its time) through optimising (with a percentage) to completed or failed; a completed row carries the
// record (per radio: channel, power, RSSI, access threshold, before/after counts). `running_project_id`
// is the project's id only while the run is optimising: a unique key, so of two runs one starts.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rf_optimisations', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('project_id').notNullable();
    t.string('mode', 12).notNullable(); // manual | auto | scheduled
    t.string('state', 12).notNullable(); // idle | optimising | completed | failed
    t.integer('percent').notNullable().defaultTo(0);
    t.text('sns_json').notNullable(); // the APs chosen
    t.integer('account_id').nullable(); // who asked (null: the schedule)
    t.bigInteger('due_at').nullable(); // idle: when it starts (epoch ms)
    t.integer('repeat_hours').nullable(); // auto: hours between runs (24 daily, 168 weekly)
    t.integer('running_project_id').nullable().unique('rf_optimisations_running_uq');
    t.string('lease_owner', 96).nullable(); // the instance running it
    t.bigInteger('lease_until').nullable(); // a run whose lease ran out failed with its instance
    t.bigInteger('started_at').nullable();
    t.bigInteger('finished_at').nullable();
    t.text('record_json').nullable(); // completed: the per-radio record
    t.string('error', 255).nullable(); // failed: why
    t.bigInteger('created_at').notNullable();
    t.index(['project_id', 'finished_at'], 'rf_optimisations_project_idx');
    t.index(['state', 'due_at'], 'rf_optimisations_due_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rf_optimisations');
}
