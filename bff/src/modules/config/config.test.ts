// A configuration write whose body is not its section's shape is refused with 400 and the field at
// fault, whatever the client sent; nothing is stored (ARCHITECTURE §4, §7). Found by the generated
// bad-input suite (http/bad-input.test.ts): the gateway's planned LAN address was read before the
// VLAN body had been checked.
import { ErrorCode } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, ownProject, signedUp, type Client, type TestEnv } from '../../test/test-env.js';

describe.each(backends())('configuration writes of the wrong shape on %s', (backend) => {
  let env: TestEnv;
  let owner: Client;
  let id: number;
  beforeAll(async () => {
    env = await createTestEnv(backend);
    owner = (await signedUp(env)).c;
    id = await ownProject(owner);
  });
  afterAll(async () => {
    await env?.close();
  });

  it.each([
    [{ vlans: [null] }, 'vlans.0'],
    [{ vlans: ['VLAN_Default'] }, 'vlans.0'],
    [{ vlans: 'VLAN_Default' }, 'vlans'],
    [{ vlans: { 0: { id: 1 } } }, 'vlans'],
  ])('a gateway VLAN section %j: 400 on %s, nothing stored', async (body, field) => {
    const res = await owner.put(`/api/v1/projects/${id}/gateway/vlan`, body);
    expect([res.status, res.body.code]).toEqual([400, ErrorCode.INVALID_PARAMS]);
    expect(res.body.fields).toHaveProperty([field]);
    expect(await env.db('config_changes').where({ project_id: id }).count({ n: '*' }).first()).toEqual({ n: 0 });
    expect((await owner.get(`/api/v1/projects/${id}/gateway/vlan`)).body.data.version).toBe(0);
  });
});
