// The model catalogue over HTTP: anybody signed in reads it, searched by text and filtered by type;
// a bad type is refused with the rule's sentence, never a 500.
import { ErrorCode } from '@airloom/contracts';
import { DEVICE_MODELS } from '@airloom/contracts/config';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, signedUp, type Client, type TestEnv } from '../../test/test-env.js';

describe.each(backends())('GET /api/v1/models on %s', (backend) => {
  let env: TestEnv;
  let user: Client;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    user = (await signedUp(env)).c;
  });
  afterAll(async () => {
    await env?.close();
  });

  it('lists every model with ports, radios, limits and the recommended firmware', async () => {
    const res = await user.get('/api/v1/models');
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBe(DEVICE_MODELS.length);
    const sw = res.body.data.list.find((m: { model: string }) => m.model === 'AL-SW2052F');
    expect(sw).toMatchObject({ type: 'switch', brand: 'Airloom', icon: 'switch', ports: { count: 52, poe: 48, sfp: 4, poeBudgetW: 740 } });
    const ap = res.body.data.list.find((m: { model: string }) => m.model === 'AL-AP620');
    expect(ap).toMatchObject({ bands: ['2.4GHz', '5GHz'], maxClients: { '2.4GHz': 64, '5GHz': 128 }, recommendedFirmware: 'V2.4.0' });
  });

  it.each([
    [{ q: 'sw' }, ['AL-SW1024P', 'AL-SW1008P', 'AL-SW2052F', 'AL-SW3028X']],
    [{ q: 'NVR' }, ['AL-NVR208', 'AL-NVR416']],
    [{ type: 'cpe' }, ['AL-CPE510', 'AL-BR500']],
    [{ q: 'gw', type: 'router' }, ['AL-GW1200', 'AL-GW3000']],
    [{ q: 'nothing-like-this' }, []],
  ])('searches %o', async (query, models) => {
    const res = await user.get('/api/v1/models').query(query);
    expect(res.body.code).toBe(0);
    expect(res.body.data.list.map((m: { model: string }) => m.model)).toEqual(models);
  });

  it('refuses an unknown type with the rule, and nobody signed in', async () => {
    const bad = await user.get('/api/v1/models').query({ type: 'toaster' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ErrorCode.INVALID_PARAMS);
    const anon = await request(env.app).get('/api/v1/models');
    expect(anon.body.code).toBe(ErrorCode.TOKEN_MISSING);
  });
});
