// The activation data screen's reads (docs/decisions/datascreen.md, "Who sees what"). A manufacturer
// (not the live demo) sees every activation record, signed in or through a key for its whole account
// (its wall display); anybody else, and a key limited to some projects, the records of the projects
// it can open as the project list gives them. The live demo's two projects are a showcase of
// simulated devices: their records count on the live demo's own screen only.
import {
  ACTIVATION_PAGE_SIZE,
  ACTIVATION_RANGE_DAYS,
  ACTIVATION_TOP_REGIONS,
  AccountRole,
  DEMO_PROJECT_IDS,
  isDemoProject,
  type ActivationItem,
  type ActivationListQuery,
  type ActivationListResponse,
  type ActivationSummary,
  type ActivationSummaryQuery,
  type Principal,
} from '@airloom/contracts';
import type { Writable } from 'node:stream';
import { writeXlsx, type XlsxColumn } from '../../http/xlsx.js';
import type { ActivationExportQuery } from '@airloom/contracts';
import { regionsOf } from '@airloom/contracts/regions';
import type { ActivationRow, ActivationScope, ActivationsRepository } from './activations.repository.js';

/** rows read per query while exporting: memory stays the same whatever the row count */
const EXPORT_CHUNK = 5000;
const EXPORT_COLUMNS: (XlsxColumn & { key: keyof ActivationItem })[] = [
  { header: 'Activated (UTC)', key: 'activatedAt', width: 22 },
  { header: 'SN', key: 'sn', width: 20 },
  { header: 'Type', key: 'type', width: 9 },
  { header: 'Model', key: 'model', width: 14 },
  { header: 'Brand', key: 'brand', width: 12 },
  { header: 'MAC', key: 'mac', width: 18 },
  { header: 'Public IP', key: 'publicIp', width: 16 },
  { header: 'Country', key: 'country', width: 8 },
  { header: 'State', key: 'state', width: 8 },
  { header: 'City', key: 'city', width: 18 },
  { header: 'Updated (UTC)', key: 'updatedAt', width: 22 },
];

const DEMO_IDS: readonly number[] = [DEMO_PROJECT_IDS.WLAN, DEMO_PROJECT_IDS.MESH];

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayNumber = (iso: string) => dayOf(Date.parse(`${iso}T00:00:00Z`));

type RegionCount = ActivationSummary['regions'][number];

/** Every region of the compared countries' maps with its count, zero where none; then the counted
 * states no map draws (unknown, or a code the map does not know) so nothing counted goes missing. */
export function everyRegion(countries: readonly string[], counted: readonly RegionCount[]): RegionCount[] {
  const countOf = new Map(counted.map((r) => [`${r.country}/${r.state}`, r.count]));
  const drawn = countries.flatMap((country) => regionsOf(country).map((state) => ({ country, state, count: countOf.get(`${country}/${state}`) ?? 0 })));
  const onMap = new Set(drawn.map((r) => `${r.country}/${r.state}`));
  return [...drawn, ...counted.filter((r) => !onMap.has(`${r.country}/${r.state}`))];
}

export function toActivationItem(r: ActivationRow): ActivationItem {
  return {
    sn: r.sn,
    type: r.type,
    model: r.model,
    brand: r.brand,
    mac: r.mac,
    publicIp: r.public_ip,
    country: r.country,
    state: r.state,
    city: r.city,
    activatedAt: new Date(Number(r.activated_at)).toISOString(),
    updatedAt: new Date(Number(r.updated_at)).toISOString(),
  };
}

/** a live stream's projects, and when the earliest timed share behind them ends (null: none does) */
export interface LiveScope {
  scope: ActivationScope;
  endsAt: number | null;
}

export interface ActivationsServiceDeps {
  repo: ActivationsRepository;
  /** ids of the projects the caller can open */
  visibleProjects(principal: Principal): Promise<number[]>;
  clock: () => number;
}

