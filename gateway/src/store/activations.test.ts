import type { Knex } from 'knex';
import { hasRegionShape } from '@airloom/contracts/regions';
import { generateFleet, publicIpFor } from '@airloom/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicIpv4, locateIp } from '../geoip.js';
import { dayOf, recordActivation } from './activations.js';
import { registerDevices } from './registration.js';
import { createTestDb, testBackends } from './test-db.js';

describe('public IP location (offline GeoIP)', () => {
  it('places a public address in its country, state and city', async () => {
    expect(await locateIp('81.2.69.142')).toEqual({ country: 'GB', state: 'ENG', city: 'Long Buckby' });
    expect(await locateIp('83.202.1.1')).toMatchObject({ country: 'FR', city: 'Paris' });
  });

  it("places every simulated device in a region the data screen's region map draws", async () => {
    const ips = new Set(generateFleet(500000, 400).map(publicIpFor));
    const unplaced: string[] = [];
    for (const ip of ips) {
      const at = await locateIp(ip);
      if (!hasRegionShape(at.country, at.state)) unplaced.push(`${ip} ${at.country}-${at.state}`);
    }
    expect(unplaced).toEqual([]);
    expect(ips.size).toBeGreaterThan(200);
  });

  it('calls private, documentation, malformed and empty addresses unknown', async () => {
    for (const ip of ['10.1.2.3', '192.168.50.1', '172.20.0.4', '100.64.1.1', '127.0.0.1', '203.0.113.5', '', 'not-an-ip', '::1']) {
      expect(isPublicIpv4(ip)).toBe(false);
      expect(await locateIp(ip)).toEqual({ country: '', state: '', city: '' });
    }
  });
});

describe.each(testBackends())('activation records on %s', (backend) => {
  let db: Knex;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await createTestDb(backend));
    await registerDevices(db, [
      { sn: 'ALACT0000000001X', type: 'ap', model: 'AL-AP1', mac: '02:41:4C:00:00:01', secret: 'a-device-secret-0001', projectId: 500000 },
    ]);
    await db('devices').where({ sn: 'ALACT0000000001X' }).update({ manufacturer: 'Airloom' });
  });
  afterAll(async () => {
    await close?.();
  });

  it('is written at the first connection and only refreshed by later ones', async () => {
    const first = Date.UTC(2026, 10, 20, 8, 30);
    const gb = { country: 'GB', state: 'ENG', city: 'Long Buckby' };
    expect(await recordActivation(db, { sn: 'ALACT0000000001X', publicIp: '81.2.69.142', location: gb, now: first })).toBe(true);
    const written = await db('activations').where({ sn: 'ALACT0000000001X' }).first();
    expect(written).toMatchObject({ type: 'ap', model: 'AL-AP1', brand: 'Airloom', mac: '02:41:4C:00:00:01', public_ip: '81.2.69.142', country: 'GB', state: 'ENG', city: 'Long Buckby' });
    expect(Number(written.activated_at)).toBe(first);
    expect(Number(written.activated_day)).toBe(dayOf(first));
    expect(Number(written.project_id)).toBe(500000);

    const later = first + 3 * 86_400_000;
    const fr = { country: 'FR', state: 'IDF', city: 'Paris' };
    expect(await recordActivation(db, { sn: 'ALACT0000000001X', publicIp: '83.202.1.1', location: fr, now: later })).toBe(false);
    const rows = await db('activations').where({ sn: 'ALACT0000000001X' });
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].activated_at)).toBe(first);
    expect(Number(rows[0].updated_at)).toBe(later);
    expect(rows[0]).toMatchObject({ public_ip: '83.202.1.1', country: 'FR', city: 'Paris' });
  });

  it('writes nothing for a device that is not registered', async () => {
    expect(await recordActivation(db, { sn: 'ALNOTREGISTERED1', publicIp: '', location: { country: '', state: '', city: '' }, now: Date.now() })).toBe(false);
    expect(await db('activations').where({ sn: 'ALNOTREGISTERED1' })).toHaveLength(0);
  });
});
