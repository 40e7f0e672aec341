// Helpers shared by migrations (kept outside migrations/ so nothing mistakes them for one).
import type { Knex } from 'knex';

/** MySQL/MariaDB tables in utf8mb4 whatever the server default, so names may hold any character. */
export function utf8mb4(knex: Knex, t: Knex.CreateTableBuilder): void {
  if (knex.client.config.client === 'mysql2') {
    t.charset('utf8mb4');
    t.collate('utf8mb4_unicode_ci');
  }
}
