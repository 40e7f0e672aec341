// spec §3 Project share, §8 code 64: invitations of an address nobody signed up with yet to a share
// of a project, answered from an e-mailed link. Only the SHA-256 of the link's token is kept.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('share_invitations', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('project_id').unsigned().notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.integer('from_account_id').unsigned().notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('account', 128).notNullable(); // the invited address, normalised
    t.string('share_right', 2).notNullable();
    t.integer('hours').nullable();
    t.string('token_hash', 64).notNullable().unique();
    t.string('status', 10).notNullable(); // pending | accepted | replaced
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('decided_at').nullable();
    t.index(['project_id', 'account'], 'share_invitations_project_account_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('share_invitations');
}
