// The online statistics' signal-strength buckets (contracts SIGNAL_BUCKETS): the project's Wi-Fi
// clients online now, as the online clients list has them (store/clients.ts), counted by how well
// their AP hears them. A client of an offline device is not online (the list says so too).
import { isDeviceOnline, SIGNAL_BUCKETS, signalBucketOf, type SignalBucket } from '@airloom/contracts';
import type { Knex } from 'knex';

export async function projectSignalBuckets(db: Knex, projectId: number): Promise<{ bucket: SignalBucket; clients: number }[]> {
  const rows = (await db('clients as c')
    .join('devices as d', function joinDevice() {
      this.on('d.sn', '=', 'c.sn').andOn('d.project_id', '=', 'c.project_id');
    })
    .where({ 'c.project_id': projectId, 'c.online': 1, 'c.connection': 'wireless' })
    .whereNotNull('c.signal')
    .select('c.signal', 'd.status')) as { signal: number | string; status: number | string }[];
  const counts = new Map<SignalBucket, number>(SIGNAL_BUCKETS.map((b) => [b.bucket, 0]));
  for (const row of rows) {
    if (!isDeviceOnline(Number(row.status))) continue;
    const bucket = signalBucketOf(Number(row.signal));
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return SIGNAL_BUCKETS.map((b) => ({ bucket: b.bucket, clients: counts.get(b.bucket) ?? 0 }));
}
