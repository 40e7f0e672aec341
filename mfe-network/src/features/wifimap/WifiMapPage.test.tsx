// The Wi-Fi map page's editing as a user meets it, with the Leaflet drawing and the heatmap worker
// replaced (both are checked in Chromium by e2e/flows/wifimap.test.ts): a wall clicked in "Select and
// move" gets a panel to change its material or delete it; a planned AP's power and channels are
// chosen; a floor is renamed, and deleted only after a confirmation; a heatmap that fails says why;
// a read-only guest gets none of these controls.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Floor } from '@airloom/contracts';
import { fakeBff, ok, readOnlyProject, renderPage, ScriptedEventSource } from '../../test-harness';
import type { HeatmapAnswer } from './heatmap-job';
import type { MapCallbacks } from './leaflet-map';

const drawn = vi.hoisted(() => ({
  callbacks: null as MapCallbacks | null,
  walls: [] as unknown[],
  wallOptions: undefined as { selectable: boolean; selected: number | null } | undefined,
  answer: null as HeatmapAnswer | null,
}));

vi.mock('./leaflet-map', () => ({
  createFloorMap: (_box: HTMLElement, callbacks: MapCallbacks) => {
    drawn.callbacks = callbacks;
    return {
      setPlan() {},
      setWalls(walls: unknown[], options?: { selectable: boolean; selected: number | null }) {
        drawn.walls = walls;
        drawn.wallOptions = options;
      },
      setAps() {},
      setHeatmap() {},
      setDraft() {},
      toPlan: () => ({ x: 0, y: 0 }),
      destroy() {},
    };
  },
}));
vi.mock('./useHeatmap', () => ({ useHeatmap: () => drawn.answer }));

const { WifiMapPage } = await import('./WifiMapPage');

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
  drawn.callbacks = null;
  drawn.walls = [];
  drawn.wallOptions = undefined;
  drawn.answer = null;
});

const ground: Floor = {
  id: 7,
  name: 'Ground',
  width: 800,
  height: 480,
  metresPerPixel: 0.05,
  image: null,
  revision: 3,
  walls: [
    { x1: 400, y1: 0, x2: 400, y2: 480, material: 'brick', lossDb: 20 },
    { x1: 0, y1: 240, x2: 200, y2: 240, material: 'wood', lossDb: 6.5 },
  ],
  aps: [{ id: 'P1', sn: null, name: 'Planned 1', x: 100, y: 100, txPowerDbm: 20, channel24: 6, channel5: 36 }],
};
const upstairs: Floor = { ...ground, id: 8, name: 'First', walls: [], aps: [], revision: 1 };

function open(options: { project?: typeof readOnlyProject } = {}) {
  const projectId = options.project?.id ?? 1;
  const floors = [ground, upstairs];
  const server = fakeBff({
    [`GET /projects/${projectId}/devices`]: () => ok({ items: [], total: 0 }),
    [`GET /projects/${projectId}/floors`]: () => ok({ items: floors }),
    [`PUT /projects/${projectId}/floors/7`]: (req) => ok({ ...ground, ...(req.body as object), revision: ground.revision + 1 }),
    [`DELETE /projects/${projectId}/floors/7`]: () => ok({ id: 7 }),
  });
  renderPage(<WifiMapPage />, server.api, options.project ? { project: options.project } : {});
  return server;
}

const lastPut = (requests: Array<{ method: string; body?: unknown }>) => [...requests].reverse().find((r) => r.method === 'PUT')?.body as Record<string, unknown> | undefined;

