// spec §3 Project share / §6: an account invited to a project with right rw or r, permanent
// (expires_at null) or until expires_at. The sharing screens of a later issue write these rows.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('project_members', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('project_id').unsigned().notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.integer('account_id').unsigned().notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('share_right', 2).notNullable(); // 'rw' | 'r'
    t.bigInteger('shared_at').notNullable();
    t.bigInteger('expires_at').nullable(); // null: permanent
    t.integer('shared_by_account_id').unsigned().nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.unique(['project_id', 'account_id'], { indexName: 'project_members_project_account_uq' });
    t.index(['account_id'], 'project_members_account_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('project_members');
}
