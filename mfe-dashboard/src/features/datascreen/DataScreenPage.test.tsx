import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { regionsOf } from '@airloom/contracts/regions';
import { DataScreenPage } from './DataScreenPage';
import { EMPTY_SUMMARY, activation, drawn, fakeApi, listOf, ok, renderScreen, scriptedStream, summary } from '../../test-harness';

vi.mock('../../charts/load-charts', async () => (await import('../../test-harness')).fakeCharts);

afterEach(() => {
  cleanup();
  drawn.length = 0;
});

function bff(first = summary()) {
  let current = first;
  const fake = fakeApi({
    'GET /activations/summary': () => ok(current),
    'GET /activations': () => ok(listOf([activation()])),
  });
  return { ...fake, answer: (s: typeof first) => (current = s) };
}

describe('the data screen', () => {
  it('shows data on every panel: counters, world map, top 15, trends by type and brand, the device list', async () => {
    const { api } = bff();
    renderScreen(<DataScreenPage />, api, { openStream: scriptedStream().open });
    await screen.findByText('3,020');
    expect(screen.getByTestId('counter-today').textContent).toBe('12');
    expect(screen.getByTestId('counter-last7d').textContent).toBe('255');
    expect(screen.getByTestId('counter-last30d').textContent).toBe('654');

    const top = screen.getByRole('list', { name: 'Top 15 countries' });
    expect(within(top).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Germany30', 'France20', 'Unknown5']);
    expect(within(screen.getByRole('list', { name: 'Activations per day by type' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['AP 40', 'Switch 15']);
    expect(within(screen.getByRole('list', { name: 'Activations per day by brand' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Airloom 45', 'NetHaven 10']);
    expect(screen.getByText('2 countries; most in Germany (30). Click a country to compare it.')).toBeTruthy();

    // the charts were drawn with the summary's figures: the world map by country code, the trend per day
    await waitFor(() => expect(drawn.length).toBeGreaterThanOrEqual(3));
    const map = drawn.find((d) => (d.option.series as { type: string }[])[0]!.type === 'map')!;
    expect((map.option.series as { data: unknown }[])[0]!.data).toEqual([{ name: 'DE', value: 30 }, { name: 'FR', value: 20 }]);
    const lines = drawn.filter((d) => (d.option.series as { type: string }[])[0]!.type === 'line').map((d) => d.option.series as { name: string; data: number[] }[]);
    const ap = lines.flat().find((s) => s.name === 'AP')!;
    expect(ap.data).toHaveLength(15);
    expect(ap.data.slice(-2)).toEqual([30, 10]);
    // the brands over time: one line each, a point every day of the range
    const brands = lines.find((series) => series.some((s) => s.name === 'Airloom'))!;
    expect(brands.map((s) => s.name)).toEqual(['Airloom', 'NetHaven']);
    expect(brands[0]!.data.slice(-3)).toEqual([0, 30, 15]);
    expect(brands[1]!.data.slice(-3)).toEqual([10, 0, 0]);
    expect(brands[0]!.data).toHaveLength(15);

    const table = await screen.findByRole('table', { name: 'Activated devices' });
    expect(within(table).getByText('ALSW000000000001')).toBeTruthy();
    // the GeoLite2 licence's attribution, where the locations are shown
    expect(screen.getByRole('contentinfo').textContent).toBe('IP locations: this product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com');
  });

  it('says so on each panel when there is nothing yet', async () => {
    const { api } = fakeApi({ 'GET /activations/summary': () => ok(EMPTY_SUMMARY), 'GET /activations': () => ok(listOf([])) });
    renderScreen(<DataScreenPage />, api, { openStream: scriptedStream().open });
    await screen.findByText('No activations in this range yet', { selector: 'section[aria-labelledby="world-title"] p' });
    expect(screen.getByText('Nothing to rank yet')).toBeTruthy();
    expect(screen.getAllByText('No activations in this range yet')).toHaveLength(3);
    expect(await screen.findByText('No activated device matches these filters')).toBeTruthy();
    expect(screen.getByTestId('counter-total').textContent).toBe('0');
  });

  it('asks for the chosen range, and compares at most 5 countries (spec §9), saying so for a 6th', async () => {
    const user = userEvent.setup();
    const many = summary({ countries: ['DE', 'FR', 'GB', 'ES', 'IT', 'BR'].map((country, i) => ({ country, count: 60 - i })) });
    const { api, to } = bff(many);
    renderScreen(<DataScreenPage />, api, { openStream: scriptedStream().open });
    await screen.findByText('3,020');

    await user.click(screen.getByRole('button', { name: '3 months' }));
    await waitFor(() => expect(to('/activations/summary').at(-1)!.query.get('range')).toBe('3m'));
    expect(screen.getByRole('button', { name: '3 months' }).getAttribute('aria-pressed')).toBe('true');

    for (const name of ['Germany', 'France', 'United Kingdom', 'Spain', 'Italy']) await user.selectOptions(screen.getByLabelText('Add a country'), name);
    await waitFor(() => expect(to('/activations/summary').at(-1)!.query.get('countries')).toBe('DE,FR,GB,ES,IT'));
    await user.selectOptions(screen.getByLabelText('Add a country'), 'Brazil');
    expect(screen.getByRole('alert').textContent).toBe('At most 5 countries are compared at once. Remove one to add Brazil.');
    expect(to('/activations/summary').every((r) => (r.query.get('countries') ?? '').split(',').length <= 5)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Stop comparing Italy' }));
    await waitFor(() => expect(to('/activations/summary').at(-1)!.query.get('countries')).toBe('DE,FR,GB,ES'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the compared countries with their regions', async () => {
    const user = userEvent.setup();
    const { api, answer } = bff();
    renderScreen(<DataScreenPage />, api, { openStream: scriptedStream().open });
    await screen.findByText('3,020');
    await screen.findByRole('option', { name: 'Germany' });
    const top = [{ country: 'DE', state: 'BY', count: 18 }, { country: 'DE', state: 'NW', count: 12 }];
    answer(summary({ countries: [{ country: 'DE', count: 30 }], top, regions: regionsOf('DE').map((state) => ({ country: 'DE', state, count: top.find((r) => r.state === state)?.count ?? 0 })) }));
    await user.selectOptions(screen.getByLabelText('Add a country'), 'Germany');
    const regions = await screen.findByRole('region', { name: 'Activations by region in Germany' });
    const list = await within(regions).findByRole('list', { name: 'Regions of Germany by activations' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Bavaria: 18', 'North Rhine-Westphalia: 12']);
    // the region map of Germany, all 16 states coloured
    await waitFor(() => expect(drawn.some((d) => (d.option.series as { map?: string }[])[0]!.map === 'regions:DE')).toBe(true));
    // the top 15 name the regions once Germany's map is loaded
    await waitFor(() => expect(screen.getByRole('list', { name: 'Top 15 regions' }).textContent).toContain('Bavaria, Germany'));
  });

  it('counts a device that activates without a reload, and follows the stream after a break', async () => {
    const stream = scriptedStream();
    const { api, answer, to } = bff();
    renderScreen(<DataScreenPage />, api, { openStream: stream.open });
    await screen.findByText('3,020');
    await screen.findByRole('status', { name: 'Live updates: Live' });

    answer(summary({ counters: { total: 3021, today: 13, last7d: 256, last30d: 655 } }));
    stream.push({ type: 'activation', first: true, activation: activation({ sn: 'ALAP000000000077', country: 'FR', state: 'IDF' }) });
    await screen.findByText('3,021', {}, { timeout: 3000 });
    expect(screen.getByText(/ALAP000000000077 activated in IDF, France/)).toBeTruthy();

    const before = to('/activations/summary').length;
    stream.end();
    await screen.findByRole('status', { name: 'Live updates: Reconnecting…' });
    // opened again by itself after a second; what was missed meanwhile is read again
    await screen.findByRole('status', { name: 'Live updates: Live' }, { timeout: 3000 });
    await waitFor(() => expect(to('/activations/summary').length).toBeGreaterThan(before), { timeout: 3000 });
    expect(stream.opened).toHaveLength(2);
  });

  it('dims its controls and moves through the ranges when nobody touched the screen', async () => {
    const { api, to } = bff();
    renderScreen(<DataScreenPage />, api, { openStream: scriptedStream().open, idle: { pollMs: 50, timeoutMs: 100 }, rotateMs: 150 });
    await screen.findByText('3,020');
    await waitFor(() => expect(document.querySelector('[data-idle]')).not.toBeNull());
    await waitFor(() => expect(to('/activations/summary').at(-1)!.query.get('range')).toBe('1m'), { timeout: 2000 });
    window.dispatchEvent(new Event('pointermove'));
    await waitFor(() => expect(document.querySelector('[data-idle]')).toBeNull());
  });
});
