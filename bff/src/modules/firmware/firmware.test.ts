// The firmware catalogue's checksums: each release publishes the SHA-256 of its image, the image the
// console builds and serves is exactly that one, and the project's firmware list shows it per release.
import { createHash, randomBytes } from 'node:crypto';
import { FIRMWARE_RELEASES, FirmwareListResponseSchema } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, signedUp, type TestEnv } from '../../test/test-env.js';
import { catalogueImageBytes } from './firmware.service.js';

describe('the firmware catalogue checksums', () => {
  it('publishes for every release the SHA-256 and size of the image the console builds for it', () => {
    for (const release of FIRMWARE_RELEASES) {
      const bytes = catalogueImageBytes(release);
      expect(bytes.length, `${release.model} ${release.version}`).toBe(release.size);
      expect(createHash('sha256').update(bytes).digest('hex'), `${release.model} ${release.version}`).toBe(release.sha256);
    }
    // two releases never share a checksum
    expect(new Set(FIRMWARE_RELEASES.map((r) => r.sha256)).size).toBe(FIRMWARE_RELEASES.length);
  });
});

describe.each(backends())('the firmware list on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  it("lists each catalogue release with its published checksum", async () => {
    const { c } = await signedUp(env);
    const created = await c.post('/api/v1/projects', { projectName: `F${randomBytes(3).toString('hex')}`, scenario: 'hotel' });
    const id = created.body.data.id as number;
    const res = await c.get(`/api/v1/projects/${id}/firmware`);
    expect(res.status).toBe(200);
    const list = FirmwareListResponseSchema.parse(res.body.data);
    const ap = list.models.find((m) => m.model === 'AL-AP620')!;
    const published = FIRMWARE_RELEASES.filter((r) => r.model === 'AL-AP620');
    expect(ap.releases.map((r) => [r.version, r.sha256]).sort()).toEqual(published.map((r) => [r.version, r.sha256]).sort());
    for (const m of list.models) for (const r of m.releases) expect(r.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
