// The "Predicted vs measured" panel as a user meets it: empty states, "Scan now" followed until the
// scans end, the table of AP pairs with the mean error, and "Fit to measurements" applied to the
// walls only on confirmation; a read-only guest reads the table but gets neither button.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Floor, NeighbourMeasurement } from '@airloom/contracts';
import { neighbourRssi } from '@airloom/radio';
import { createNetworkApi } from '../../api';
import { fakeBff, ok, ownProject, readOnlyProject, renderPage } from '../../test-harness';
import { MeasuredPanel } from './MeasuredPanel';
import { applyFittedLosses } from './measured-model';
import { floorScene } from './wifimap-model';

afterEach(cleanup);

const floor: Floor = {
  id: 7,
  name: 'Ground',
  width: 800,
  height: 400,
  metresPerPixel: 0.05,
  image: null,
  revision: 3,
  walls: [{ x1: 400, y1: 0, x2: 400, y2: 400, material: 'brick', lossDb: 20 }],
  aps: [
    { id: 'A', sn: 'ALAP000000000001', name: 'Lobby', x: 100, y: 100, txPowerDbm: 20, channel24: 6, channel5: 36 },
    { id: 'B', sn: 'ALAP000000000002', name: 'Bar', x: 600, y: 100, txPowerDbm: 20, channel24: 6, channel5: 36 },
    { id: 'C', sn: 'ALAP000000000003', name: 'Hall', x: 100, y: 300, txPowerDbm: 20, channel24: 6, channel5: 36 },
  ],
};
const radios = [{ band: '5GHz', channel: 36, power: 20, noise: -95 }];
const devices = new Map(floor.aps.map((a) => [a.sn!, { radios, online: true }]));

/** the scans when the brick really loses 27 dB */
function scans(): NeighbourMeasurement[] {
  const truth = floorScene({ floor: { ...floor, walls: applyFittedLosses(floor.walls, { brick: 27 }) }, band: '5', devices });
  const aps = truth.aps.map((ap, k) => ({ ...ap, id: floor.aps.find((a) => a.id === truth.apIds[k])!.sn! }));
  return neighbourRssi(aps, truth.walls).map(([o, s, dbm]) => ({ observerSn: o, sourceSn: s, band: '5GHz', rssiDbm: Math.round(dbm), measuredAt: '2026-11-26T01:00:00.000Z' }));
}

function open(options: { project?: typeof ownProject; floor?: Floor; measured?: NeighbourMeasurement[] } = {}) {
  const project = options.project ?? ownProject;
  const shown = options.floor ?? floor;
  let measured = options.measured ?? [];
  let polls = 0;
  const server = fakeBff({
    [`GET /projects/${project.id}/floors/7/measurements`]: () => ok({ items: measured }),
    [`POST /projects/${project.id}/floors/7/scan`]: () => ok({ operations: [{ sn: 'ALAP000000000001', operationId: 11 }, { sn: 'ALAP000000000002', operationId: 12 }], skipped: [{ sn: 'ALAP000000000003', reason: 'offline' }] }),
    [`GET /projects/${project.id}/operations/11`]: () => ok({ id: 11, sn: 'ALAP000000000001', kind: 'neighbourScan', state: 'done', phase: 'success', percent: 100, code: null }),
    [`GET /projects/${project.id}/operations/12`]: () => {
      // the second scan ends on the second look; the results are stored by then
      polls++;
      if (polls < 2) return ok({ id: 12, sn: 'ALAP000000000002', kind: 'neighbourScan', state: 'running', phase: 'running', percent: 50, code: null });
      measured = scans();
      return ok({ id: 12, sn: 'ALAP000000000002', kind: 'neighbourScan', state: 'done', phase: 'success', percent: 100, code: null });
    },
  });
  const save = vi.fn(async () => undefined);
  const names: Record<string, string> = Object.fromEntries(floor.aps.map((a) => [a.sn!, a.name]));
  renderPage(
    <MeasuredPanel api={createNetworkApi(server.api, project.id)} floor={shown} band="5" devices={devices} nameOf={(sn) => names[sn] ?? sn} save={save} writable={project.right === 'rw'} />,
    server.api,
    { project },
  );
  return { server, save };
}

describe('Predicted vs measured', () => {
  it('says when no AP is bound on the floor', async () => {
    open({ floor: { ...floor, aps: floor.aps.map((a) => ({ ...a, sn: null })) } });
    await screen.findByText('No AP bound on this floor');
    expect(screen.queryByRole('button', { name: 'Scan now' })).toBeNull();
  });

  it('scans, follows the scans until they end, then fills the table with the mean error', async () => {
    const { server } = open();
    await screen.findByText('No scan yet');
    await userEvent.click(screen.getByRole('button', { name: 'Scan now' }));
    await screen.findByText('1 AP is offline or already scanning: not asked.');
    expect((await screen.findByRole('button', { name: /Scanning… \d of 2 APs done/ })).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('measured-pairs').textContent).toBe('6'), { timeout: 5_000 });
    expect(server.count('POST', '/projects/1/floors/7/scan')).toBe(1);
    // Lobby ↔ Bar and Bar ↔ Hall cross the brick, which loses 7 dB more than drawn
    const table = screen.getByRole('table', { name: 'Predicted and measured signal between APs' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(first.textContent).toMatch(/-7\.\d dB|-6\.\d dB/);
    const mean = Number(screen.getByTestId('mean-error').textContent!.replace(' dB', ''));
    expect(mean).toBeGreaterThan(4);
  }, 10_000);

  it('fits the brick to the measurements and applies it to the walls only when the user confirms', async () => {
    const { save } = open({ measured: scans() });
    await userEvent.click(await screen.findByRole('button', { name: 'Fit to measurements' }));
    const result = await screen.findByTestId('fit-result');
    expect(result.textContent).toMatch(/Mean error \d+\.\d dB → 0\.\d dB/);
    expect(result.textContent).toMatch(/Brick: 20 → 2[6-8]\.\d dB/);
    expect(save).not.toHaveBeenCalled();
    await userEvent.click(within(result).getByRole('button', { name: 'Apply to the walls' }));
    expect(save).toHaveBeenCalledTimes(1);
    const [patch] = save.mock.calls[0] as unknown as [{ walls: Floor['walls'] }];
    expect(patch.walls[0]!.lossDb).toBeGreaterThan(26);
    expect(patch.walls[0]!.lossDb).toBeLessThan(28);
    expect(screen.queryByTestId('fit-result')).toBeNull();
  });

  it('says so when there are too few measurements to fit', async () => {
    open({ measured: scans().slice(0, 1) });
    await userEvent.click(await screen.findByRole('button', { name: 'Fit to measurements' }));
    await screen.findByText('Too few measurements to fit: 1, at least 2 needed. Scan with more APs online.');
  });

  it('shows a read-only guest the measurements without Scan now or Fit', async () => {
    open({ project: readOnlyProject, measured: scans() });
    await waitFor(() => expect(screen.getByTestId('measured-pairs').textContent).toBe('6'));
    expect(screen.queryByRole('button', { name: 'Scan now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fit to measurements' })).toBeNull();
  });
});
