import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../../api';
import { activation, listOf } from '../../test-harness';
import { applyLive, fitsFilters } from './live-list';

const page1 = listOf(
  Array.from({ length: 50 }, (_, i) => activation({ sn: `ALSW${String(i).padStart(12, '0')}`, activatedAt: `2026-11-${String(20 - Math.floor(i / 5)).padStart(2, '0')}T10:00:00.000Z` })),
  120,
);
const fresh = activation({ sn: 'ALAPNEW000000001', type: 'ap', country: 'FR', activatedAt: '2026-11-26T09:00:00.000Z', updatedAt: '2026-11-26T09:00:00.000Z' });

describe('a live activation on the device list', () => {
  it('puts a first activation at the top of page 1 newest first, the page still 50 rows, the total one more', () => {
    const { list, outcome } = applyLive(page1, { type: 'activation', first: true, activation: fresh }, NO_FILTERS, 1);
    expect(outcome).toBe('shown');
    expect(list.items[0]!.sn).toBe('ALAPNEW000000001');
    expect(list.items).toHaveLength(50);
    expect(list.items[1]!.sn).toBe(page1.items[0]!.sn);
    expect(list.total).toBe(121);
  });

  it('leaves the page as it is for a device the filters leave out', () => {
    const filters = { ...NO_FILTERS, country: 'DE' };
    const { list, outcome } = applyLive(page1, { type: 'activation', first: true, activation: fresh }, filters, 1);
    expect(outcome).toBe('none');
    expect(list).toBe(page1);
    expect(applyLive(page1, { type: 'activation', first: true, activation: fresh }, { ...NO_FILTERS, to: '2026-11-25' }, 1).outcome).toBe('none');
  });

  it('says the page may be out of date where the new record may belong but its place is not known here', () => {
    const event = { type: 'activation' as const, first: true, activation: fresh };
    expect(applyLive(page1, event, NO_FILTERS, 2).outcome).toBe('stale');
    expect(applyLive(page1, event, { ...NO_FILTERS, order: 'asc' }, 1).outcome).toBe('stale');
    expect(applyLive(page1, event, { ...NO_FILTERS, sort: 'model' }, 1).outcome).toBe('stale');
    // a device seen again that now fits (moved to the filtered country): the total may have changed
    expect(applyLive(page1, { ...event, first: false }, { ...NO_FILTERS, country: 'FR' }, 1).outcome).toBe('stale');
    expect(applyLive(page1, event, NO_FILTERS, 2).list).toBe(page1);
  });

  it("shows a listed device's new values in its row; stale when the row's place or its fit may change", () => {
    const back = { ...page1.items[3]!, country: 'FR', state: 'IDF', city: 'Paris', updatedAt: '2026-11-26T10:00:00.000Z' };
    const event = { type: 'activation' as const, first: false, activation: back };
    const { list, outcome } = applyLive(page1, event, NO_FILTERS, 1);
    expect(outcome).toBe('shown');
    expect(list.items[3]).toEqual(back);
    expect(list.total).toBe(120);
    expect(applyLive(page1, event, { ...NO_FILTERS, sort: 'updatedAt' }, 1).outcome).toBe('stale');
    expect(applyLive(page1, event, { ...NO_FILTERS, country: 'DE' }, 1).outcome).toBe('stale');
  });

  it('applies the filters as the server does, activation days in UTC', () => {
    const a = activation({ type: 'switch', brand: 'Airloom', model: 'AL-SW24P', country: 'DE', activatedAt: '2026-11-20T23:59:00.000Z' });
    expect(fitsFilters({ ...NO_FILTERS, type: 'switch', brand: 'Airloom', model: 'AL-SW24P', country: 'DE', from: '2026-11-20', to: '2026-11-20' }, a)).toBe(true);
    expect(fitsFilters({ ...NO_FILTERS, from: '2026-11-21' }, a)).toBe(false);
    expect(fitsFilters({ ...NO_FILTERS, brand: 'NetHaven' }, a)).toBe(false);
    expect(fitsFilters({ ...NO_FILTERS, model: 'AL-SW24' }, a)).toBe(false);
  });
});
