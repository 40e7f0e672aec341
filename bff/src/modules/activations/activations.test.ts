// The data screen's API on the real app and database: who sees which activation records, the
// summary's counters and groups, the list's filters and paging, and bad input refused with 400.
import { DEMO_PROJECT_IDS, ErrorCode } from '@airloom/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client as appClient, createTestEnv, ownProject, signedUp, type Client, type TestEnv } from '../../test/test-env.js';

const DAY = 86_400_000;

describe.each(backends())('activations API on %s', (backend) => {
  let env: TestEnv;
  let owner: { c: Client; account: string };
  let stranger: { c: Client; account: string };
  let maker: { c: Client; account: string };
  let newcomer: { c: Client; account: string };
  let mine: number;
  let theirs: number;
  let makers: number;
  let now: number;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    [owner, stranger, maker, newcomer] = await Promise.all([signedUp(env), signedUp(env), signedUp(env), signedUp(env)]);
    mine = await ownProject(owner.c);
    theirs = await ownProject(stranger.c);
    // the role before the account's first call: a session holds the account it read for a while (session cache)
    await env.db('accounts').where({ account: maker.account }).update({ role: 2 });
    makers = await ownProject(maker.c);
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
      // the manufacturer's own project
      row(8, { project_id: makers, country: 'IT', state: '25', city: 'Milan' }),
      // the live demo's seeded showcase, in both demo projects
      row(9, { project_id: DEMO_PROJECT_IDS.WLAN, country: 'ES', state: 'MD', city: 'Madrid' }),
      row(10, { project_id: DEMO_PROJECT_IDS.MESH, type: 'mesh', model: 'AL-M1', country: 'ES', state: 'MD', city: 'Madrid' }),
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
    // the brands over time, day by day
    const day = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString().slice(0, 10);
    expect(s.trendBrand).toEqual([
      { day: day(10), brand: 'Northwind', count: 1 },
      { day: day(3), brand: 'Airloom', count: 1 },
      { day: day(1), brand: 'Airloom', count: 1 },
      { day: day(0), brand: 'Airloom', count: 1 },
    ]);

    const year = (await owner.c.get('/api/v1/activations/summary?range=1y')).body.data;
    expect(year.byType).toEqual([{ type: 'ap', count: 4 }, { type: 'switch', count: 1 }]);
  });

  it('compares the asked countries, with their states as the top regions', async () => {
    const s = (await owner.c.get('/api/v1/activations/summary?range=1y&countries=gb,FR')).body.data;
    expect(s.countries).toEqual([{ country: 'GB', count: 2 }, { country: 'FR', count: 1 }]);
    expect(s.top).toEqual([{ country: 'GB', state: 'ENG', count: 1 }, { country: 'FR', state: 'IDF', count: 1 }, { country: 'GB', state: 'SCT', count: 1 }].sort((a, b) => a.country.localeCompare(b.country) || a.state.localeCompare(b.state)));
  });

  it('gives every region of a compared country, with zero where nothing was activated, so the region map colours it whole', async () => {
    const s = (await owner.c.get('/api/v1/activations/summary?range=1y&countries=GB,FR')).body.data;
    const of = (country: string) => s.regions.filter((r: { country: string }) => r.country === country);
    expect(of('GB')).toEqual([
      { country: 'GB', state: 'ENG', count: 1 },
      { country: 'GB', state: 'NIR', count: 0 },
      { country: 'GB', state: 'SCT', count: 1 },
      { country: 'GB', state: 'WLS', count: 0 },
    ]);
    // France's 13 metropolitan and 5 overseas regions, Île-de-France counted
    expect(of('FR')).toHaveLength(18);
    expect(of('FR')).toContainEqual({ country: 'FR', state: 'IDF', count: 1 });
    expect(of('FR').filter((r: { count: number }) => r.count === 0)).toHaveLength(17);
    // no country compared: no regions
    expect((await owner.c.get('/api/v1/activations/summary?range=1y')).body.data.regions).toEqual([]);
  });

  const client = (e: TestEnv) => appClient(e.app);
  const sns = (list: { items: { sn: string }[] }) => list.items.map((i) => i.sn).sort();
  const FLEET = ['ALACTAPI00000001', 'ALACTAPI00000002', 'ALACTAPI00000003', 'ALACTAPI00000004', 'ALACTAPI00000005', 'ALACTAPI00000006', 'ALACTAPI00000007', 'ALACTAPI00000008'];

  it("a manufacturer account sees every activation but the live demo's; a stranger only its own", async () => {
    const everything = (await maker.c.get('/api/v1/activations/summary?range=1y')).body.data;
    expect(everything.counters.total).toBe(8);
    expect(everything.countries.map((c: { country: string }) => c.country)).not.toContain('ES');
    expect(sns((await maker.c.get('/api/v1/activations')).body.data)).toEqual(FLEET);
    const theirList = (await stranger.c.get('/api/v1/activations')).body.data;
    expect(theirList.items.map((i: { sn: string }) => i.sn)).toEqual(['ALACTAPI00000006']);
  });

  it("a manufacturer's wall display with a read-only key for the whole account sees every device; a key for some projects, those", async () => {
    const key = async (projects?: number[]) => {
      const res = await maker.c.post('/api/v1/account/api-keys', { name: `Wall ${projects ? 'some' : 'all'}`, access: 'r', ...(projects ? { projects } : {}) });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      return `Bearer ${res.body.data.secret as string}`;
    };
    const whole = await key();
    const summary = (await client(env).get('/api/v1/activations/summary?range=1y').set('Authorization', whole)).body.data;
    expect(summary.counters.total).toBe(8);
    const list = (await client(env).get('/api/v1/activations').set('Authorization', whole)).body.data;
    expect(sns(list)).toEqual(FLEET);

    const some = await key([makers]);
    expect((await client(env).get('/api/v1/activations/summary?range=1y').set('Authorization', some)).body.data.counters.total).toBe(1);
    expect(sns((await client(env).get('/api/v1/activations').set('Authorization', some)).body.data)).toEqual(['ALACTAPI00000008']);

    // an installer's key for its whole account stays with its own projects
    const installerKey = (await owner.c.post('/api/v1/account/api-keys', { name: 'Lobby', access: 'r' })).body.data.secret as string;
    expect((await client(env).get('/api/v1/activations/summary?range=1y').set('Authorization', `Bearer ${installerKey}`)).body.data.counters.total).toBe(5);
  });

  it('tells the wall display whether a key is read-only (it refuses one that can change settings)', async () => {
    const me = async (access: 'r' | 'rw') => {
      const secret = (await owner.c.post('/api/v1/account/api-keys', { name: `Me ${access}`, access })).body.data.secret as string;
      return (await client(env).get('/api/v1/auth/me').set('Authorization', `Bearer ${secret}`)).body.data;
    };
    expect((await me('r')).apiKey).toEqual({ access: 'r' });
    expect((await me('rw')).apiKey).toEqual({ access: 'rw' });
    expect((await owner.c.get('/api/v1/auth/me')).body.data.apiKey).toBeUndefined();
  });

  it("the live demo's seeded records count on the live demo's screen only, not in an installer's figures", async () => {
    const empty = (await newcomer.c.get('/api/v1/activations/summary?range=1y')).body.data;
    expect(empty.counters).toEqual({ total: 0, today: 0, last7d: 0, last30d: 0 });
    expect(empty.countries).toEqual([]);
    expect((await newcomer.c.get('/api/v1/activations')).body.data).toMatchObject({ items: [], total: 0 });
    const book = await newcomer.c.get('/api/v1/activations/export.xlsx').buffer(true).parse((r, done) => {
      const parts: Buffer[] = [];
      r.on('data', (c: Buffer) => parts.push(c));
      r.on('end', () => done(null, Buffer.concat(parts)));
    });
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(book.body as ArrayBuffer);
    expect(read.getWorksheet('Activations')!.actualRowCount).toBe(1);

    const demo = client(env);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const shown = (await demo.get('/api/v1/activations/summary?range=1y')).body.data;
    expect(shown.counters.total).toBe(2);
    expect(shown.byType).toEqual([{ type: 'ap', count: 1 }, { type: 'mesh', count: 1 }]);
    expect(sns((await demo.get('/api/v1/activations')).body.data)).toEqual(['ALACTAPI00000009', 'ALACTAPI00000010']);
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

  it('exports a list longer than one read of the database: every row once, in order, ties broken by SN', async () => {
    // 10,100 rows in the Netherlands, one model and three activation times: the export reads the
    // database in chunks of 5,000, so the rows cross two chunk boundaries inside runs of equal values
    const rows = Array.from({ length: 10_100 }, (_, i) => ({
      sn: `ALACTNL${String(i).padStart(9, '0')}`, type: 'ap', model: 'AL-AP1', brand: 'Airloom', mac: '02:41:4C:00:10:00',
      public_ip: '', country: 'NL', state: 'NH', city: 'Amsterdam',
      activated_at: now - (i % 3) * DAY, updated_at: now, activated_day: Math.floor((now - (i % 3) * DAY) / DAY), project_id: mine, owner_account_id: null,
    }));
    for (let i = 0; i < rows.length; i += 400) await env.db('activations').insert(rows.slice(i, i + 400));
    const read = async (query: string) => {
      const res = await owner.c.get(`/api/v1/activations/export.xlsx?${query}`).buffer(true).parse((r, done) => {
        const parts: Buffer[] = [];
        r.on('data', (c: Buffer) => parts.push(c));
        r.on('end', () => done(null, Buffer.concat(parts)));
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.body as ArrayBuffer);
      return book.getWorksheet('Activations')!.getSheetValues().filter(Boolean).slice(1).map((r) => (r as unknown[]).slice(1));
    };
    const byModel = await read('country=NL&sort=model&order=desc');
    expect(byModel).toHaveLength(10_100);
    expect(byModel.map((r) => r[1])).toEqual(rows.map((r) => r.sn).sort().reverse());

    const oldestFirst = await read('country=NL&sort=activatedAt&order=asc');
    const expected = [...rows].sort((a, b) => a.activated_at - b.activated_at || a.sn.localeCompare(b.sn)).map((r) => r.sn);
    expect(oldestFirst.map((r) => r[1])).toEqual(expected);
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

    // a manufacturer's figures (the counts without projects, less the live demo's) follow the same
    // moves, and agree with the records themselves
    const fleet = (await env.db('activations')
      .where((w) => w.whereNotIn('project_id', [DEMO_PROJECT_IDS.WLAN, DEMO_PROJECT_IDS.MESH]).orWhereNull('project_id'))
      .groupBy('country')
      .select('country', env.db.raw('count(*) as n'))) as { country: string; n: unknown }[];
    const makers = await summary(maker.c);
    expect(makers.counters.total).toBe(fleet.reduce((sum, r) => sum + Number(r.n), 0));
    expect([...makers.countries].sort((a: { country: string }, b: { country: string }) => a.country.localeCompare(b.country))).toEqual(
      fleet.map((r) => ({ country: r.country, count: Number(r.n) })).sort((a, b) => a.country.localeCompare(b.country)),
    );
    expect((await maker.c.get('/api/v1/activations/summary?range=1y&countries=FR')).body.data.top).toEqual([{ country: 'FR', state: 'IDF', count: 2 }]);
  });
});
