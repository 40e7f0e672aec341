// The activation data screen's reads (docs/decisions/datascreen.md). Who sees what: a manufacturer
// account (not the live demo) sees every activation record; anybody else, an API key included, the
// records of the projects it can open (its own, shared to it and unexpired, the two demo projects),
// as the project list gives them.
import {
  ACTIVATION_PAGE_SIZE,
  ACTIVATION_RANGE_DAYS,
  ACTIVATION_TOP_REGIONS,
  AccountRole,
  type ActivationItem,
  type ActivationListQuery,
  type ActivationListResponse,
  type ActivationSummary,
  type ActivationSummaryQuery,
  type Principal,
} from '@airloom/contracts';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ActivationExportQuery } from '@airloom/contracts';
import type { ActivationRow, ActivationScope, ActivationsRepository } from './activations.repository.js';

/** rows read per query while exporting: memory stays the same whatever the row count */
const EXPORT_CHUNK = 2000;
const EXPORT_COLUMNS: { header: string; key: keyof ActivationItem; width: number }[] = [
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

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayNumber = (iso: string) => dayOf(Date.parse(`${iso}T00:00:00Z`));

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

export interface ActivationsServiceDeps {
  repo: ActivationsRepository;
  /** ids of the projects the caller can open */
  visibleProjects(principal: Principal): Promise<number[]>;
  clock: () => number;
}

export function createActivationsService(deps: ActivationsServiceDeps) {
  const { repo, clock } = deps;

  async function scopeOf(principal: Principal): Promise<ActivationScope> {
    if (principal.role === AccountRole.MANUFACTURER && !principal.demo && !principal.apiKey) return { all: true };
    return { all: false, projectIds: await deps.visibleProjects(principal) };
  }

  return {
    scopeOf,

    async summary(principal: Principal, query: ActivationSummaryQuery): Promise<ActivationSummary> {
      const scope = await scopeOf(principal);
      const today = dayOf(clock());
      const fromDay = today - ACTIVATION_RANGE_DAYS[query.range] + 1;
      const countries = query.countries?.length ? query.countries : undefined;
      const empty = !scope.all && scope.projectIds.length === 0;
      if (empty) {
        return { range: query.range, from: isoDay(fromDay), counters: { total: 0, today: 0, last7d: 0, last30d: 0 }, byType: [], byBrand: [], trend: [], countries: [], top: [] };
      }
      const [counters, perDay, byBrand, perCountry, perState] = await Promise.all([
        repo.counters(scope, { today, last7d: today - 6, last30d: today - 29 }),
        repo.perDayType(scope, fromDay),
        repo.perBrand(scope, fromDay),
        repo.perCountry(scope, fromDay, countries),
        countries ? repo.perState(scope, fromDay, countries, ACTIVATION_TOP_REGIONS) : Promise.resolve(null),
      ]);
      const byType = new Map<ActivationSummary['byType'][number]['type'], number>();
      for (const r of perDay) byType.set(r.type, (byType.get(r.type) ?? 0) + r.count);
      return {
        range: query.range,
        from: isoDay(fromDay),
        counters,
        byType: [...byType].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
        byBrand,
        trend: perDay.map((r) => ({ day: isoDay(r.day), type: r.type, count: r.count })).sort((a, b) => a.day.localeCompare(b.day) || a.type.localeCompare(b.type)),
        countries: perCountry,
        top: perState ?? perCountry.slice(0, ACTIVATION_TOP_REGIONS).map((c) => ({ country: c.country, state: '', count: c.count })),
      };
    },

    async list(principal: Principal, query: ActivationListQuery): Promise<ActivationListResponse> {
      const scope = await scopeOf(principal);
      if (!scope.all && scope.projectIds.length === 0) return { items: [], total: 0, page: query.page, pageSize: ACTIVATION_PAGE_SIZE };
      const base = repo.filtered(scope, query, { from: query.from ? dayNumber(query.from) : undefined, to: query.to ? dayNumber(query.to) : undefined });
      const { total, rows } = await repo.page(base, query.sort, query.order, (query.page - 1) * ACTIVATION_PAGE_SIZE, ACTIVATION_PAGE_SIZE);
      return { items: rows.map(toActivationItem), total, page: query.page, pageSize: ACTIVATION_PAGE_SIZE };
    },

    /** Writes the filtered list as .xlsx to `out`, read and written a chunk at a time. */
    async exportXlsx(principal: Principal, query: ActivationExportQuery, out: Writable): Promise<void> {
      const scope = await scopeOf(principal);
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet('Activations');
      sheet.columns = EXPORT_COLUMNS;
      if (scope.all || scope.projectIds.length > 0) {
        const base = repo.filtered(scope, query, { from: query.from ? dayNumber(query.from) : undefined, to: query.to ? dayNumber(query.to) : undefined });
        for (let offset = 0; ; offset += EXPORT_CHUNK) {
          const rows = await repo.rows(base, query.sort, query.order, offset, EXPORT_CHUNK);
          for (const row of rows) {
            const item = toActivationItem(row);
            sheet.addRow(EXPORT_COLUMNS.map((c) => item[c.key])).commit();
          }
          if (rows.length < EXPORT_CHUNK) break;
        }
      }
      sheet.commit();
      await workbook.commit();
    },
  };
}

export type ActivationsService = ReturnType<typeof createActivationsService>;
