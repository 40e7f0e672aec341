// The profile (spec §1): company name and address each changeable once a calendar year (spec §9,
// codes 14/15/65), an avatar recognised by its bytes (spec §5 image types under 10 MB: 251; anything
// else 400 on `image`) and served as that type only, the membership label (spec §6), the console's
// version and help centre. A refused write changes nothing.
import { readFileSync } from 'node:fs';
import { ErrorCode, LIMITS } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, createTestEnv, PASSWORD, signedUp, type Client, type TestEnv } from '../../test/test-env.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)]);
const BMP = Buffer.concat([Buffer.from('BM'), Buffer.from([0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0, 0, 0]), Buffer.alloc(64)]);
/** a Windows program (MZ header) saved as photo.jpg */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0]), Buffer.alloc(120)]);
const b64 = (b: Buffer) => b.toString('base64');
const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe.each(backends())('profile on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend, { env: { HELP_CENTRE_URL: 'https://help.example.com/console' } });
  });
  afterAll(async () => {
    await env?.close();
  });

  const profileOf = async (c: Client) => (await c.get('/api/v1/account')).body.data;
  const login = async (account: string) => {
    const c = client(env.app);
    expect((await c.post('/api/v1/auth/login', { account, password: PASSWORD })).body.code).toBe(0);
    return c;
  };

  it('shows a new account as common, with no company, no avatar, the version and the help centre', async () => {
    const { c, account } = await signedUp(env);
    expect(await profileOf(c)).toEqual({
      account,
      nick: expect.any(String),
      role: 0,
      membership: 'common',
      demo: false,
      companyName: { value: '', changedAt: null, changeableFrom: null },
      companyAddress: { value: '', changedAt: null, changeableFrom: null },
      avatar: null,
      superior: null,
      subAccounts: 0,
      version: VERSION,
      helpCentreUrl: 'https://help.example.com/console',
    });
  });

  it('shows the membership label an operator gave, and manufacturer for a manufacturer account', async () => {
    const gold = await signedUp(env);
    await env.db('accounts').where({ account: gold.account }).update({ membership: 'gold' });
    expect((await profileOf(gold.c)).membership).toBe('gold');
    const maker = await signedUp(env);
    await env.db('accounts').where({ account: maker.account }).update({ role: 2, membership: 'silver' });
    expect((await profileOf(maker.c)).membership).toBe('manufacturer');
  });

  it('gives the company name freely the first time, then allows one change a calendar year (14), the address likewise (15), both at once 65', async () => {
    const { c, account } = await signedUp(env);
    const first = await c.patch('/api/v1/account/company', { companyName: 'Lumen Networks', companyAddress: '1 Quay Street' });
    expect(first.body.data.companyName).toEqual({ value: 'Lumen Networks', changedAt: null, changeableFrom: null });
    const changed = await c.patch('/api/v1/account/company', { companyName: 'Lumen Networks Ltd' });
    expect(changed.body.data.companyName.value).toBe('Lumen Networks Ltd');
    const year = new Date(env.clock.now()).getUTCFullYear();
    expect(changed.body.data.companyName.changeableFrom).toBe(`${year + 1}-01-01T00:00:00.000Z`);

    const again = await c.patch('/api/v1/account/company', { companyName: 'Lumen' });
    expect([again.status, again.body.code]).toEqual([400, ErrorCode.COMPANY_NAME_CHANGED_THIS_YEAR]);
    // the same name is no change
    expect((await c.patch('/api/v1/account/company', { companyName: 'Lumen Networks Ltd' })).body.code).toBe(0);
    expect((await c.patch('/api/v1/account/company', { companyAddress: '2 Quay Street' })).body.code).toBe(0);
    expect((await c.patch('/api/v1/account/company', { companyAddress: '3 Quay Street' })).body.code).toBe(ErrorCode.COMPANY_LOCATION_CHANGED_THIS_YEAR);
    // all or nothing: the name refused, the address not written either
    expect((await c.patch('/api/v1/account/company', { companyName: 'Lumen', companyAddress: '4 Quay Street' })).body.code).toBe(ErrorCode.COMPANY_INFO_CHANGED_THIS_YEAR);
    const kept = await profileOf(c);
    expect([kept.companyName.value, kept.companyAddress.value]).toEqual(['Lumen Networks Ltd', '2 Quay Street']);

    // next year both may change again (the session has ended meanwhile: log in again)
    env.clock.advance(Date.UTC(year + 1, 0, 1, 1) - env.clock.now());
    const later = await login(account);
    const next = await later.patch('/api/v1/account/company', { companyName: 'Lumen', companyAddress: '4 Quay Street' });
    expect([next.body.data.companyName.value, next.body.data.companyAddress.value]).toEqual(['Lumen', '4 Quay Street']);
  });

  it('refuses an empty change and over-long values on their fields', async () => {
    const { c } = await signedUp(env);
    expect((await c.patch('/api/v1/account/company', {})).body.fields).toEqual({ _: 'rules.companyUpdate.empty' });
    expect((await c.patch('/api/v1/account/company', { companyName: 'x'.repeat(65) })).body.fields).toEqual({ companyName: 'rules.companyName.length' });
    expect((await profileOf(c)).companyName.value).toBe('');
  });

  it.each([
    ['png', PNG, 'image/png'],
    ['gif', GIF, 'image/gif'],
    ['jpeg', JPEG, 'image/jpeg'],
    ['bmp', BMP, 'image/bmp'],
  ] as const)('keeps a %s avatar and serves it as %s only', async (_kind, bytes, mime) => {
    const { c } = await signedUp(env);
    const up = await c.put('/api/v1/account/avatar', { image: b64(bytes) });
    expect(up.body.data.avatar).toMatch(/^\/api\/v1\/account\/avatar\?v=\d+$/);
    const got = await c.agent.get(up.body.data.avatar).buffer(true);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe(mime);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.compare(got.body as Buffer, bytes)).toBe(0);
  });

  it.each([
    ['a renamed Windows program', EXE],
    ['a web page', Buffer.from('<html><script>alert(1)</script></html>')],
    ['an SVG drawing (it can carry scripts)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
  ])('refuses %s on `image` and keeps the avatar it had', async (_kind, bytes) => {
    const { c } = await signedUp(env);
    const before = (await c.put('/api/v1/account/avatar', { image: b64(PNG) })).body.data.avatar;
    const res = await c.put('/api/v1/account/avatar', { image: b64(bytes) });
    expect([res.status, res.body.code, res.body.fields]).toEqual([400, ErrorCode.INVALID_PARAMS, { image: 'rules.avatar.type' }]);
    expect((await profileOf(c)).avatar).toBe(before);
    expect((await c.agent.get('/api/v1/account/avatar').buffer(true)).headers['content-type']).toBe('image/png');
  });

  it('refuses an image over 10 MB with 251 and one that is exactly 10 MB is kept', async () => {
    const { c } = await signedUp(env);
    const big = Buffer.concat([PNG, Buffer.alloc(LIMITS.imageMaxBytes + 1 - PNG.length)]);
    const res = await c.put('/api/v1/account/avatar', { image: b64(big) });
    expect([res.status, res.body.code]).toEqual([400, ErrorCode.IMAGE_TOO_LARGE]);
    expect((await profileOf(c)).avatar).toBeNull();
    const fits = await c.put('/api/v1/account/avatar', { image: b64(big.subarray(0, LIMITS.imageMaxBytes)) });
    expect(fits.body.code).toBe(0);
  });

  it('answers 412 when there is no avatar, and not-base64 on `image`', async () => {
    const { c } = await signedUp(env);
    expect((await c.get('/api/v1/account/avatar')).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await c.put('/api/v1/account/avatar', { image: 'not base64!' })).body.fields).toEqual({ image: 'rules.avatar.type' });
  });

  it('lets the live demo look at its profile (visitor) and change nothing', async () => {
    const demo = client(env.app);
    await demo.post('/api/v1/auth/demo');
    expect((await profileOf(demo)).membership).toBe('visitor');
    expect((await demo.patch('/api/v1/account/company', { companyName: 'Demo' })).body.code).toBe(ErrorCode.DEMO_PROJECT);
    expect((await demo.put('/api/v1/account/avatar', { image: b64(PNG) })).body.code).toBe(ErrorCode.DEMO_PROJECT);
    expect((await profileOf(demo)).companyName.value).toBe('');
  });
});
