// Project transfer (spec §1 permission transfer, §4; docs/decisions/sharing.md): the owner offers,
// the receiver accepts from the sent link while signed in as itself; the giver loses the project, the
// shares stay; a declined, withdrawn, answered or expired offer changes nothing.
import { ErrorCode } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, ownProject, createTestEnv, PASSWORD, signedUp, type Client, type TestEnv } from '../../test/test-env.js';

const HOUR = 3_600_000;

describe.each(backends())('project transfer on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  /** the token of the last offer sent to an account, from the link in the dev outbox */
  function tokenSentTo(account: string): string {
    const message = env.outbox().reverse().find((m) => m.to === account && m.purpose === 'transfer');
    if (!message?.link) throw new Error(`no offer sent to ${account}`);
    return new URL(message.link, 'http://x').searchParams.get('token')!;
  }
  const ownerOf = async (id: number) => Number((await env.db('projects').where({ id }).first('owner_account_id')).owner_account_id);
  const idOf = async (account: string) => Number((await env.db('accounts').where({ account }).first('id')).id);
  const listed = async (c: Client) => (await c.get('/api/v1/projects')).body.data.items.map((p: { id: number }) => p.id) as number[];

  it('moves the project when the receiver accepts: the giver loses it, a colleague\'s share stays', async () => {
    const giver = await signedUp(env);
    const receiver = await signedUp(env);
    const colleague = await signedUp(env);
    const id = await ownProject(giver.c, 'Harbour Hotel');
    await giver.c.post(`/api/v1/projects/${id}/shares`, { account: colleague.account, permission: 'rw' });
    await giver.c.post(`/api/v1/projects/${id}/shares`, { account: receiver.account, permission: 'r' });

    const offered = await giver.c.post(`/api/v1/projects/${id}/transfer`, { account: receiver.account });
    expect(offered.status).toBe(201);
    expect(offered.body.data).toMatchObject({ projectId: id, projectName: 'Harbour Hotel', from: giver.account, to: receiver.account, status: 'pending' });
    expect((await giver.c.get(`/api/v1/projects/${id}/transfer`)).body.data.transfer.id).toBe(offered.body.data.id);
    const token = tokenSentTo(receiver.account);
    // nothing moved yet
    expect(await ownerOf(id)).toBe(await idOf(giver.account));
    expect((await receiver.c.get(`/api/v1/transfers/${token}`)).body.data.status).toBe('pending');

    const accepted = await receiver.c.post(`/api/v1/transfers/${token}/accept`);
    expect(accepted.body.data.status).toBe('accepted');
    expect(await ownerOf(id)).toBe(await idOf(receiver.account));
    expect(await listed(giver.c)).not.toContain(id);
    expect((await giver.c.get(`/api/v1/projects/${id}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await receiver.c.get(`/api/v1/projects/${id}`)).body.data).toMatchObject({ property: 'own', right: 'rw', isShare: false });
    expect((await colleague.c.get(`/api/v1/projects/${id}`)).body.data).toMatchObject({ property: 'invited-rw' });
    const shares = (await receiver.c.get(`/api/v1/projects/${id}/shares`)).body.data.items.map((s: { account: string }) => s.account);
    expect(shares).toEqual([colleague.account]);
    // the link works once
    expect((await receiver.c.post(`/api/v1/transfers/${token}/accept`)).body.code).toBe(ErrorCode.INVITATION_CODE_EXPIRED);
    // the new owner reads how the project came to it; the giver, who lost the project, reads nothing of it
    const history = (await receiver.c.get(`/api/v1/projects/${id}/transfers`)).body.data.items;
    expect(history).toEqual([{ id: offered.body.data.id, from: giver.account, to: receiver.account, status: 'accepted', offeredAt: expect.any(String), decidedAt: expect.any(String), expiresAt: offered.body.data.expiresAt }]);
    expect(Date.parse(history[0].decidedAt)).toBeGreaterThanOrEqual(Date.parse(history[0].offeredAt));
    expect((await giver.c.get(`/api/v1/projects/${id}/transfers`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    // a colleague with a share is not the owner: 173
    expect((await colleague.c.get(`/api/v1/projects/${id}/transfers`)).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
  });

  it('declined, withdrawn, replaced or expired offers change nothing; only the receiver may answer', async () => {
    const giver = await signedUp(env);
    const receiver = await signedUp(env);
    const other = await signedUp(env);
    const id = await ownProject(giver.c);
    const giverId = await idOf(giver.account);

    await giver.c.post(`/api/v1/projects/${id}/transfer`, { account: receiver.account });
    const declined = tokenSentTo(receiver.account);
    expect((await other.c.post(`/api/v1/transfers/${declined}/accept`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await receiver.c.post(`/api/v1/transfers/${declined}/decline`)).body.data.status).toBe('declined');
    expect(await ownerOf(id)).toBe(giverId);

    await giver.c.post(`/api/v1/projects/${id}/transfer`, { account: receiver.account });
    const withdrawn = tokenSentTo(receiver.account);
    expect((await giver.c.del(`/api/v1/projects/${id}/transfer`)).body.code).toBe(0);
    expect((await receiver.c.post(`/api/v1/transfers/${withdrawn}/accept`)).body.code).toBe(ErrorCode.INVITATION_CODE_EXPIRED);

    await giver.c.post(`/api/v1/projects/${id}/transfer`, { account: receiver.account });
    const replaced = tokenSentTo(receiver.account);
    await giver.c.post(`/api/v1/projects/${id}/transfer`, { account: other.account });
    expect((await receiver.c.post(`/api/v1/transfers/${replaced}/accept`)).body.code).toBe(ErrorCode.INVITATION_CODE_EXPIRED);

    const late = tokenSentTo(other.account);
    // the history keeps every offer, newest first, with what became of it
    const statuses = async (c: Client) => ((await c.get(`/api/v1/projects/${id}/transfers`)).body.data.items as { to: string; status: string; decidedAt: string | null }[]).map((i) => [i.to, i.status, i.decidedAt !== null]);
    expect(await statuses(giver.c)).toEqual([
      [other.account, 'pending', false],
      [receiver.account, 'cancelled', true], // replaced by the newer offer
      [receiver.account, 'cancelled', true], // withdrawn
      [receiver.account, 'declined', true],
    ]);
    env.clock.advance(72 * HOUR + 1);
    // sessions last 12 h: sign in again as the receiver would
    const again = await signedUp(env);
    expect((await again.c.post(`/api/v1/transfers/${late}/accept`)).body.code).toBe(ErrorCode.INVITATION_CODE_EXPIRED);
    expect(await ownerOf(id)).toBe(giverId);
    const giverAgain = client(env.app);
    expect((await giverAgain.post('/api/v1/auth/login', { account: giver.account, password: PASSWORD })).body.code).toBe(0);
    expect((await statuses(giverAgain))[0]).toEqual([other.account, 'expired', false]);
  });

  it('refuses an unknown account (22), the owner itself (400), a non-owner (173), and a name the receiver already uses (411)', async () => {
    const giver = await signedUp(env);
    const receiver = await signedUp(env);
    const id = await ownProject(giver.c, 'Seaview');
    expect((await giver.c.post(`/api/v1/projects/${id}/transfer`, { account: 'nobody@example.com' })).body.code).toBe(ErrorCode.ACCOUNT_NOT_FOUND);
    const self = await giver.c.post(`/api/v1/projects/${id}/transfer`, { account: giver.account });
    expect([self.body.code, self.body.fields]).toEqual([ErrorCode.INVALID_PARAMS, { account: 'rules.transferAccount.owner' }]);
    await giver.c.post(`/api/v1/projects/${id}/shares`, { account: receiver.account, permission: 'rw' });
    expect((await receiver.c.post(`/api/v1/projects/${id}/transfer`, { account: receiver.account })).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect(await env.db('project_transfers').where({ project_id: id })).toEqual([]);

    await ownProject(receiver.c, 'SEAVIEW');
    await giver.c.post(`/api/v1/projects/${id}/transfer`, { account: receiver.account });
    const token = tokenSentTo(receiver.account);
    expect((await receiver.c.post(`/api/v1/transfers/${token}/accept`)).body.code).toBe(ErrorCode.DATA_EXISTS);
    expect(await ownerOf(id)).toBe(await idOf(giver.account));
  });
});