describe('Wi-Fi map page: editing', () => {
  it('a wall clicked in "Select and move" can get another material or be deleted', async () => {
    const { requests } = open();
    await waitFor(() => expect(drawn.wallOptions?.selectable).toBe(true));
    act(() => drawn.callbacks!.onWallClick(0));
    const panel = within(await screen.findByTestId('wall-panel'));
    expect(panel.getByText('24.0 m long, 20 dB')).toBeTruthy();
    expect(drawn.wallOptions?.selected).toBe(0);
    const user = userEvent.setup();
    await user.selectOptions(panel.getByLabelText('Wall material'), 'concrete');
    await waitFor(() => expect(lastPut(requests)?.walls).toEqual([{ ...ground.walls[0], material: 'concrete', lossDb: 20 }, ground.walls[1]]));

    // a custom attenuation is typed, then applied
    await user.selectOptions(panel.getByLabelText('Wall material'), 'custom');
    const loss = panel.getByLabelText('Attenuation (dB)');
    await user.clear(loss);
    await user.type(loss, '120');
    expect(panel.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);
    await user.clear(loss);
    await user.type(loss, '14.5');
    await user.click(panel.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect((lastPut(requests)?.walls as Floor['walls'])[0]).toMatchObject({ material: 'custom', lossDb: 14.5 }));

    await user.click(panel.getByRole('button', { name: 'Delete wall' }));
    await waitFor(() => expect(lastPut(requests)?.walls).toEqual([ground.walls[1]]));
    await waitFor(() => expect(screen.queryByTestId('wall-panel')).toBeNull());
  });

  it('walls are not selectable while drawing walls', async () => {
    open();
    await waitFor(() => expect(drawn.wallOptions?.selectable).toBe(true));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Draw walls' }));
    await waitFor(() => expect(drawn.wallOptions?.selectable).toBe(false));
  });

  it("a planned AP's power and channels are chosen in its panel", async () => {
    const { requests } = open();
    await waitFor(() => expect(drawn.callbacks).not.toBeNull());
    act(() => drawn.callbacks!.onApClick('P1'));
    const panel = within(await screen.findByTestId('ap-panel'));
    const user = userEvent.setup();
    await user.selectOptions(panel.getByLabelText('Power'), '14');
    await waitFor(() => expect((lastPut(requests)?.aps as Floor['aps'])[0]).toMatchObject({ id: 'P1', txPowerDbm: 14, channel24: 6, channel5: 36 }));
    await user.selectOptions(panel.getByLabelText('Channel 2.4 GHz'), '11');
    await user.selectOptions(panel.getByLabelText('Channel 5 GHz'), '149');
    await waitFor(() => expect((lastPut(requests)?.aps as Floor['aps'])[0]).toMatchObject({ txPowerDbm: 14, channel24: 11, channel5: 149 }));
    expect(panel.getByText('Planned: 14 dBm, channel 11 (2.4 GHz) and 149 (5 GHz)')).toBeTruthy();
  });

  it('renames a floor, and deletes it only once confirmed', async () => {
    const { requests } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename floor' }));
    const name = screen.getByLabelText('Floor name');
    await user.clear(name);
    await user.type(name, 'Lobby level');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(lastPut(requests)).toEqual({ name: 'Lobby level' }));
    await screen.findByRole('option', { name: 'Lobby level' });

    await user.click(screen.getByRole('button', { name: 'Delete floor' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete this floor?' }));
    expect(dialog.getByText(/Delete the floor “Lobby level” with its plan, walls \(2\) and placed APs \(1\)\?/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete floor' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete this floor?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete floor' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE').map((r) => (r as { path: string }).path)).toEqual(['/projects/1/floors/7']));
    // the other floor is shown
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Lobby level' })).toBeNull());
    expect((screen.getByLabelText('Floor') as HTMLSelectElement).value).toBe('8');
  });

  it('says why the heatmap is missing when the worker fails', async () => {
    drawn.answer = { id: 1, values: new Float32Array(0), coverage: [], suggestions: [], ms: 0, error: 'grid.cols must be a positive integer' };
    open();
    await screen.findByText('The heatmap could not be computed: grid.cols must be a positive integer');
  });

  it('a read-only guest selects no wall and edits no floor', async () => {
    open({ project: readOnlyProject });
    await waitFor(() => expect(drawn.wallOptions).toBeDefined());
    expect(drawn.wallOptions?.selectable).toBe(false);
    expect(screen.queryByRole('button', { name: 'Rename floor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete floor' })).toBeNull();
    act(() => drawn.callbacks!.onApClick('P1'));
    const panel = within(await screen.findByTestId('ap-panel'));
    expect(panel.queryByLabelText('Power')).toBeNull();
  });
});
