import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RfRecord, RfRun } from '@airloom/contracts';
import { RfPage } from './RfPage';
import { device, fakeBff, ok, readOnlyProject, refused, renderAt } from '../../test-harness';

afterEach(cleanup);
// the page loads its table lazily and the machine is shared: wait longer than the defaults
configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });

const lobby = device({ sn: 'ALAP620000000001', name: 'Lobby-AP', type: 'ap', model: 'AL-AP620' });
const bar = device({ sn: 'ALAP620000000002', name: 'Bar-AP', type: 'ap', model: 'AL-AP620' });
const attic = device({ sn: 'ALAP620000000003', name: 'Attic-AP', type: 'ap', model: 'AL-AP620', status: 0 });
const radio = (channel24: number, channel5: number) => ({
  radios: [
    { band: '2.4GHz', channel: channel24, widthMhz: 20, txPowerDbm: 17, accessThresholdDbm: -90 },
    { band: '5GHz', channel: channel5, widthMhz: 80, txPowerDbm: 20, accessThresholdDbm: -90 },
  ],
});
const section = (sn: string, name: 'radio' | 'roaming', body: unknown) => ok({ section: name, sn, version: 1, appliedVersion: 1, state: 'applied', body, updatedAt: null, updatedBy: null, error: null });
const roaming = { bands: [{ band: '2.4GHz', minRssiDbm: -85, k: true, v: false, r: false }, { band: '5GHz', minRssiDbm: -80, k: true, v: true, r: false }], bandSteering: false };
const record: RfRecord = {
  id: 4,
  mode: 'manual',
  startedAt: '2025-01-01T10:00:00.000Z',
  finishedAt: '2025-01-01T10:03:00.000Z',
  radios: [
    { sn: lobby.sn, name: 'Lobby-AP', band: '2.4GHz', channelBefore: 6, channel: 1, txPowerBeforeDbm: 20, txPowerDbm: 14, rssiDbm: -61, accessThresholdDbm: -90, noiseBeforeDbm: -88, noiseDbm: -91, before: { coChannel: 2, nearChannel: 1, total: 3 }, after: { coChannel: 0, nearChannel: 0, total: 3 } },
  ],
};
const run = (over: Partial<RfRun> = {}): RfRun => ({ id: 9, mode: 'manual', state: 'optimising', percent: 40, sns: [lobby.sn, bar.sn], dueAt: null, repeatHours: null, startedAt: '2025-01-02T10:00:00.000Z', finishedAt: null, error: null, ...over });

function bff(more: Parameters<typeof fakeBff>[0] = {}) {
  const routes: Parameters<typeof fakeBff>[0] = {};
  for (const id of [1, 2]) {
    routes[`GET /projects/${id}/devices`] = () => ok({ items: [lobby, bar, attic], total: 3 });
    routes[`GET /projects/${id}/rf/optimisations`] = () => ok({ running: null, upcoming: [] });
    routes[`GET /projects/${id}/rf/records`] = () => ok({ items: [record] });
    for (const d of [lobby, bar, attic]) {
      routes[`GET /projects/${id}/devices/${d.sn}/config/radio`] = () => section(d.sn, 'radio', radio(6, 36));
      routes[`GET /projects/${id}/devices/${d.sn}/config/roaming`] = () => section(d.sn, 'roaming', roaming);
    }
  }
  return fakeBff({ ...routes, ...more });
}

