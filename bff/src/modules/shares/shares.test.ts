// Sharing a project (spec §3 Project share, §4 expiry, §5/§6/§9 caps; docs/decisions/sharing.md):
// what the owner and the guest each see and may do, every cap with its code, and that a refused
// share changes no row.
import { ErrorCode, LIMITS } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, ownProject, createTestEnv, signedUp, uniqueEmail, type TestEnv } from '../../test/test-env.js';

const HOUR = 3_600_000;

describe.each(backends())('project shares on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  /** accounts nobody signs in with, for filling caps */
  async function bareAccounts(n: number): Promise<string[]> {
    const now = env.clock.now();
    const rows = Array.from({ length: n }, () => ({ account: uniqueEmail('cap'), account_kind: 'email', nick: 'Cap', role: 0, password_hash: null, created_at: now, updated_at: now }));
    await env.db('accounts').insert(rows);
    return rows.map((r) => r.account);
  }
  const rows = async (projectId: number) => Number((await env.db('project_members').where({ project_id: projectId }).count({ n: '*' }).first())?.n ?? 0);

  it('the owner shares read-only for an hour: the guest sees the project read-only, the owner sees the share active', async () => {
    const owner = await signedUp(env);
    const guest = await signedUp(env);
    const id = await ownProject(owner.c);

    const created = await owner.c.post(`/api/v1/projects/${id}/shares`, { account: guest.account.toUpperCase(), permission: 'r', hours: 1 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ account: guest.account, role: 'guest', permission: 'r', periodHours: 1, status: 'active' });
    const lasts = Date.parse(created.body.data.expiresAt) - env.clock.now();
    expect(lasts).toBeGreaterThan(HOUR - 60_000);
    expect(lasts).toBeLessThanOrEqual(HOUR);

    const list = await guest.c.get('/api/v1/projects');
    expect(list.body.data.items).toContainEqual(expect.objectContaining({ id, right: 'r', isShare: true, property: 'invited-r' }));
    const write = await guest.c.patch(`/api/v1/projects/${id}`, { projectName: 'Taken over' });
    expect(write.body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    // the guest does not manage the shares
    expect((await guest.c.get(`/api/v1/projects/${id}/shares`)).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);

    const shares = await owner.c.get(`/api/v1/projects/${id}/shares`);
    expect(shares.body.data.items).toEqual([created.body.data]);
  });

  it('a share that runs out, or is ended now, is refused on the next request and gone from the guest\'s list; the owner sees it expired', async () => {
    const owner = await signedUp(env);
    const guest = await signedUp(env);
    const id = await ownProject(owner.c);
    const share = (await owner.c.post(`/api/v1/projects/${id}/shares`, { account: guest.account, permission: 'rw', hours: 2 })).body.data;
    expect((await guest.c.get(`/api/v1/projects/${id}`)).body.code).toBe(0);

    expect(share.periodHours).toBe(2);
    const ended = await owner.c.patch(`/api/v1/projects/${id}/shares/${share.id}`, { endNow: true });
    // ended early: the period the owner granted stays, the validity shows the end
    expect(ended.body.data).toMatchObject({ status: 'expired', periodHours: 2 });
    expect(Date.parse(ended.body.data.expiresAt)).toBeLessThanOrEqual(env.clock.now());
    expect((await guest.c.get(`/api/v1/projects/${id}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await guest.c.get(`/api/v1/projects/${id}/devices`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await guest.c.get('/api/v1/projects')).body.data.items.map((p: { id: number }) => p.id)).not.toContain(id);

    // given again for an hour, then the hour passes
    expect((await owner.c.patch(`/api/v1/projects/${id}/shares/${share.id}`, { hours: 1 })).body.data).toMatchObject({ status: 'active', periodHours: 1 });
    expect((await guest.c.get(`/api/v1/projects/${id}`)).body.code).toBe(0);
    env.clock.advance(HOUR + 1);
    expect((await guest.c.get(`/api/v1/projects/${id}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await owner.c.get(`/api/v1/projects/${id}/shares`)).body.data.items[0]).toMatchObject({ id: share.id, status: 'expired' });
  });

  it('changes the permission and revokes; a revoked share is gone for both', async () => {
    const owner = await signedUp(env);
    const guest = await signedUp(env);
    const id = await ownProject(owner.c);
    const share = (await owner.c.post(`/api/v1/projects/${id}/shares`, { account: guest.account, permission: 'r' })).body.data;
    expect([share.expiresAt, share.periodHours]).toEqual([null, null]);
    expect((await guest.c.patch(`/api/v1/projects/${id}`, { subtitle: 'x' })).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    // a new permission keeps the period
    expect((await owner.c.patch(`/api/v1/projects/${id}/shares/${share.id}`, { hours: 48 })).body.data.periodHours).toBe(48);
    expect((await owner.c.patch(`/api/v1/projects/${id}/shares/${share.id}`, { permission: 'rw' })).body.data.periodHours).toBe(48);
    expect((await owner.c.patch(`/api/v1/projects/${id}/shares/${share.id}`, { hours: null })).body.data).toMatchObject({ expiresAt: null, periodHours: null });
    expect((await guest.c.patch(`/api/v1/projects/${id}`, { subtitle: 'x' })).body.code).toBe(0);

    expect((await owner.c.del(`/api/v1/projects/${id}/shares/${share.id}`)).body.code).toBe(0);
    expect((await owner.c.get(`/api/v1/projects/${id}/shares`)).body.data.total).toBe(0);
    expect((await guest.c.get(`/api/v1/projects/${id}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await owner.c.del(`/api/v1/projects/${id}/shares/${share.id}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  });

  it('refuses an unknown account (22), the owner (400 on account), a second share (44) and bad values, storing nothing', async () => {
    const owner = await signedUp(env);
    const guest = await signedUp(env);
    const id = await ownProject(owner.c);
    await owner.c.post(`/api/v1/projects/${id}/shares`, { account: guest.account, permission: 'r' });
    const cases: [unknown, number, Record<string, string> | undefined][] = [
      [{ account: 'nobody-here@example.com', permission: 'r' }, ErrorCode.ACCOUNT_NOT_FOUND, undefined],
      [{ account: owner.account, permission: 'rw' }, ErrorCode.INVALID_PARAMS, { account: 'rules.shareAccount.owner' }],
      [{ account: guest.account, permission: 'rw' }, ErrorCode.PROJECT_ALREADY_SHARED, undefined],
      [{ account: guest.account, permission: 'x' }, ErrorCode.INVALID_PARAMS, { permission: 'rules.sharePermission.value' }],
      [{ account: guest.account, permission: 'r', hours: 0 }, ErrorCode.INVALID_PARAMS, { hours: 'rules.shareHours.range' }],
      [{ account: guest.account, permission: 'r', hours: LIMITS.shareValidityMaxHours + 1 }, ErrorCode.INVALID_PARAMS, { hours: 'rules.shareHours.range' }],
      [{ account: guest.account, permission: 'r', hours: 1.5 }, ErrorCode.INVALID_PARAMS, { hours: 'rules.shareHours.range' }],
    ];
    for (const [body, code, fields] of cases) {
      const res = await owner.c.post(`/api/v1/projects/${id}/shares`, body);
      expect([JSON.stringify(body), res.body.code]).toEqual([JSON.stringify(body), code]);
      if (fields) expect(res.body.fields).toEqual(fields);
    }
    expect(await rows(id)).toBe(1);
    const share = (await owner.c.get(`/api/v1/projects/${id}/shares`)).body.data.items[0];
    expect((await owner.c.patch(`/api/v1/projects/${id}/shares/${share.id}`, {})).body.code).toBe(ErrorCode.INVALID_PARAMS);
    expect((await owner.c.get(`/api/v1/projects/${id}/shares`)).body.data.items[0]).toEqual(share);
  });

  it(`caps unexpired read-only shares at ${LIMITS.unexpiredReadOnlySharesMax} (61); an expired one frees its place`, async () => {
    const owner = await signedUp(env);
    const id = await ownProject(owner.c);
    const accounts = await bareAccounts(LIMITS.unexpiredReadOnlySharesMax + 1);
    const made = [];
    for (const account of accounts.slice(0, -1)) made.push((await owner.c.post(`/api/v1/projects/${id}/shares`, { account, permission: 'r' })).body.data);
    const over = await owner.c.post(`/api/v1/projects/${id}/shares`, { account: accounts.at(-1), permission: 'r' });
    expect(over.body.code).toBe(ErrorCode.SHARE_READ_ONLY_LIMIT);
    expect(await rows(id)).toBe(LIMITS.unexpiredReadOnlySharesMax);
    await owner.c.patch(`/api/v1/projects/${id}/shares/${made[0].id}`, { endNow: true });
    expect((await owner.c.post(`/api/v1/projects/${id}/shares`, { account: accounts.at(-1), permission: 'r' })).status).toBe(201);
  });

  it(`caps read-write shares: ${LIMITS.permanentReadWriteSharesMax} permanent (406), ${LIMITS.unexpiredReadWriteSharesMax} unexpired (62), ${LIMITS.manageablePermissionsPerProjectMax} held (188)`, async () => {
    const owner = await signedUp(env);
    const id = await ownProject(owner.c);
    const accounts = await bareAccounts(13);
    const share = (account: string, hours?: number) => owner.c.post(`/api/v1/projects/${id}/shares`, { account, permission: 'rw', hours });
    for (const account of accounts.slice(0, 3)) expect((await share(account)).status).toBe(201);
    expect((await share(accounts[3]!)).body.code).toBe(ErrorCode.PERMANENT_SHARE_READ_WRITE_LIMIT);
    // a share for some hours still fits
    for (const account of accounts.slice(3, 8)) expect((await share(account, 1)).status).toBe(201);
    expect((await share(accounts[8]!, 1)).body.code).toBe(ErrorCode.SHARE_READ_WRITE_LIMIT);
    // raising a read-only share to read-write is held to the same cap
    const ro = (await owner.c.post(`/api/v1/projects/${id}/shares`, { account: accounts[8], permission: 'r' })).body.data;
    expect((await owner.c.patch(`/api/v1/projects/${id}/shares/${ro.id}`, { permission: 'rw' })).body.code).toBe(ErrorCode.SHARE_READ_WRITE_LIMIT);
    expect((await owner.c.get(`/api/v1/projects/${id}/shares`)).body.data.items.find((s: { id: number }) => s.id === ro.id).permission).toBe('r');
    // expired read-write shares free the unexpired places but still count as held until removed
    env.clock.advance(HOUR + 1); // sessions (12 h) outlive the hour
    for (const account of accounts.slice(9, 12)) expect((await share(account, 24)).status).toBe(201);
    expect((await share(accounts[12]!, 24)).body.code).toBe(ErrorCode.MANAGEABLE_PERMISSION_LIMIT);
    expect(await rows(id)).toBe(12);
  });
});
