// The data screen's API on the real app and database: who sees which activation records, the
// summary's counters and groups, the list's filters and paging, and bad input refused with 400.
import { ErrorCode } from '@airloom/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, ownProject, signedUp, type Client, type TestEnv } from '../../test/test-env.js';

const DAY = 86_400_000;

describe.each(backends())('activations API on %s', (backend) => {
  let env: TestEnv;
  let owner: { c: Client; account: string };
  let stranger: { c: Client; account: string };
  let maker: { c: Client; account: string };
  let mine: number;
  let theirs: number;
  let now: number;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    [owner, stranger, maker] = await Promise.all([signedUp(env), signedUp(env), signedUp(env)]);
    mine = await ownProject(owner.c);
    theirs = await ownProject(stranger.c);
    await env.db('accounts').where({ account: maker.account }).update({ role: 2 });
    now = env.clock.now();
    const row = (i: number, over: Record<string, unknown>) => ({
      sn: `ALACTAPI${String(i).padStart(8, '0')}`,
      type: 'ap', model: 'AL-AP1', brand: 'Airloom', mac: `02:41:4C:00:00:${String(i).padStart(2, '0')}`,
      public_ip: '81.2.69.142', country: 'GB', state: 'ENG', city: 'Long Buckby',
      activated_at: now, updated_at: now, activated_day: Math.floor(now / DAY), project_id: mine, owner_account_id: null,
      ...over,
    });
    const at = (daysAgo: number) => ({ activated_at: now - daysAgo * DAY, activated_day: Math.floor((now - daysAgo * DAY) / DAY) });
    await env.db('activations').insert([
      row(1, {}),
      row(2, { ...at(3), type: 'switch', model: 'AL-SW24P', country: 'FR', state: 'IDF', city: 'Paris', public_ip: '83.202.1.1' }),
      row(3, { ...at(10), country: 'DE', state: 'BY', city: 'Lauf an der Pegnitz', brand: 'Northwind' }),
      row(4, { ...at(100), country: 'GB', state: 'SCT', city: 'Glasgow' }),
      row(5, { ...at(1), country: '', state: '', city: '', public_ip: '' }),
      // another account's project
      row(6, { project_id: theirs, country: 'US', state: 'CA', city: 'Los Altos' }),
      row(7, { project_id: null, country: 'JP', state: '', city: '' }),
    ]);
  });
  afterAll(async () => {
    await env?.close();
  });

  it("an installer sees its own projects' activations only: counters, by type, by brand, per country", async () => {
    const res = await owner.c.get('/api/v1/activations/summary?range=1m');
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.counters).toEqual({ total: 5, today: 1, last7d: 3, last30d: 4 });
    expect(s.byType).toEqual([{ type: 'ap', count: 3 }, { type: 'switch', count: 1 }]);
    expect(s.byBrand).toEqual([{ brand: 'Airloom', count: 3 }, { brand: 'Northwind', count: 1 }]);
    expect(s.countries).toEqual(expect.arrayContaining([{ country: 'GB', count: 1 }, { country: 'FR', count: 1 }, { country: 'DE', count: 1 }, { country: '', count: 1 }]));
    expect(s.countries).toHaveLength(4);
    expect(s.top.every((t: { state: string }) => t.state === '')).toBe(true);
    expect(s.trend.reduce((sum: number, t: { count: number }) => sum + t.count, 0)).toBe(4);

    const year = (await owner.c.get('/api/v1/activations/summary?range=1y')).body.data;
    expect(year.byType).toEqual([{ type: 'ap', count: 4 }, { type: 'switch', count: 1 }]);
  });

  it('compares the asked countries, with their states as the top regions', async () => {
    const s = (await owner.c.get('/api/v1/activations/summary?range=1y&countries=gb,FR')).body.data;
    expect(s.countries).toEqual([{ country: 'GB', count: 2 }, { country: 'FR', count: 1 }]);
    expect(s.top).toEqual([{ country: 'GB', state: 'ENG', count: 1 }, { country: 'FR', state: 'IDF', count: 1 }, { country: 'GB', state: 'SCT', count: 1 }].sort((a, b) => a.country.localeCompare(b.country) || a.state.localeCompare(b.state)));
  });

  it('a manufacturer account sees every activation; a stranger only its own', async () => {
    expect((await maker.c.get('/api/v1/activations/summary?range=1y')).body.data.counters.total).toBeGreaterThanOrEqual(7);
    const theirList = (await stranger.c.get('/api/v1/activations')).body.data;
    expect(theirList.items.map((i: { sn: string }) => i.sn)).toEqual(['ALACTAPI00000006']);
  });

  it('lists with filters, sort and paging', async () => {
    const all = (await owner.c.get('/api/v1/activations')).body.data;
    expect(all).toMatchObject({ total: 5, page: 1, pageSize: 50 });
    // newest first by default
    expect(all.items[0]).toMatchObject({ sn: 'ALACTAPI00000001', type: 'ap', country: 'GB', state: 'ENG', city: 'Long Buckby', publicIp: '81.2.69.142' });
    expect(all.items.at(-1).sn).toBe('ALACTAPI00000004');

    const gb = (await owner.c.get('/api/v1/activations?country=gb&type=ap')).body.data;
    expect(gb.items.map((i: { sn: string }) => i.sn).sort()).toEqual(['ALACTAPI00000001', 'ALACTAPI00000004']);
    const from = new Date(now - 5 * DAY).toISOString().slice(0, 10);
    const recent = (await owner.c.get(`/api/v1/activations?from=${from}&sort=activatedAt&order=asc`)).body.data;
    expect(recent.items.map((i: { sn: string }) => i.sn)).toEqual(['ALACTAPI00000002', 'ALACTAPI00000005', 'ALACTAPI00000001']);
    const page2 = (await owner.c.get('/api/v1/activations?page=2')).body.data;
    expect(page2).toMatchObject({ items: [], total: 5, page: 2 });
  });

  it('exports exactly the filtered list as a spreadsheet that exceljs reads back', async () => {
    const res = await owner.c
      .get('/api/v1/activations/export.xlsx?country=GB&order=asc')
      .buffer(true)
      .parse((r, done) => {
        const parts: Buffer[] = [];
        r.on('data', (c: Buffer) => parts.push(c));
        r.on('end', () => done(null, Buffer.concat(parts)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('activations.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as ArrayBuffer);
    const sheet = book.getWorksheet('Activations')!;
    const values = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(values[0]).toEqual(['Activated (UTC)', 'SN', 'Type', 'Model', 'Brand', 'MAC', 'Public IP', 'Country', 'State', 'City', 'Updated (UTC)']);
    const rows = values.slice(1);
    // the owner's GB records (the stranger's and the unbound ones are not theirs), oldest first
    expect(rows.map((r) => r[1])).toEqual(['ALACTAPI00000004', 'ALACTAPI00000001']);
    expect(rows[1]).toEqual([new Date(now).toISOString(), 'ALACTAPI00000001', 'ap', 'AL-AP1', 'Airloom', '02:41:4C:00:00:01', '81.2.69.142', 'GB', 'ENG', 'Long Buckby', new Date(now).toISOString()]);

    const none = await stranger.c.get('/api/v1/activations/export.xlsx?country=GB').buffer(true).parse((r, done) => {
      const parts: Buffer[] = [];
      r.on('data', (c: Buffer) => parts.push(c));
      r.on('end', () => done(null, Buffer.concat(parts)));
    });
    const empty = new ExcelJS.Workbook();
    await empty.xlsx.load(none.body as ArrayBuffer);
    expect(empty.getWorksheet('Activations')!.actualRowCount).toBe(1);
    expect((await owner.c.get('/api/v1/activations/export.xlsx?country=Germany')).body.code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('refuses bad input with 400 and the invalid-parameters code, never a 500', async () => {
    for (const url of [
      '/api/v1/activations/summary?range=2w',
      '/api/v1/activations/summary?countries=DE,FR,GB,US,JP,CN',
      '/api/v1/activations/summary?countries=Germany',
      '/api/v1/activations?page=0',
      '/api/v1/activations?from=yesterday',
      '/api/v1/activations?type=toaster',
    ]) {
      const res = await owner.c.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe(ErrorCode.INVALID_PARAMS);
    }
    expect((await owner.c.get('/api/v1/activations/summary?countries=DE,FR,GB,US,JP')).status).toBe(200);
  });

  it('counts a record where it is now: a device back from another place or project moves, a removed one leaves', async () => {
    const summary = async (c: Client) => (await c.get('/api/v1/activations/summary?range=1y')).body.data;
    const before = await summary(owner.c);
    expect(before.countries).toContainEqual({ country: 'GB', count: 2 });
    // ALACTAPI00000001 reconnects from Paris
    await env.db('activations').where({ sn: 'ALACTAPI00000001' }).update({ country: 'FR', state: 'IDF', city: 'Paris', updated_at: now + 1000 });
    const moved = await summary(owner.c);
    expect(moved.counters).toEqual(before.counters);
    expect(moved.countries).toEqual(expect.arrayContaining([{ country: 'GB', count: 1 }, { country: 'FR', count: 2 }]));
    expect((await owner.c.get('/api/v1/activations/summary?range=1y&countries=FR')).body.data.top).toEqual([{ country: 'FR', state: 'IDF', count: 2 }]);

    // ALACTAPI00000002 is now in the stranger's project
    await env.db('activations').where({ sn: 'ALACTAPI00000002' }).update({ project_id: theirs });
    expect((await summary(owner.c)).counters.total).toBe(before.counters.total - 1);
    expect((await summary(stranger.c)).byType).toEqual(expect.arrayContaining([{ type: 'switch', count: 1 }]));

    await env.db('activations').where({ sn: 'ALACTAPI00000005' }).delete();
    const after = await summary(owner.c);
    expect(after.counters.total).toBe(before.counters.total - 2);
    expect(after.countries.map((c: { country: string }) => c.country)).not.toContain('');
  });
});
