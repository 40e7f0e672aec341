// The data screen's device list opens newest first (ORDER BY activated_at DESC, sn DESC LIMIT 50):
// with this index the database walks the newest records and stops at the page, where it sorted
// every record in the caller's scope before (docs/decisions/datascreen.md, "Live updates"). The
// export's keyset reads in that order use it too.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('activations', (t) => {
    t.index(['activated_at', 'sn'], 'activations_time_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('activations', (t) => {
    t.dropIndex(['activated_at', 'sn'], 'activations_time_idx');
  });
}
