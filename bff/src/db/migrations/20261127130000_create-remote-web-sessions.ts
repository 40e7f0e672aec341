// Remote web management (docs/maintenance.md): one row per link a person opened to a device's own web
// page. Only SHA-256 hashes of the two secrets are kept (each is 32 random bytes): the link's token
// (the person's) and the tunnel token the device presents once when it dials in. The account is the
// one whose project right every proxied request checks again.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('remote_web_sessions', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.string('token_hash', 64).notNullable().unique();
    t.string('tunnel_token_hash', 64).notNullable().unique();
    t.integer('project_id').unsigned().notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.string('sn', 64).notNullable();
    t.integer('account_id').unsigned().notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    /** the remote-web operation that asked the device to dial in */
    t.integer('operation_id').unsigned().nullable();
    /** opening | opened | failed | closed */
    t.string('state', 16).notNullable();
    /** spec §8 320–326: why it failed or was closed */
    t.integer('code').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('last_activity_at').notNullable();
    t.bigInteger('closed_at').nullable();
    /** the console instance that holds the tunnel (tunnels live in one instance's memory) */
    t.string('instance_id', 32).nullable();
    t.index(['project_id', 'sn', 'account_id'], 'remote_web_sessions_device_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('remote_web_sessions');
}
