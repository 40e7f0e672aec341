// ARCHITECTURE §5 operations outbox: queued → sent → running → done | failed | expired. The BFF
// inserts queued rows; a gateway instance claims a row (claimed_by + a lease until claim_until)
// before sending it, so exactly one instance works on it. The row id is the USP command_key.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('operations', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('project_id').unsigned().notNullable();
    t.string('sn', 32).notNullable();
    t.string('kind', 16).notNullable(); // contracts OPERATION_KINDS
    t.string('state', 16).notNullable().defaultTo('queued'); // contracts OPERATION_STATES
    t.integer('created_by_account_id').unsigned().nullable();
    t.string('claimed_by', 64).nullable();
    t.bigInteger('claim_until').nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('error_code').nullable(); // spec §8 code when failed/expired
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('sent_at').nullable();
    t.bigInteger('finished_at').nullable();
    t.bigInteger('expires_at').notNullable(); // not sent by then → expired
    t.index(['state', 'claim_until'], 'operations_state_claim_idx');
    t.index(['sn', 'state'], 'operations_sn_state_idx');
    t.index(['project_id', 'created_at'], 'operations_project_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('operations');
}
