// The configuration engine's tables (ARCHITECTURE §7):
//  - config_sections: the desired document of each section, one row per project (sn '' for the
//    project gateway's sections) or per device; `version` rises with every write (written by the BFF);
//  - config_changes: the history, one row per write (who, when, field-level changes, result);
//  - config_applied: what each device holds, per section: the version it confirmed (or refused, or
//    rolled back), and the version last sent with a rollback timer (written by the gateway).
// The devices row keeps its generation counters: config_version rises with every write that concerns
// the device, applied_version is the generation whose sections are all settled (status 7 in between).
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('config_sections', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('project_id').unsigned().notNullable();
    t.string('sn', 32).notNullable().defaultTo(''); // '' = the project's gateway sections
    t.string('section', 32).notNullable();
    t.integer('version').notNullable();
    t.text('body_json', 'mediumtext').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.string('updated_by', 128).nullable();
    t.unique(['project_id', 'sn', 'section'], { indexName: 'config_sections_key' });
  });
  await knex.schema.createTable('config_changes', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('revision').notNullable().defaultTo(1);
    t.integer('project_id').unsigned().notNullable();
    t.string('sn', 32).notNullable().defaultTo('');
    t.string('section', 32).notNullable();
    t.integer('version').notNullable();
    t.string('actor', 128).nullable();
    t.bigInteger('created_at').notNullable();
    t.text('body_json', 'mediumtext').notNullable();
    t.text('changes_json', 'mediumtext').notNullable();
    t.string('result', 16).notNullable().defaultTo('pending'); // contracts CHANGE_RESULTS
    t.integer('error_code').nullable();
    t.string('error_message', 255).nullable();
    t.integer('revert_of').unsigned().nullable();
    t.index(['project_id', 'id'], 'config_changes_project_idx');
    t.index(['project_id', 'sn', 'section', 'version'], 'config_changes_section_idx');
  });
  await knex.schema.createTable('config_applied', (t) => {
    utf8mb4(knex, t);
    t.string('sn', 32).notNullable();
    t.string('section', 32).notNullable();
    t.integer('project_id').unsigned().notNullable();
    t.integer('version').notNullable(); // the version this state is about
    t.string('state', 16).notNullable(); // applied | failed | rolled-back
    t.integer('error_code').nullable();
    t.string('error_message', 255).nullable();
    t.integer('armed_version').nullable(); // sent with a rollback timer, not confirmed yet
    t.bigInteger('updated_at').notNullable();
    t.primary(['sn', 'section']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('config_applied');
  await knex.schema.dropTable('config_changes');
  await knex.schema.dropTable('config_sections');
}
