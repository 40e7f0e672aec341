// Share invitations (spec §3 Project share, §8 code 64; docs/decisions/sharing.md): the owner invites an
// address nobody signed up with; once it has an account it accepts from the sent link and the project is
// shared with it as invited; a link that expired, was used or was replaced answers 64 and shares nothing.
import { ErrorCode } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, signedUp, uniqueEmail, type Client, type TestEnv } from '../../test/test-env.js';

const HOUR = 3_600_000;

describe.each(backends())('share invitations on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  async function ownProject(c: Client, name = `Invite ${Math.random().toString(36).slice(2, 10)}`): Promise<number> {
    const res = await c.post('/api/v1/projects', { projectName: name, scenario: 'hotel' });
    expect(res.body.code).toBe(0);
    return res.body.data.id as number;
  }
  function tokenSentTo(account: string): string {
    const message = env.outbox().reverse().find((m) => m.to === account && m.purpose === 'invitation');
    if (!message?.link) throw new Error(`no invitation sent to ${account}`);
    return new URL(message.link, 'http://x').searchParams.get('token')!;
  }
  const sharesOf = async (id: number) => env.db('project_members').where({ project_id: id }).count({ n: '*' }).first().then((r) => Number(r!.n));

  it('shares the project as invited once the new address signs up and accepts, and the link works once', async () => {
    const owner = await signedUp(env);
    const id = await ownProject(owner.c, 'Lagoon Hotel');
    const address = uniqueEmail('newcomer');
    // sharing directly still says the account is unknown; the invitation is the way for a new address
    expect((await owner.c.post(`/api/v1/projects/${id}/shares`, { account: address, permission: 'r' })).body.code).toBe(ErrorCode.ACCOUNT_NOT_FOUND);
    const invited = await owner.c.post(`/api/v1/projects/${id}/invitations`, { account: address, permission: 'rw', hours: 24 });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({ projectName: 'Lagoon Hotel', from: owner.account, to: address, permission: 'rw', hours: 24, status: 'pending' });
    const sent = env.outbox().reverse().find((m) => m.to === address && m.purpose === 'invitation')!;
    expect(sent.text).toContain('Lagoon Hotel');
    const token = tokenSentTo(address);
    expect(await sharesOf(id)).toBe(0);

    // another account cannot use the link
    const other = await signedUp(env);
    expect((await other.c.get(`/api/v1/invitations/${token}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await other.c.post(`/api/v1/invitations/${token}/accept`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect(await sharesOf(id)).toBe(0);

    const newcomer = await signedUp(env, address);
    expect((await newcomer.c.get(`/api/v1/invitations/${token}`)).body.data).toMatchObject({ projectName: 'Lagoon Hotel', status: 'pending' });
    const accepted = await newcomer.c.post(`/api/v1/invitations/${token}/accept`);
    expect(accepted.status).toBe(201);
    expect(accepted.body.data).toMatchObject({ account: address, permission: 'rw', status: 'active' });
    const hoursLeft = (Date.parse(accepted.body.data.expiresAt) - env.clock.now()) / HOUR;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    expect((await newcomer.c.get(`/api/v1/projects/${id}`)).body.data).toMatchObject({ right: 'rw', isShare: true });
    expect((await owner.c.get(`/api/v1/projects/${id}/shares`)).body.data.items.map((s: { account: string }) => s.account)).toEqual([address]);

    // the link works once
    expect((await newcomer.c.post(`/api/v1/invitations/${token}/accept`)).body.code).toBe(ErrorCode.INVITATION_CODE_EXPIRED);
    expect(await sharesOf(id)).toBe(1);
  });

  it('answers 64 for an expired or replaced link and shares nothing; an address with an account is shared with directly (13)', async () => {
    const owner = await signedUp(env);
    const id = await ownProject(owner.c);
    const address = uniqueEmail('late');
    await owner.c.post(`/api/v1/projects/${id}/invitations`, { account: address, permission: 'r' });
    const first = tokenSentTo(address);
    await owner.c.post(`/api/v1/projects/${id}/invitations`, { account: address, permission: 'r', hours: 5 });
    const second = tokenSentTo(address);
    const late = await signedUp(env, address);
    expect((await late.c.post(`/api/v1/invitations/${first}/accept`)).body.code).toBe(ErrorCode.INVITATION_CODE_EXPIRED);

    expect((await late.c.get(`/api/v1/invitations/${second}`)).body.data).toMatchObject({ hours: 5, status: 'pending' });

    const slow = uniqueEmail('slow');
    await owner.c.post(`/api/v1/projects/${id}/invitations`, { account: slow, permission: 'r' });
    const stale = tokenSentTo(slow);
    env.clock.advance(73 * HOUR);
    const tooLate = await signedUp(env, slow);
    const expired = await tooLate.c.get(`/api/v1/invitations/${stale}`);
    expect(expired.body.code).toBe(ErrorCode.INVITATION_CODE_EXPIRED);
    expect((await tooLate.c.post(`/api/v1/invitations/${stale}/accept`)).body.code).toBe(ErrorCode.INVITATION_CODE_EXPIRED);
    expect(await sharesOf(id)).toBe(0);

    const owner2 = await signedUp(env);
    const id2 = await ownProject(owner2.c);
    const before = await env.db('share_invitations').count({ n: '*' }).first();
    expect((await owner2.c.post(`/api/v1/projects/${id2}/invitations`, { account: late.account, permission: 'r' })).body.code).toBe(ErrorCode.ACCOUNT_EXISTS);
    expect(await env.db('share_invitations').count({ n: '*' }).first()).toEqual(before);
  });

  it('holds the accepted share to the project caps (62) and leaves the invitation unanswered', async () => {
    const owner = await signedUp(env);
    const id = await ownProject(owner.c);
    const address = uniqueEmail('capped');
    await owner.c.post(`/api/v1/projects/${id}/invitations`, { account: address, permission: 'rw', hours: 1 });
    const token = tokenSentTo(address);
    const guests = await Promise.all(Array.from({ length: 8 }, () => signedUp(env)));
    for (const g of guests) expect((await owner.c.post(`/api/v1/projects/${id}/shares`, { account: g.account, permission: 'rw', hours: 1 })).body.code).toBe(0);
    const capped = await signedUp(env, address);
    expect((await capped.c.post(`/api/v1/invitations/${token}/accept`)).body.code).toBe(ErrorCode.SHARE_READ_WRITE_LIMIT);
    expect(await sharesOf(id)).toBe(8);
    expect((await capped.c.get(`/api/v1/invitations/${token}`)).body.data.status).toBe('pending');
  });
});