export function createActivationsService(deps: ActivationsServiceDeps) {
  const { repo, clock } = deps;

  async function scopeOf(principal: Principal): Promise<ActivationScope> {
    if (principal.demo) return { all: false, projectIds: await deps.visibleProjects(principal) };
    const wholeAccount = !principal.apiKey || principal.apiKey.projects === null;
    if (principal.role === AccountRole.MANUFACTURER && wholeAccount) return { all: true, except: DEMO_IDS };
    const projectIds = (await deps.visibleProjects(principal)).filter((id) => !isDemoProject(id));
    return { all: false, projectIds };
  }

  return {
    scopeOf,

    /** a live stream's scope, and when it next changes by itself: the end of the caller's earliest timed share */
    async liveScopeOf(principal: Principal): Promise<LiveScope> {
      const scope = await scopeOf(principal);
      return { scope, endsAt: scope.all ? null : await repo.nextShareEnd(principal.accountId, clock()) };
    },

    async summary(principal: Principal, query: ActivationSummaryQuery): Promise<ActivationSummary> {
      const scope = await scopeOf(principal);
      const today = dayOf(clock());
      const fromDay = today - ACTIVATION_RANGE_DAYS[query.range] + 1;
      const countries = query.countries?.length ? query.countries : undefined;
      const empty = !scope.all && scope.projectIds.length === 0;
      if (empty) {
        return { range: query.range, from: isoDay(fromDay), counters: { total: 0, today: 0, last7d: 0, last30d: 0 }, byType: [], byBrand: [], trend: [], trendBrand: [], countries: [], top: [], regions: [] };
      }
      const [counters, perDay, perDayBrand, perCountry, perState] = await Promise.all([
        repo.counters(scope, { today, last7d: today - 6, last30d: today - 29 }),
        repo.perDayType(scope, fromDay),
        repo.perDayBrand(scope, fromDay),
        repo.perCountry(scope, fromDay, countries),
        countries ? repo.perState(scope, fromDay, countries) : Promise.resolve(null),
      ]);
      const byType = new Map<ActivationSummary['byType'][number]['type'], number>();
      for (const r of perDay) byType.set(r.type, (byType.get(r.type) ?? 0) + r.count);
      const byBrand = new Map<string, number>();
      for (const r of perDayBrand) byBrand.set(r.brand, (byBrand.get(r.brand) ?? 0) + r.count);
      const byDay = <T extends { day: string }>(key: (r: T) => string) => (a: T, b: T) => a.day.localeCompare(b.day) || key(a).localeCompare(key(b));
      return {
        range: query.range,
        from: isoDay(fromDay),
        counters,
        byType: [...byType].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
        byBrand: [...byBrand].map(([brand, count]) => ({ brand, count })).sort((a, b) => b.count - a.count || a.brand.localeCompare(b.brand)),
        trend: perDay.map((r) => ({ day: isoDay(r.day), type: r.type, count: r.count })).sort(byDay((r) => r.type)),
        trendBrand: perDayBrand.map((r) => ({ day: isoDay(r.day), brand: r.brand, count: r.count })).sort(byDay((r) => r.brand)),
        countries: perCountry,
        top: perState?.slice(0, ACTIVATION_TOP_REGIONS) ?? perCountry.slice(0, ACTIVATION_TOP_REGIONS).map((c) => ({ country: c.country, state: '', count: c.count })),
        regions: countries && perState ? everyRegion(countries, perState) : [],
      };
    },

    async list(principal: Principal, query: ActivationListQuery): Promise<ActivationListResponse> {
      const scope = await scopeOf(principal);
      if (!scope.all && scope.projectIds.length === 0) return { items: [], total: 0, page: query.page, pageSize: ACTIVATION_PAGE_SIZE };
      const base = repo.filtered(scope, query, { from: query.from ? dayNumber(query.from) : undefined, to: query.to ? dayNumber(query.to) : undefined });
      const { total, rows } = await repo.page(base, query.sort, query.order, (query.page - 1) * ACTIVATION_PAGE_SIZE, ACTIVATION_PAGE_SIZE);
      return { items: rows.map(toActivationItem), total, page: query.page, pageSize: ACTIVATION_PAGE_SIZE };
    },

    /** Writes the filtered list as .xlsx to `out`, read from the database a chunk at a time as the client takes it. */
    async exportXlsx(principal: Principal, query: ActivationExportQuery, out: Writable): Promise<void> {
      const scope = await scopeOf(principal);
      const base = scope.all || scope.projectIds.length > 0
        ? repo.filtered(scope, query, { from: query.from ? dayNumber(query.from) : undefined, to: query.to ? dayNumber(query.to) : undefined })
        : null;
      async function* rows() {
        if (!base) return;
        for (let last: ActivationRow | null = null; ; ) {
          const chunk = await repo.rowsAfter(base, query.sort, query.order, last, EXPORT_CHUNK);
          for (const row of chunk) {
            const item = toActivationItem(row);
            yield EXPORT_COLUMNS.map((c) => String(item[c.key]));
          }
          if (chunk.length < EXPORT_CHUNK) return;
          last = chunk[chunk.length - 1]!;
        }
      }
      await writeXlsx(out, 'Activations', EXPORT_COLUMNS, rows());
    },
  };
}

export type ActivationsService = ReturnType<typeof createActivationsService>;
