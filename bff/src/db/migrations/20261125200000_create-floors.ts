// The Wi-Fi map's floors (spec §1 "Wi-Fi map"): per project, the plan's size and scale, its walls and
// placed APs as JSON documents (always read and written whole), and the plan image in its own table
// so listing floors never reads megabytes. Kept in the console's database, not the gateway's tables:
// a floor is a design document, not something a device reports (docs/decisions/radio.md).
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  const mysql = knex.client.config.client === 'mysql2';
  await knex.schema.createTable('floors', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('project_id').unsigned().notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.string('name', 64).notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.double('metres_per_pixel').notNullable();
    if (mysql) t.specificType('walls_json', 'mediumtext').notNullable();
    else t.text('walls_json').notNullable();
    t.text('aps_json').notNullable();
    t.integer('image_bytes').nullable();
    t.integer('revision').notNullable().defaultTo(1);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['project_id'], 'floors_project_idx');
  });
  // in chunks of 256 kB: a 10 MB plan in one statement would pass MySQL's max_allowed_packet
  // once the driver writes it as hex
  await knex.schema.createTable('floor_images', (t) => {
    t.integer('floor_id').unsigned().notNullable().references('id').inTable('floors').onDelete('CASCADE');
    t.integer('seq').notNullable();
    if (mysql) t.specificType('bytes', 'mediumblob').notNullable();
    else t.binary('bytes').notNullable();
    t.primary(['floor_id', 'seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('floor_images');
  await knex.schema.dropTable('floors');
}
