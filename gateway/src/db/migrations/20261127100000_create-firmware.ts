// Firmware upgrades (docs/maintenance.md "Firmware"): the images uploaded to a project (stored on disk
// under their SHA-256, checked by their header), one download per upgrade operation (the token in
// the URL the device fetches, its expiry, what it serves), the upgrade's step as the device reports
// it, and staged rollouts of bulk upgrades with their devices per wave.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('firmware_images', (t) => {
    t.increments('id').primary();
    t.integer('project_id').notNullable();
    t.string('model', 32).notNullable();
    t.string('version', 16).notNullable();
    t.bigInteger('size').notNullable();
    t.string('sha256', 64).notNullable();
    t.string('file_name', 255).notNullable();
    t.integer('created_by_account_id').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['project_id'], 'firmware_images_project_idx');
  });
  await knex.schema.createTable('firmware_downloads', (t) => {
    t.string('token', 64).primary();
    t.integer('operation_id').notNullable().unique('firmware_downloads_operation_uq');
    t.integer('project_id').notNullable();
    t.string('sn', 64).notNullable();
    t.string('model', 32).notNullable();
    t.string('version', 16).notNullable();
    t.integer('image_id').nullable();
    t.bigInteger('size').notNullable();
    t.string('sha256', 64).notNullable();
    t.string('url', 512).notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('fetched_at').nullable();
    t.bigInteger('created_at').notNullable();
  });
  await knex.schema.alterTable('operations', (t) => {
    t.string('step', 16).nullable();
  });
  await knex.schema.createTable('rollouts', (t) => {
    t.increments('id').primary();
    t.integer('project_id').notNullable();
    t.integer('created_by_account_id').nullable();
    t.text('target_json').notNullable();
    t.integer('canary_percent').notNullable();
    t.integer('wave_size').notNullable();
    t.integer('halt_percent').notNullable();
    t.integer('max_downloads').notNullable();
    t.string('state', 16).notNullable();
    t.integer('wave').notNullable();
    t.integer('waves').notNullable();
    t.string('lease_owner', 64).nullable();
    t.bigInteger('lease_until').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['project_id', 'created_at'], 'rollouts_project_idx');
    t.index(['state'], 'rollouts_state_idx');
  });
  await knex.schema.createTable('rollout_devices', (t) => {
    t.integer('rollout_id').notNullable();
    t.string('sn', 64).notNullable();
    t.integer('wave').notNullable();
    t.integer('position').notNullable();
    t.integer('operation_id').nullable();
    t.string('outcome', 16).notNullable();
    t.integer('code').nullable();
    t.bigInteger('updated_at').notNullable();
    t.primary(['rollout_id', 'sn']);
    t.index(['rollout_id', 'wave'], 'rollout_devices_wave_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rollout_devices');
  await knex.schema.dropTable('rollouts');
  await knex.schema.alterTable('operations', (t) => {
    t.dropColumn('step');
  });
  await knex.schema.dropTable('firmware_downloads');
  await knex.schema.dropTable('firmware_images');
}