describe('RF optimisation page', () => {
  it('says so when nothing has run yet', async () => {
    renderAt(<RfPage />, bff({ 'GET /projects/1/rf/records': () => ok({ items: [] }) }).api, '/manage/rfconf');
    expect(await screen.findByText('No RF optimisation has run in this project yet.')).toBeTruthy();
  });

  it('starts a run with the online APs chosen and follows its percentage until it completes', async () => {
    let polls = 0;
    const server = bff({
      'POST /projects/1/rf/optimisations': () => ok({ id: 9 }),
      'GET /projects/1/rf/optimisations/9': () => {
        polls++;
        return ok(polls < 2 ? run({ percent: 40 }) : run({ state: 'completed', percent: 100, finishedAt: '2025-01-02T10:03:00.000Z' }));
      },
    });
    renderAt(<RfPage />, server.api, '/manage/rfconf');
    // the offline AP cannot be chosen
    expect((await screen.findByRole('checkbox', { name: /Attic-AP/ }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Optimise now' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ mode: 'manual', sns: [lobby.sn, bar.sn] }));
    const bar40 = await screen.findByRole('progressbar', { name: 'RF optimisation progress' });
    expect(bar40.getAttribute('aria-valuenow')).toBe('40');
    expect(await screen.findByText('The RF optimisation has finished: its record is in the table below.', {}, { timeout: 8000 })).toBeTruthy();
  });

  it('needs two access points (spec §5) before asking the server', async () => {
    const server = bff();
    renderAt(<RfPage />, server.api, '/manage/rfconf');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Bar-AP/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Optimise now' }));
    expect(await screen.findByText('Please choose at least two online access points.')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("says in the server's sentence why a run did not start (27)", async () => {
    const server = bff({ 'POST /projects/1/rf/optimisations': () => refused(27, 'An RF optimisation is already running in this project: please wait until it has finished.') });
    renderAt(<RfPage />, server.api, '/manage/rfconf');
    await userEvent.click(await screen.findByRole('button', { name: 'Optimise now' }));
    expect(await screen.findByText(/already running in this project/)).toBeTruthy();
  });

  it('edits the radios of an AP, refusing a power outside 8–29 dBm', async () => {
    const server = bff({ [`PUT /projects/1/devices/${lobby.sn}/config/radio`]: () => ok({ version: 2, status: 'pending' }) });
    renderAt(<RfPage />, server.api, '/manage/rfconf');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit the radios of Lobby-AP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Radios of Lobby-AP' });
    const power = within(dialog).getAllByLabelText(/Transmit power/)[0] as HTMLInputElement;
    await userEvent.clear(power);
    await userEvent.type(power, '30');
    expect(within(dialog).getByText(/The transmit power is 8 to 29/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(power);
    await userEvent.type(power, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect((server.requests.find((r) => r.method === 'PUT')?.body as { radios: { txPowerDbm: number }[] }).radios[0]!.txPowerDbm).toBe(12));
  });

  it('applies the roaming tuner to every online AP, each switch explained', async () => {
    const server = bff({
      [`PUT /projects/1/devices/${lobby.sn}/config/roaming`]: () => ok({ version: 2, status: 'pending' }),
      [`PUT /projects/1/devices/${bar.sn}/config/roaming`]: () => ok({ version: 2, status: 'pending' }),
    });
    renderAt(<RfPage />, server.api, '/manage/rfconf');
    const tuner = await screen.findByTestId('roaming-tuner');
    expect(within(tuner).getAllByText(/without a full re-authentication|Keys are carried to the next access point/).length).toBeGreaterThan(0);
    await userEvent.click(within(tuner).getByRole('checkbox', { name: /Band steering/ }));
    await userEvent.click(within(tuner).getByRole('button', { name: 'Apply to 2 access points' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect((server.requests.find((r) => r.method === 'PUT')!.body as { bandSteering: boolean }).bandSteering).toBe(true);
  });

  it('is read-only with the reason for a read-only share', async () => {
    renderAt(<RfPage />, bff().api, '/manage/rfconf', '/manage/rfconf', { project: readOnlyProject });
    expect(await screen.findByText(/You can look but not change anything here/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Optimise now' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit the radios/ })).toBeNull();
    expect(await screen.findByRole('table', { name: 'RF optimisation records' })).toBeTruthy();
  });
  // last: the first table a file draws waits for the lazily loaded Table
  it('shows the records: channel, power, noise floor and before → after counts per radio', async () => {
    renderAt(<RfPage />, bff().api, '/manage/rfconf');
    const table = await screen.findByRole('table', { name: 'RF optimisation records' });
    const row = within(table).getByText('Lobby-AP').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('6 → 1');
    expect(row.textContent).toContain('20 → 14');
    expect(row.textContent).toContain('2 → 0');
    expect(row.textContent).toContain('-61');
    const noiseColumn = within(table).getAllByRole('columnheader').findIndex((h) => h.textContent?.includes('Noise floor (dBm)'));
    expect(noiseColumn).toBeGreaterThan(-1);
    expect(row.querySelectorAll('td')[noiseColumn]?.textContent).toBe('-88 → -91');
  });

});
