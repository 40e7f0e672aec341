// Activation records (gateway table `activations`, spec §3) as the data screen reads them: knex only,
// no rules. Every query is limited to a scope: all records (a manufacturer) or those of some projects.
// The summary reads the daily counts the database keeps beside the records; the list reads records.
import type { ActivationListQuery, DeviceType } from '@airloom/contracts';
import type { Knex } from 'knex';

/** every record but those of some projects (a manufacturer: all but the live demo's), or those of some projects */
export type ActivationScope = { all: true; except: readonly number[] } | { all: false; projectIds: readonly number[] };

export interface ActivationRow {
  sn: string;
  type: DeviceType;
  model: string;
  brand: string;
  mac: string;
  public_ip: string;
  country: string;
  state: string;
  city: string;
  activated_at: number | string;
  updated_at: number | string;
}

/** the daily count tables and what each counts by, beside the day (gateway migration 20261125200100) */
const COUNTED_BY = { activation_counts_type: ['type'], activation_counts_brand: ['brand'], activation_counts_place: ['country', 'state'] } as const;
type CountTable = keyof typeof COUNTED_BY;

const SORT_COLUMNS = { activatedAt: 'activated_at', updatedAt: 'updated_at', model: 'model', country: 'country' } as const;

const n = (v: unknown) => Number(v ?? 0);

