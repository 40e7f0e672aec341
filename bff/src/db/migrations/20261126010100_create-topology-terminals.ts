// Terminals the user adds by hand to the topology (spec §5 "Topology"): a non-managed terminal of a
// §3 terminal kind on a port of a device of the project, with the §3 "port / device entry" fields.
// Kept in the console's database: nothing reports them (docs/decisions/devices.md). One terminal a
// port: the unique key holds it when two people add one to the same port at once.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('topology_terminals', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('project_id').unsigned().notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.string('sn', 32).notNullable();
    t.integer('port').notNullable();
    t.string('kind', 16).notNullable();
    t.string('model', 32).notNullable();
    t.string('name', 32).nullable();
    t.string('ip', 15).nullable();
    t.string('mac', 17).nullable();
    t.integer('vlan').nullable();
    t.integer('revision').notNullable().defaultTo(1);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['project_id', 'sn', 'port'], { indexName: 'topology_terminals_port_uq' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('topology_terminals');
}
