// spec §3 zone: a fixed offset (the spec's '+8' form) or a named, DST-aware IANA zone, checked by the
// same contracts rule as the form (docs/decisions/accounts-projects.md).
import { ErrorCode } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, signedUp, type TestEnv } from '../../test/test-env.js';

describe.each(backends())('project time zones on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('keeps a named zone, even the longest names, and still defaults to +8', async () => {
    const { c } = await signedUp(env);
    const named = await c.post('/api/v1/projects', { projectName: 'Buenos Aires', scenario: 'hotel', zone: 'America/Argentina/Buenos_Aires' });
    expect(named.status).toBe(201);
    const id = named.body.data.id as number;
    expect((await c.get(`/api/v1/projects/${id}`)).body.data.zone).toBe('America/Argentina/Buenos_Aires');
    const patched = await c.patch(`/api/v1/projects/${id}`, { zone: 'Europe/Lisbon' });
    expect(patched.body.data.zone).toBe('Europe/Lisbon');

    const plain = await c.post('/api/v1/projects', { projectName: 'No zone given', scenario: 'hotel' });
    expect(plain.body.data.zone).toBe('+8');
  });

  it('refuses a zone that does not exist with the rule\'s message and changes nothing', async () => {
    const { c } = await signedUp(env);
    const id = (await c.post('/api/v1/projects', { projectName: 'Lisbon', scenario: 'hotel', zone: 'Europe/Lisbon' })).body.data.id as number;
    for (const zone of ['Mars/Olympus_Mons', 'europe/lisbon', `Europe/${'x'.repeat(70)}`]) {
      const res = await c.patch(`/api/v1/projects/${id}`, { zone });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: ErrorCode.INVALID_PARAMS, fields: { zone: 'rules.timeZone.format' } });
    }
    expect((await c.get(`/api/v1/projects/${id}`)).body.data.zone).toBe('Europe/Lisbon');
  });
});
