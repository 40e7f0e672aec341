import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createApiClient } from '@airloom/shared-ui';
import { device, renderAt } from '../../test-harness';
import { drawnOptions, statsBff } from '../../charts/fake-charts';
import { RunStatPage } from './RunStatPage';

vi.mock('../../charts/load-charts', async () => (await import('../../charts/fake-charts')).fakeCharts);

afterEach(() => {
  cleanup();
  drawnOptions.length = 0;
});

const HOUR = 3_600_000;
const T = Date.UTC(2026, 10, 25, 12, 0, 0);
const points = (values: number[]) => values.map((v, i) => [T + i * HOUR, v]);
const UNIT: Record<string, string> = { cpu: '%', memory: '%', traffic: 'B/s', clients: 'clients', noise: 'dBm', utilisation: '%' };
const series = (q: URLSearchParams, values: Record<string, number[]>) => ({
  metric: q.get('metric'), window: q.get('window'), resolution: 3600, unit: UNIT[q.get('metric')!], points: points(values[q.get('metric')!] ?? []),
});

const lobby = device({ sn: 'ALAP000000000001', name: 'AP-Lobby', model: 'AL-AP620', status: 1, uptime: 2 * 86_400 + 3 * 3600 + 4 * 60 });

function bff(options: { empty?: boolean } = {}) {
  const values: Record<string, number[]> = options.empty ? {} : { cpu: [10, 20, 30], memory: [40, 41], traffic: [1024, 3 * 1024 * 1024], clients: [3, 5] };
  return statsBff({
    '/projects/1/devices': () => ({ items: [lobby], total: 1 }),
    '/projects/1/stats': (q) => series(q, values),
    [`/projects/1/stats/devices/${lobby.sn}`]: (q) => series(q, values),
    [`/projects/1/stats/devices/${lobby.sn}/interfaces`]: (q) => ({
      metric: q.get('metric'), window: q.get('window'), resolution: 3600, unit: UNIT[q.get('metric')!],
      series: options.empty ? [] : q.get('metric') === 'traffic'
        ? [{ iface: '2.4GHz', points: points([100]) }, { iface: '5GHz', points: points([200]) }, { iface: 'port1', points: points([300]) }]
        : [{ iface: '2.4GHz', points: points([q.get('metric') === 'noise' ? -90 : 2]) }, { iface: '5GHz', points: points([q.get('metric') === 'noise' ? -95 : 3]) }],
    }),
  });
}

function render(path: string, fake = bff()) {
  const api = createApiClient({ fetchImpl: fake.fetchImpl });
  renderAt(<RunStatPage />, api, path, '/manage/devsrunstat');
  return fake;
}

describe('device running statistics page', () => {
  it('shows the whole project over 24 hours first, each chart with its figures in words (sizes with 2 decimals)', async () => {
    const fake = render('/manage/devsrunstat?project=1');
    expect(await screen.findByRole('heading', { name: 'CPU (average of the devices)' })).toBeTruthy();
    expect(screen.getByText('Traffic (sent + received): latest 3.00 MB/s, average 1.50 MB/s, peak 3.00 MB/s')).toBeTruthy();
    expect(screen.getByText('CPU: latest 30.00 %, average 20.00 %, peak 30.00 %')).toBeTruthy();
    const asked = fake.calls.filter((c) => c.path === '/projects/1/stats');
    expect(asked.map((c) => [c.query.get('metric'), c.query.get('window')])).toEqual([['cpu', '24h'], ['memory', '24h'], ['traffic', '24h'], ['clients', '24h']]);
    await waitFor(() => expect(drawnOptions).toHaveLength(4));
    expect(screen.getByRole('button', { name: '24 h' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('reads the charts again for another window', async () => {
    const fake = render('/manage/devsrunstat?project=1');
    await screen.findByRole('heading', { name: 'CPU (average of the devices)' });
    fireEvent.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(fake.calls.some((c) => c.path === '/projects/1/stats' && c.query.get('window') === '30d')).toBe(true));
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows one device with its uptime, its radios and ports, and the figures as a table on demand', async () => {
    const fake = render(`/manage/devsrunstat?project=1&sn=${lobby.sn}&window=7d`);
    expect(await screen.findByText('2 d 3 h 4 min')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Traffic per radio and port' })).toBeTruthy();
    expect(screen.getByText('2.4 GHz radio: latest 100.00 B/s, average 100.00 B/s, peak 100.00 B/s')).toBeTruthy();
    expect(screen.getByText('Port 1: latest 300.00 B/s, average 300.00 B/s, peak 300.00 B/s')).toBeTruthy();
    expect(screen.getByText('5 GHz radio: latest -95.00 dBm, average -95.00 dBm, peak -95.00 dBm')).toBeTruthy();
    expect(fake.calls.filter((c) => c.path.endsWith('/interfaces')).map((c) => c.query.get('metric'))).toEqual(['traffic', 'clients', 'noise', 'utilisation']);
    expect(fake.calls.every((c) => !c.query.get('window') || c.query.get('window') === '7d')).toBe(true);

    const memory = screen.getByRole('region', { name: 'Memory in use' });
    fireEvent.click(within(memory).getByText('Show the figures as a table'));
    const details = within(memory).getByText('Show the figures as a table').closest('details')!;
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    const table = await within(memory).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('41.00 %')).toBeTruthy();
  });

  it('says so when a window has no figures yet, rather than drawing an empty axis', async () => {
    render('/manage/devsrunstat?project=1', bff({ empty: true }));
    expect((await screen.findAllByText('No figures in this window yet')).length).toBe(4);
    expect(drawnOptions).toHaveLength(0);
  });

  it('tells in a sentence when the figures cannot be read, and reads again on request', async () => {
    const fake = statsBff({ '/projects/1/devices': () => ({ items: [], total: 0 }) });
    render('/manage/devsrunstat?project=1', fake);
    expect(await screen.findByText(/The figures could not be read/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.path === '/projects/1/stats').length).toBe(8));
  });
});
