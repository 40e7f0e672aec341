// spec §1 account management, §5 superior/subordinate, §6 engineer role: which company account an
// engineer (sub-)account belongs to. One level only: a subordinate is never a superior, so there are
// no cycles. A disabled engineer's password hash waits here while `accounts.password_hash` is empty.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sub_accounts', (t) => {
    t.integer('account_id').unsigned().primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('superior_account_id').unsigned().notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('disabled_at').nullable();
    t.string('held_password_hash', 255).nullable();
    t.index(['superior_account_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sub_accounts');
}
