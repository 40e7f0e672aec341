// The device tables are the gateway's: the console reaches them through the gateway's one public
// face (ARCHITECTURE §1), the device directory, which reads and records intents and decides nothing.
import { createDeviceDirectory, type Bus } from '@airloom/gateway/public';
import type { Knex } from 'knex';

export function createDevicesRepository(db: Knex, bus?: Bus) {
  return createDeviceDirectory(db, bus);
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
