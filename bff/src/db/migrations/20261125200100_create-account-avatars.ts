// spec §1 profile avatar, §5 images under 10 MB: one image per account, kept in the database so any
// BFF instance serves it, with the content type its bytes were recognised as. Stored in parts of
// 1 MiB: one statement carrying 10 MB would exceed MariaDB's default max_allowed_packet (16 MB, and
// the bytes travel hex- or escape-encoded).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_avatars', (t) => {
    t.integer('account_id').unsigned().notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.smallint('part').notNullable();
    t.string('mime', 32).notNullable();
    // MEDIUMBLOB: a BLOB holds only 64 kB on MySQL; SQLite has one BLOB type
    if (knex.client.config.client === 'mysql2') t.specificType('image', 'mediumblob').notNullable();
    else t.binary('image').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.primary(['account_id', 'part']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_avatars');
}
