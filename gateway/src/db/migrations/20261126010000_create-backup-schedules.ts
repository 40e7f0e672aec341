// Scheduled configuration backups (docs/config-engine.md "Scheduled backups"): one row per project
// with a schedule — how often, at which hour of the project's zone, how many scheduled backups it
// keeps — its next run, and the lease an instance holds while it takes that run, so that of several
// console instances on one database exactly one takes each run.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('config_backup_schedules', (t) => {
    utf8mb4(knex, t);
    t.integer('project_id').unsigned().primary();
    t.string('mode', 8).notNullable(); // off | daily | weekly
    t.integer('weekday').notNullable(); // 0 = Sunday … 6 = Saturday (weekly)
    t.integer('hour').notNullable(); // 0 … 23, in the project's zone
    t.integer('keep').notNullable(); // the newest scheduled backups kept
    t.bigInteger('next_run_at').nullable(); // epoch ms; null while off
    t.string('lease_owner', 96).nullable(); // the instance taking the due run
    t.bigInteger('lease_until').nullable();
    t.bigInteger('last_run_at').nullable();
    t.string('last_result', 16).nullable(); // taken | skipped-full | failed
    t.integer('last_backup_id').nullable();
    t.bigInteger('updated_at').notNullable();
    t.string('updated_by', 128).nullable();
    t.index(['next_run_at'], 'config_backup_schedules_due_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('config_backup_schedules');
}
