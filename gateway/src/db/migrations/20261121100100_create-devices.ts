// spec §3 Device, ARCHITECTURE §5. One row per manufactured device (registered with its broker
// secret), bound to a project or not. The columns split three ways:
//  - identity and credentials: written by the manufacturer registration;
//  - intent (desired_name, config_version, project_id): written by the console (BFF);
//  - reported state (status, name, ip, software_version, reported_json, …): written only by the
//    gateway runtime, which also owns the status number.
// No foreign key to projects: the gateway runs without the BFF's tables; the BFF unbinds a deleted
// project's devices itself.
import type { Knex } from 'knex';
import { utf8mb4 } from '../schema-helpers.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('devices', (t) => {
    utf8mb4(knex, t);
    t.string('sn', 32).primary();
    t.string('endpoint_id', 96).notNullable().unique('devices_endpoint_uq');
    t.string('type', 16).notNullable();
    t.string('model', 32).notNullable();
    t.string('mac', 17).notNullable();
    t.string('manufacturer', 64).notNullable().defaultTo('');
    t.string('secret_hash', 255).notNullable(); // scrypt, see gateway/src/broker/credentials.ts
    t.integer('owner_account_id').unsigned().nullable(); // the account it was sold to ("to be verified")
    t.integer('project_id').unsigned().nullable();
    t.bigInteger('bound_at').nullable();
    // intent
    t.string('desired_name', 64).nullable();
    t.integer('config_version').notNullable().defaultTo(0); // bumped by every desired change
    t.integer('applied_version').notNullable().defaultTo(0); // the version the device confirmed
    // reported state
    t.string('name', 64).notNullable().defaultTo('');
    t.tinyint('supports_name').nullable(); // null: not asked yet; 0: no vendor name parameter
    t.tinyint('status').notNullable().defaultTo(0); // spec §3 number
    t.string('ip', 45).notNullable().defaultTo('');
    t.string('software_version', 64).notNullable().defaultTo('');
    t.string('mesh_mode', 16).nullable();
    t.string('management_mode', 16).notNullable().defaultTo('cloud');
    t.integer('clients').notNullable().defaultTo(0);
    t.integer('uptime').nullable();
    t.text('reported_json').nullable(); // radios, ssids, wifi clients, ports, counters (DeviceDetail)
    t.string('gateway_id', 64).nullable(); // instance that last heard the device
    t.bigInteger('last_seen_at').nullable(); // ms UTC
    t.bigInteger('last_boot_at').nullable();
    t.string('last_boot_command_key', 64).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['project_id'], 'devices_project_idx');
    t.index(['owner_account_id', 'project_id'], 'devices_owner_idx');
    t.index(['status', 'last_seen_at'], 'devices_status_seen_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('devices');
}
