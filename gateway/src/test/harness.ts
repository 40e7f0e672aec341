// Test helpers for the runtime: waiting for what a user or a device would notice, and registering
// simulated devices in the gateway tables.
import { endpointIdFor } from '@airloom/usp';
import type { Knex } from 'knex';
import type { DeviceRow, OperationRow } from '../store/rows.js';

export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface TestDeviceSpec {
  sn: string;
  mac: string;
  type: string;
  model: string;
}

/** Registers devices for a project as the manufacturer API would (the bare test broker checks no secret). */
export async function insertDevices(db: Knex, specs: TestDeviceSpec[], projectId: number): Promise<void> {
  const now = Date.now();
  await db('devices').insert(
    specs.map((s) => ({
      sn: s.sn,
      endpoint_id: endpointIdFor(s.mac, s.sn),
      type: s.type,
      model: s.model,
      mac: s.mac,
      secret_hash: 'not-checked-by-the-test-broker',
      project_id: projectId,
      bound_at: now,
      created_at: now,
      updated_at: now,
    })),
  );
}

export async function deviceRow(db: Knex, sn: string): Promise<DeviceRow> {
  return (await db<DeviceRow>('devices').where({ sn }).first()) as DeviceRow;
}

export async function operationRow(db: Knex, id: number): Promise<OperationRow> {
  return (await db<OperationRow>('operations').where({ id }).first()) as OperationRow;
}

/** The statuses a device went through, oldest first (device_status_log). */
export async function statusHistory(db: Knex, sn: string): Promise<number[]> {
  const rows = (await db('device_status_log').where({ sn }).orderBy('id', 'asc').select('to_status')) as { to_status: number }[];
  return rows.map((r) => Number(r.to_status));
}
