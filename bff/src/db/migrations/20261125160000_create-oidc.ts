// OpenID Connect sign-in (issue 16): the provider identities bound to accounts (issuer + subject, one
// per provider and account), and the short-lived flows between /auth/oidc/start and the callback
// (state → PKCE verifier, nonce, intent, and for a bind the account).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_identities', (t) => {
    t.increments('id').primary();
    t.integer('account_id').unsigned().notNullable();
    t.string('issuer', 255).notNullable();
    t.string('subject', 255).notNullable();
    t.string('label', 254).notNullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['issuer', 'subject'], { indexName: 'account_identities_subject' });
    t.unique(['account_id', 'issuer'], { indexName: 'account_identities_account' });
  });
  await knex.schema.createTable('oidc_flows', (t) => {
    t.string('state', 64).primary();
    t.string('verifier', 128).notNullable();
    t.string('nonce', 64).notNullable();
    t.string('intent', 8).notNullable();
    t.integer('account_id').unsigned().nullable();
    t.string('next_path', 512).nullable();
    t.bigInteger('expires_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oidc_flows');
  await knex.schema.dropTable('account_identities');
}
