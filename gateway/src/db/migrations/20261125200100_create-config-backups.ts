// Configuration backups (spec §3 backup entity, docs/config-engine.md "Backups"): one row per general
// backup or restore point with its snapshot (the project's desired sections and what each device had
// confirmed), kept in the database so every console instance sees the same ones; and the console's
// key that signs downloaded backup files (created on first use).
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('config_backups', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('project_id').unsigned().notNullable();
    t.string('type', 16).notNullable(); // general | restore-point
    t.string('sn', 32).notNullable().defaultTo(''); // a restore point's device; '' for a general backup
    t.string('model', 64).nullable();
    t.string('mac', 17).nullable();
    t.string('device_type', 32).nullable();
    t.string('file_name', 128).notNullable();
    t.string('remark', 128).notNullable().defaultTo('');
    t.string('origin', 16).notNullable(); // manual | upload | before-restore | before-reset | before-upgrade | scheduled (contracts BACKUP_ORIGINS)
    t.string('sync_state', 16).notNullable(); // contracts BACKUP_SYNC_STATES
    t.integer('size_bytes').notNullable();
    t.integer('section_count').notNullable();
    t.text('snapshot_json', 'mediumtext').notNullable();
    // the (owner, section, version) still unconfirmed when taken: synchronizing until each is settled
    t.text('awaiting_json', 'mediumtext').notNullable();
    t.bigInteger('created_at').notNullable();
    t.string('created_by', 128).nullable();
    t.index(['project_id', 'type', 'created_at'], 'config_backups_project_idx');
  });
  await knex.schema.createTable('config_backup_keys', (t) => {
    utf8mb4(knex, t);
    t.integer('id').primary();
    t.string('secret', 128).notNullable();
    t.bigInteger('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('config_backup_keys');
  await knex.schema.dropTable('config_backups');
}
