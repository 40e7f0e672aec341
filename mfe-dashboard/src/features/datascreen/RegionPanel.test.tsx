import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { regionsOf } from '@airloom/contracts/regions';
import { RegionPanel } from './RegionPanel';
import { drawn, fakeApi, renderScreen } from '../../test-harness';

vi.mock('../../charts/load-charts', async () => (await import('../../test-harness')).fakeCharts);

afterEach(() => {
  cleanup();
  drawn.length = 0;
});

/** the summary's regions of a country as the server gives them: every region, these counted */
const regionsWith = (country: string, counted: Record<string, number>) => regionsOf(country).map((state) => ({ country, state, count: counted[state] ?? 0 }));
const { api } = fakeApi({});
const mapData = () => {
  const map = drawn.at(-1)!.option.series as { map: string; data: { name: string; value: number }[] }[];
  return { map: map[0]!.map, data: map[0]!.data };
};

/** the page's part: countries added to the comparison one after another */
function Comparing({ regions, next }: { regions: Parameters<typeof RegionPanel>[0]['regions']; next: string[] }) {
  const [compared, setCompared] = useState<string[]>([]);
  return (
    <>
      <button onClick={() => setCompared((c) => [...c, next[c.length]!])}>compare the next</button>
      <RegionPanel compared={compared} regions={regions} />
    </>
  );
}

describe('the region map panel', () => {
  it("colours every region of the compared country and lists the counted ones by their names", async () => {
    const regions = [...regionsWith('FR', { IDF: 7, PDL: 3 }), { country: 'FR', state: '', count: 2 }];
    renderScreen(<RegionPanel compared={['FR']} regions={regions} />, api);
    const panel = await screen.findByRole('region', { name: 'Activations by region in France' });
    const list = await within(panel).findByRole('list', { name: 'Regions of France by activations' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Île-de-France: 7', 'Pays de la Loire: 3']);
    // the records whose IP gave no region are said, not lost
    expect(within(panel).getByText('2 activations in no region on the map (their IP addresses gave none)')).toBeTruthy();
    expect(within(panel).getByRole('img', { name: 'Map of France by region (18 regions)' })).toBeTruthy();

    await waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    const { map, data } = mapData();
    expect(map).toBe('regions:FR');
    expect(data).toHaveLength(18);
    expect(data).toContainEqual({ name: 'IDF', value: 7 });
    expect(data).toContainEqual({ name: 'BRE', value: 0 });
  });

  it('shows the country just added, and another compared one on a press', async () => {
    const user = userEvent.setup();
    const regions = [...regionsWith('DE', { BY: 18, NW: 12 }), ...regionsWith('GB', { ENG: 4 })];
    renderScreen(<Comparing regions={regions} next={['DE', 'GB']} />, api);
    await user.click(screen.getByRole('button', { name: 'compare the next' }));
    await screen.findByRole('list', { name: 'Regions of Germany by activations' });
    expect(screen.getByRole('list', { name: 'Regions of Germany by activations' }).textContent).toContain('Bavaria: 18');

    await user.click(screen.getByRole('button', { name: 'compare the next' }));
    const gb = await screen.findByRole('list', { name: 'Regions of United Kingdom by activations' });
    expect(within(gb).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['England: 4']);
    expect(screen.getByRole('button', { name: 'United Kingdom' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(mapData().map).toBe('regions:GB'));

    await user.click(screen.getByRole('button', { name: 'Germany' }));
    await screen.findByRole('region', { name: 'Activations by region in Germany' });
    expect(screen.getByRole('button', { name: 'Germany' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(mapData().map).toBe('regions:DE'));
    expect(mapData().data).toHaveLength(16);
  });

  it('says so when a country had no activations, or has no region map', async () => {
    renderScreen(<RegionPanel compared={['IT']} regions={regionsWith('IT', {})} />, api);
    expect(await screen.findByText('No activations in Italy in this range')).toBeTruthy();
    cleanup();
    renderScreen(<RegionPanel compared={['VA']} regions={[{ country: 'VA', state: '', count: 1 }]} />, api);
    expect(await screen.findByText('There is no region map of Vatican City.')).toBeTruthy();
    expect(screen.getByText('1 activation in no region on the map (its IP address gave none)')).toBeTruthy();
  });
});
