// The audit log (docs/audit-log.md): one row per write call, appended once its answer is sent, never
// changed and never removed — triggers refuse UPDATE and DELETE on both databases, so not even a bug
// in the console (or a person with the console's database account) rewrites the story quietly. No
// foreign keys: a removed account or project keeps its rows (a cascade would be refused anyway).
// Never a body, a password, a token or a key: what changed is kept only for configuration, copied
// from the engine's history, which already hides passwords.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

const REFUSED = 'audit_log is append-only';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (t) => {
    utf8mb4(knex, t);
    t.bigIncrements('id').primary();
    /** UTC epoch milliseconds, when the answer was finished */
    t.bigInteger('at').notNullable();
    t.integer('project_id').unsigned().nullable();
    t.integer('account_id').unsigned().nullable();
    /** the account's e-mail or phone at the time */
    t.string('actor', 100).nullable();
    /** session | demo | api-key | manufacturer-key | anonymous */
    t.string('principal', 20).notNullable();
    t.integer('api_key_id').unsigned().nullable();
    /** `domain.name` of the declared endpoint */
    t.string('endpoint', 100).notNullable();
    t.string('method', 8).notNullable();
    t.string('path', 300).notNullable();
    t.string('ip', 64).nullable();
    t.string('user_agent', 200).nullable();
    t.smallint('status').notNullable();
    /** the envelope's code: 0, or the spec §8 code of the refusal */
    t.integer('code').notNullable();
    t.string('target', 200).nullable();
    /** configuration writes: the history's field-level changes, JSON; null for other writes */
    t.text('changes_json').nullable();
    t.index(['project_id', 'id'], 'audit_log_project_idx');
    t.index(['account_id', 'id'], 'audit_log_account_idx');
  });
  if (knex.client.config.client === 'mysql2') {
    await knex.raw(`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '${REFUSED}'`);
    await knex.raw(`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '${REFUSED}'`);
  } else {
    await knex.raw(`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, '${REFUSED}'); END`);
    await knex.raw(`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, '${REFUSED}'); END`);
  }
}

export async function down(knex: Knex): Promise<void> {
  // dropping the table drops its triggers (a DROP is no DELETE: the rows go with the table)
  await knex.schema.dropTable('audit_log');
}
