// spec §3 Project share "… validity, share time, period …": the hours a share was given for when its
// validity was last set (created, or changed with new hours), null for a permanent one
// (docs/decisions/sharing.md "Role and period"). Shares made before this column get the span from
// their share time to their end.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('project_members', (t) => {
    t.integer('period_hours').nullable();
  });
  await knex('project_members')
    .whereNotNull('expires_at')
    .update({ period_hours: knex.raw('CASE WHEN ROUND((expires_at - shared_at) / 3600000.0) < 1 THEN 1 ELSE ROUND((expires_at - shared_at) / 3600000.0) END') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('project_members', (t) => {
    t.dropColumn('period_hours');
  });
}
