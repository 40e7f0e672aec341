// The gateway's tables in a throw-away MariaDB database, with the fleet registered the way the
// manufacturer API does it (scrypt-hashed secrets), so devices authenticate like real ones.
import { registerDevices, type DeviceRegistration } from '@airloom/gateway';
import { migrateGatewayTables } from '@airloom/gateway/testing';
import knex, { type Knex } from 'knex';
import { createMysqlDatabase } from '../src/mysql.js';

export interface BenchDatabase {
  url: string;
  name: string;
  db: Knex;
  drop(): Promise<void>;
}

export async function createBenchDatabase(): Promise<BenchDatabase> {
  const created = await createMysqlDatabase();
  const db = knex({ client: 'mysql2', connection: created.url, pool: { min: 0, max: 4 } });
  await migrateGatewayTables(db);
  return {
    url: created.url,
    name: new URL(created.url).pathname.slice(1),
    db,
    async drop() {
      await db.destroy();
      await created.drop();
    },
  };
}

const IDENTITY = ['sn', 'endpoint_id', 'type', 'model', 'mac', 'manufacturer', 'secret_hash', 'owner_account_id', 'project_id', 'bound_at', 'created_at', 'updated_at'];

/** The registered devices' rows (identity and secret hash), to register them elsewhere again. */
export type IdentityRows = Record<string, unknown>[];

/**
 * Registers the fleet through the store (one scrypt hash per device secret), or inserts identity
 * rows read back from an earlier registration, so the hashing is paid once per run.
 */
export async function registerFleet(db: Knex, devices: DeviceRegistration[], registered?: IdentityRows): Promise<IdentityRows> {
  if (registered) {
    for (let i = 0; i < registered.length; i += 500) await db('devices').insert(registered.slice(i, i + 500));
    return registered;
  }
  for (let i = 0; i < devices.length; i += 500) await registerDevices(db, devices.slice(i, i + 500));
  return (await db('devices').select(IDENTITY)) as IdentityRows;
}
