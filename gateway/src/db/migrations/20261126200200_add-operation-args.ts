// An operation's input arguments (a forced-offline client's MAC and its AccessPoint instance, a PoE
// reboot's port, an LED mode): JSON, null for the operations whose arguments are all in the capability
// catalogue (contracts OperationArgsSchema).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('operations', (t) => {
    t.text('args_json').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('operations', (t) => {
    t.dropColumn('args_json');
  });
}
