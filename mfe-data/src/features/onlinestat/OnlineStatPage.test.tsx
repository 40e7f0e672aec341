import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createApiClient } from '@airloom/shared-ui';
import { renderAt } from '../../test-harness';
import { drawnOptions, statsBff } from '../../charts/fake-charts';
import { OnlineStatPage } from './OnlineStatPage';

vi.mock('../../charts/load-charts', async () => (await import('../../charts/fake-charts')).fakeCharts);

afterEach(() => {
  cleanup();
  drawnOptions.length = 0;
});

const T = Date.UTC(2026, 10, 25, 12, 0, 0);
const ap = (n: number, value: number) => ({ sn: `ALAP00000000000${n}`, name: `AP-${n}`, model: 'AL-AP620', value });

function online(window: string, empty = false) {
  return {
    window,
    topClients: empty ? [] : [ap(1, 12.5), ap(2, 8), ap(3, 3)],
    topThroughput: empty ? [] : [ap(2, 5 * 1024 * 1024), ap(1, 1536)],
    signal: [
      { bucket: 'excellent', clients: empty ? 0 : 4 }, { bucket: 'good', clients: empty ? 0 : 7 }, { bucket: 'fair', clients: 0 }, { bucket: 'weak', clients: empty ? 0 : 2 }, { bucket: 'poor', clients: 0 },
    ],
    clients: { metric: 'clients', window, resolution: 300, unit: 'clients', points: empty ? [] : [[T, 20], [T + 300_000, 24]] },
  };
}

function render(path: string, empty = false) {
  const fake = statsBff({ '/projects/1/stats/online': (q) => online(q.get('window') ?? '24h', empty) });
  renderAt(<OnlineStatPage />, createApiClient({ fetchImpl: fake.fetchImpl }), path, '/manage/onlinestat');
  return fake;
}

describe('online statistics page', () => {
  it('ranks the top access points by clients and by throughput, as charts and as tables', async () => {
    render('/manage/onlinestat?project=1');
    const byClients = await screen.findByRole('region', { name: 'Top 5 access points by clients' });
    const rows = within(byClients).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['AP-1AL-AP620 · ALAP00000000000112.5', 'AP-2AL-AP620 · ALAP0000000000028', 'AP-3AL-AP620 · ALAP0000000000033']);
    const byTraffic = screen.getByRole('region', { name: 'Top 5 access points by throughput' });
    // sizes with 2 decimals (spec §9)
    expect(within(byTraffic).getByText('5.00 MB/s')).toBeTruthy();
    expect(within(byTraffic).getByText('1.50 KB/s')).toBeTruthy();
    await waitFor(() => expect(drawnOptions).toHaveLength(4));
  });

  it('counts the clients by signal strength and draws the clients over time', async () => {
    render('/manage/onlinestat?project=1');
    const signal = await screen.findByRole('region', { name: 'Clients by signal strength (now)' });
    expect(within(signal).getByRole('row', { name: /Good \(−60 to −51 dBm\)/ }).textContent).toContain('7');
    const overTime = screen.getByRole('region', { name: 'Clients over time (all devices)' });
    expect(within(overTime).getByText('Clients: latest 24, average 22, peak 24')).toBeTruthy();
  });

  it('asks again for the window chosen, kept in the address', async () => {
    const fake = render('/manage/onlinestat?project=1&window=72h');
    await screen.findByRole('region', { name: 'Top 5 access points by clients' });
    expect(fake.calls.at(-1)!.query.get('window')).toBe('72h');
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(fake.calls.at(-1)!.query.get('window')).toBe('7d'));
  });

  it('says so when no access point reported anything and nobody is connected', async () => {
    render('/manage/onlinestat?project=1', true);
    expect(await screen.findAllByText('No access point has reported clients or traffic in this window yet')).toHaveLength(2);
    expect(screen.getByText('No Wi-Fi client is connected right now')).toBeTruthy();
    expect(screen.getByText('No figures in this window yet')).toBeTruthy();
    expect(drawnOptions).toHaveLength(0);
  });
});
