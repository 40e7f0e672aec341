// spec §3 zone now also holds named IANA zones ('America/Argentina/Buenos_Aires'), longer than the
// 16 characters of the first column (docs/decisions/accounts-projects.md). SQLite does not enforce
// VARCHAR lengths, and rebuilding its table would have to drop and restore the foreign keys that
// point at projects, so only MySQL/MariaDB change.
import type { Knex } from 'knex';
import { DEFAULT_ZONE, ZONE_MAX_LENGTH } from '@airloom/contracts';

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'mysql2') return;
  await knex.schema.alterTable('projects', (t) => {
    t.string('zone', ZONE_MAX_LENGTH).notNullable().defaultTo(DEFAULT_ZONE).alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'mysql2') return;
  await knex.schema.alterTable('projects', (t) => {
    t.string('zone', 16).notNullable().defaultTo(DEFAULT_ZONE).alter();
  });
}
