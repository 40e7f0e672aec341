// Activation records (spec §3, docs/decisions/datascreen.md): written when a registered device first
// connects, updated on each later connection. The first connection's time never moves; the public
// IP, its location and the project are the latest ones.
import type { Knex } from 'knex';

export const DAY_MS = 86_400_000;

export interface IpLocation {
  /** ISO 3166-1 alpha-2, '' when unknown */
  country: string;
  state: string;
  city: string;
}

export const UNKNOWN_LOCATION: IpLocation = { country: '', state: '', city: '' };

export interface ActivationInput {
  sn: string;
  publicIp: string;
  location: IpLocation;
  now: number;
}

/** Day number (UTC) of a time in ms: what the daily counts group by. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** Writes or refreshes the device's activation record; returns true when this was its first connection. */
export async function recordActivation(db: Knex, input: ActivationInput): Promise<boolean> {
  const device = (await db('devices').where({ sn: input.sn }).first('type', 'model', 'manufacturer', 'mac', 'project_id', 'owner_account_id')) as
    | { type: string; model: string; manufacturer: string; mac: string; project_id: number | null; owner_account_id: number | null }
    | undefined;
  if (!device) return false;
  const latest = {
    updated_at: input.now,
    public_ip: input.publicIp.slice(0, 45),
    country: input.location.country.slice(0, 2),
    state: input.location.state.slice(0, 64),
    city: input.location.city.slice(0, 96),
    project_id: device.project_id,
    owner_account_id: device.owner_account_id,
  };
  const updated = await db('activations').where({ sn: input.sn }).update(latest);
  if (updated > 0) return false;
  const first = {
    sn: input.sn,
    activated_at: input.now,
    activated_day: dayOf(input.now),
    type: device.type,
    model: device.model,
    brand: device.manufacturer,
    mac: device.mac,
    ...latest,
  };
  // two gateway instances may both see a first connection: the first insert wins, the other updates
  const inserted = await db('activations').insert(first).onConflict('sn').ignore();
  const count = Array.isArray(inserted) ? inserted.length : 0;
  if (count === 0 || (await db('activations').where({ sn: input.sn, activated_at: input.now }).first('sn')) === undefined) {
    await db('activations').where({ sn: input.sn }).update(latest);
    return false;
  }
  return true;
}
