// spec §1 permission transfer, §4: offers of a project to another account, answered from an e-mailed
// link. Only the SHA-256 of the link's token is kept. The rows stay as the project's transfer history.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('project_transfers', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('project_id').unsigned().notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.integer('from_account_id').unsigned().notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('to_account_id').unsigned().notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.string('status', 10).notNullable(); // pending | accepted | declined | cancelled
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('decided_at').nullable();
    t.index(['project_id', 'status'], 'project_transfers_project_status_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('project_transfers');
}
