// Manufacturer registration (ARCHITECTURE §5): one row per device with its broker secret as a
// scrypt hash. Registering an SN again replaces its identity and secret and keeps what the
// console knows about it (binding, names, reported state) — a manufacturer cannot take a device
// away from the project it is in.
import type { DeviceType } from '@airloom/contracts';
import type { Knex } from 'knex';
import { endpointIdFor } from '@airloom/usp';
import { hashSecret } from '../broker/credentials.js';
import { nextRevision } from './revision.js';

export interface DeviceRegistration {
  sn: string;
  type: DeviceType;
  model: string;
  /** upper case, colons (contracts macAddress) */
  mac: string;
  secret: string;
  /** the cloud code on its label (contracts cloudCode: 8 upper-case characters); left as it is when undefined */
  cloudCode?: string;
  manufacturer?: string;
  ownerAccountId?: number | null;
  /** staged for a project: bound at once when it is in none */
  projectId?: number | null;
}

export interface RegisteredDevice {
  sn: string;
  endpointId: string;
  publishTopic: string;
  subscribeTopic: string;
}

export async function registerDevices(
  db: Knex,
  devices: DeviceRegistration[],
): Promise<{ created: number; updated: number; devices: RegisteredDevice[] }> {
  // hash before the transaction: scrypt takes a while and must not hold locks
  const prepared = await Promise.all(
    devices.map(async (d) => ({ ...d, endpointId: endpointIdFor(d.mac, d.sn), secretHash: await hashSecret(d.secret) })),
  );
  let created = 0;
  await db.transaction(async (trx) => {
    const now = Date.now();
    for (const d of prepared) {
      const identity = {
        endpoint_id: d.endpointId,
        type: d.type,
        model: d.model,
        mac: d.mac,
        manufacturer: d.manufacturer ?? 'Airloom',
        secret_hash: d.secretHash,
        updated_at: now,
        ...(d.cloudCode !== undefined ? { cloud_code: d.cloudCode } : {}),
      };
      const existing = (await trx('devices').where({ sn: d.sn }).first('project_id', 'owner_account_id')) as
        | { project_id: number | null; owner_account_id: number | null }
        | undefined;
      if (!existing) {
        created++;
        await trx('devices').insert({
          sn: d.sn,
          ...identity,
          owner_account_id: d.ownerAccountId ?? null,
          project_id: d.projectId ?? null,
          bound_at: d.projectId ? now : null,
          created_at: now,
        });
        continue;
      }
      const changes: Record<string, unknown> = { ...identity };
      if (d.ownerAccountId !== undefined && d.ownerAccountId !== null) changes.owner_account_id = d.ownerAccountId;
      if (d.projectId && existing.project_id === null) Object.assign(changes, { project_id: d.projectId, bound_at: now });
      await trx('devices').where({ sn: d.sn }).update({ ...changes, revision: nextRevision(trx) });
    }
  });
  return {
    created,
    updated: prepared.length - created,
    devices: prepared.map((d) => ({
      sn: d.sn,
      endpointId: d.endpointId,
      publishTopic: `usp/c/${d.endpointId}`,
      subscribeTopic: `usp/a/${d.endpointId}/#`,
    })),
  };
}
