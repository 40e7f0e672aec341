// spec §1 profile avatar, §5 images under 10 MB: one image per account, kept in the database so any
// BFF instance serves it, with the content type its bytes were recognised as.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_avatars', (t) => {
    t.integer('account_id').unsigned().primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('mime', 32).notNullable();
    // MEDIUMBLOB holds up to 16 MB on MySQL (a BLOB only 64 kB); SQLite has one BLOB type
    if (knex.client.config.client === 'mysql2') t.specificType('image', 'mediumblob').notNullable();
    else t.binary('image').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_avatars');
}