export function createActivationsRepository(db: Knex) {
  function scoped(scope: ActivationScope): Knex.QueryBuilder {
    const q = db('activations');
    if (!scope.all) q.whereIn('project_id', [...scope.projectIds]);
    // a record of a device in no project has a null project_id, which NOT IN would leave out
    else if (scope.except.length > 0) q.where((w) => w.whereNotIn('project_id', [...scope.except]).orWhereNull('project_id'));
    return q;
  }

  /**
   * A daily count table limited to the scope: some projects' rows of the per-project counts (gateway
   * migration 20261125200100); or, for every project, the rollup without projects (20261127200100)
   * minus the excepted projects' per-project counts, so a manufacturer's summary reads a few thousand
   * rows however many projects there are. Callers filter, group and sum `n` as on either table.
   */
  function counts(table: CountTable, scope: ActivationScope): Knex.QueryBuilder {
    if (!scope.all) return db(table).whereIn('project_id', [...scope.projectIds]);
    if (scope.except.length === 0) return db(`${table}_all`);
    const columns = ['day', ...COUNTED_BY[table]];
    const everything = db(`${table}_all`).select(...columns, 'n');
    const excepted = db(table).whereIn('project_id', [...scope.except]).select(...columns, db.raw('0 - n as n'));
    return db.from(everything.unionAll(excepted).as('counts'));
  }

  return {
    /** total, and activations on or after each of the given days */
    async counters(scope: ActivationScope, days: { today: number; last7d: number; last30d: number }) {
      const row = (await counts('activation_counts_type', scope)
        .select(
          db.raw('sum(n) as total'),
          db.raw('sum(case when day >= ? then n else 0 end) as today', [days.today]),
          db.raw('sum(case when day >= ? then n else 0 end) as last7d', [days.last7d]),
          db.raw('sum(case when day >= ? then n else 0 end) as last30d', [days.last30d]),
        )
        .first()) as Record<string, unknown> | undefined;
      return { total: n(row?.total), today: n(row?.today), last7d: n(row?.last7d), last30d: n(row?.last30d) };
    },

    /** activations per day and type from a day on */
    async perDayType(scope: ActivationScope, fromDay: number): Promise<{ day: number; type: DeviceType; count: number }[]> {
      const rows = (await counts('activation_counts_type', scope)
        .where('day', '>=', fromDay)
        .groupBy('day', 'type')
        .havingRaw('sum(n) > 0')
        .select('day', 'type', db.raw('sum(n) as n'))) as { day: number; type: DeviceType; n: unknown }[];
      return rows.map((r) => ({ day: n(r.day), type: r.type, count: n(r.n) }));
    },

    /** activations per day and brand from a day on */
    async perDayBrand(scope: ActivationScope, fromDay: number): Promise<{ day: number; brand: string; count: number }[]> {
      const rows = (await counts('activation_counts_brand', scope)
        .where('day', '>=', fromDay)
        .groupBy('day', 'brand')
        .havingRaw('sum(n) > 0')
        .select('day', 'brand', db.raw('sum(n) as n'))) as { day: number; brand: string; n: unknown }[];
      return rows.map((r) => ({ day: n(r.day), brand: r.brand, count: n(r.n) }));
    },

    /** per country (only these countries when given), most activations first */
    async perCountry(scope: ActivationScope, fromDay: number, countries?: readonly string[]): Promise<{ country: string; count: number }[]> {
      const q = counts('activation_counts_place', scope).where('day', '>=', fromDay);
      if (countries?.length) q.whereIn('country', [...countries]);
      const rows = (await q.groupBy('country').havingRaw('sum(n) > 0').select('country', db.raw('sum(n) as n')).orderBy('n', 'desc').orderBy('country')) as { country: string; n: unknown }[];
      return rows.map((r) => ({ country: r.country, count: n(r.n) }));
    },

    /** per state of these countries, most activations first (all of them without a limit) */
    async perState(scope: ActivationScope, fromDay: number, countries: readonly string[], limit?: number) {
      const rows = (await counts('activation_counts_place', scope)
        .where('day', '>=', fromDay)
        .whereIn('country', [...countries])
        .groupBy('country', 'state')
        .havingRaw('sum(n) > 0')
        .select('country', 'state', db.raw('sum(n) as n'))
        .orderBy('n', 'desc')
        .orderBy('country')
        .orderBy('state')
        .modify((q) => { if (limit !== undefined) q.limit(limit); })) as { country: string; state: string; n: unknown }[];
      return rows.map((r) => ({ country: r.country, state: r.state, count: n(r.n) }));
    },

    /** one device's record with the project it counts for */
    /** when the earliest of the account's unexpired timed shares ends (epoch ms), or null */
    async nextShareEnd(accountId: number, now: number): Promise<number | null> {
      const row = (await db('project_members').where('account_id', accountId).andWhere('expires_at', '>', now).min({ at: 'expires_at' }).first()) as { at: number | string | null } | undefined;
      return row?.at == null ? null : Number(row.at);
    },

    record(sn: string): Promise<(ActivationRow & { project_id: number | null }) | undefined> {
      return db('activations')
        .where({ sn })
        .first('sn', 'type', 'model', 'brand', 'mac', 'public_ip', 'country', 'state', 'city', 'activated_at', 'updated_at', 'project_id') as Promise<(ActivationRow & { project_id: number | null }) | undefined>;
    },

    filtered(scope: ActivationScope, query: Omit<ActivationListQuery, 'page' | 'sort' | 'order'>, days: { from?: number; to?: number }): Knex.QueryBuilder {
      const q = scoped(scope);
      if (query.type) q.where('type', query.type);
      if (query.brand) q.where('brand', query.brand);
      if (query.model) q.where('model', query.model);
      if (query.country) q.where('country', query.country);
      if (days.from !== undefined) q.where('activated_day', '>=', days.from);
      if (days.to !== undefined) q.where('activated_day', '<=', days.to);
      return q;
    },

    /**
     * The next chunk of the filtered records in the list's order after `after` (the last row of the
     * previous chunk; null for the first): a keyset, so each chunk costs the same however far the
     * export has gone, where an offset would make the database walk every row before it again.
     */
    rowsAfter(base: Knex.QueryBuilder, sort: ActivationListQuery['sort'], order: 'asc' | 'desc', after: ActivationRow | null, limit: number): Promise<ActivationRow[]> {
      const column = SORT_COLUMNS[sort];
      const q = base.clone();
      if (after) {
        const beyond = order === 'asc' ? '>' : '<';
        const value = after[column];
        q.where((w) => w.where(column, beyond, value).orWhere((same) => same.where(column, value).andWhere('sn', beyond, after.sn)));
      }
      return q
        .select('sn', 'type', 'model', 'brand', 'mac', 'public_ip', 'country', 'state', 'city', 'activated_at', 'updated_at')
        .orderBy(column, order)
        .orderBy('sn', order)
        .limit(limit) as Promise<ActivationRow[]>;
    },

    async page(base: Knex.QueryBuilder, sort: ActivationListQuery['sort'], order: 'asc' | 'desc', offset: number, limit: number) {
      const [totalRow, rows] = await Promise.all([
        base.clone().count({ n: '*' }).first() as Promise<{ n: unknown } | undefined>,
        base
          .clone()
          .select('sn', 'type', 'model', 'brand', 'mac', 'public_ip', 'country', 'state', 'city', 'activated_at', 'updated_at')
          .orderBy(SORT_COLUMNS[sort], order)
          .orderBy('sn', order)
          .offset(offset)
          .limit(limit) as Promise<ActivationRow[]>,
      ]);
      return { total: n(totalRow?.n), rows };
    },
  };
}

export type ActivationsRepository = ReturnType<typeof createActivationsRepository>;
