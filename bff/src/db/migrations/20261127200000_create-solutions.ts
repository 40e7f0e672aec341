// The solution designer (docs/solutions.md): an account's saved solutions, its custom scenarios (at
// most 20, spec §9), read-only shares of a solution with an account or by a link (only the link
// token's SHA-256 is kept), and the planned devices of a project made from a solution. JSON documents
// are text columns parsed in the repository, the same on SQLite and MySQL; times are UTC epoch ms.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('solution_scenarios', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('account_id').unsigned().notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 128).notNullable();
    t.text('defaults').notNullable();
    t.double('wall_loss_db').notNullable();
    t.double('wall_spacing_m').notNullable();
    t.double('concurrency').notNullable();
    t.bigInteger('modified_at').notNullable();
    t.index(['account_id'], 'solution_scenarios_account_idx');
  });
  await knex.schema.createTable('solutions', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('owner_account_id').unsigned().notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('name', 255).notNullable();
    t.string('scenario', 16).notNullable();
    t.integer('custom_scenario_id').unsigned().nullable().references('id').inTable('solution_scenarios').onDelete('SET NULL');
    t.text('inputs').notNullable();
    t.text('gateway').notNullable();
    t.text('lines').notNullable();
    t.text('advice').notNullable();
    t.text('advantages').notNullable();
    t.string('type', 8).notNullable();
    t.string('policy', 16).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('modified_at').notNullable();
    t.index(['owner_account_id', 'modified_at'], 'solutions_owner_idx');
  });
  await knex.schema.createTable('solution_shares', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('solution_id').unsigned().notNullable().references('id').inTable('solutions').onDelete('CASCADE');
    /** shared with this account (read-only), or null for a link */
    t.integer('account_id').unsigned().nullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('token_hash', 64).nullable().unique();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').nullable();
    t.unique(['solution_id', 'account_id'], { indexName: 'solution_shares_account_uq' });
    t.index(['account_id'], 'solution_shares_account_idx');
  });
  await knex.schema.createTable('project_planned_devices', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('project_id').unsigned().notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.integer('solution_id').unsigned().nullable().references('id').inTable('solutions').onDelete('SET NULL');
    t.string('model', 64).notNullable();
    /** the solution line's kind: gateway, accessSwitch, coreSwitch, ap, ac */
    t.string('kind', 16).notNullable();
    /** the serial number bound to this planned place, once one of this model joined the project */
    t.string('sn', 64).nullable();
    t.bigInteger('bound_at').nullable();
    t.index(['project_id', 'model'], 'project_planned_devices_model_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('project_planned_devices');
  await knex.schema.dropTable('solution_shares');
  await knex.schema.dropTable('solutions');
  await knex.schema.dropTable('solution_scenarios');
}
