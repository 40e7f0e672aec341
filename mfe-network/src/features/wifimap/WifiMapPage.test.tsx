// The Wi-Fi map page's editing as a user meets it, with the Leaflet drawing and the heatmap worker
// replaced (both are checked in Chromium by e2e/flows/wifimap.test.ts): a wall clicked in "Select and
// move" gets a panel to change its material or delete it; a planned AP's power and channels are
// chosen; a floor is renamed, and deleted only after a confirmation; a heatmap that fails says why;
// a read-only guest gets none of these controls. APs are placed by dragging (from the list onto the
// plan, and on the plan), a suggested next AP is accepted as a planned AP, and a planned AP is bound
// by a serial number typed or scanned with the camera (the browser's BarcodeDetector, stubbed here; the
// Scan button is absent where the browser has none).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceItem, Floor } from '@airloom/contracts';
import { device, fakeBff, ok, readOnlyProject, renderPage, ScriptedEventSource } from '../../test-harness';
import type { HeatmapAnswer } from './heatmap-job';
import type { MapAp, MapCallbacks } from './leaflet-map';

const drawn = vi.hoisted(() => ({
  callbacks: null as MapCallbacks | null,
  walls: [] as unknown[],
  wallOptions: undefined as { selectable: boolean; selected: number | null } | undefined,
  answer: null as HeatmapAnswer | null,
  aps: [] as MapAp[],
  dropAt: { x: 0, y: 0 },
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
      setAps(aps: MapAp[]) {
        drawn.aps = aps;
      },
      setHeatmap() {},
      setDraft() {},
      // where Leaflet would find a drop on the plan
      toPlan: () => drawn.dropAt,
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
  drawn.aps = [];
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

function open(options: { project?: typeof readOnlyProject; devices?: DeviceItem[] } = {}) {
  const projectId = options.project?.id ?? 1;
  const floors = [ground, upstairs];
  const devices = options.devices ?? [];
  const server = fakeBff({
    [`GET /projects/${projectId}/devices`]: () => ok({ items: devices, total: devices.length }),
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

const apsPut = (requests: Array<{ method: string; body?: unknown }>) => lastPut(requests)?.aps as Floor['aps'] | undefined;

describe('Wi-Fi map page: placing APs', () => {
  it("a project's AP dragged from the list onto the plan is placed where it was dropped", async () => {
    const { requests } = open({ devices: [device({ sn: 'ALAP500000000001', name: 'Lobby AP' })] });
    const item = await screen.findByText('Lobby AP');
    await waitFor(() => expect(drawn.callbacks).not.toBeNull());
    const store = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => store.set(k, v), getData: (k: string) => store.get(k) ?? '' };
    fireEvent.dragStart(item.closest('li')!, { dataTransfer });
    drawn.dropAt = { x: 320, y: 180 };
    fireEvent.drop(screen.getByTestId('wifimap'), { dataTransfer });
    await waitFor(() => expect(apsPut(requests)).toEqual([ground.aps[0], expect.objectContaining({ id: 'ALAP500000000001', sn: 'ALAP500000000001', name: 'Lobby AP', x: 320, y: 180 })]));
    // once on the floor it leaves the list of APs still to place, and is drawn as a real AP
    await waitFor(() => expect(screen.queryByText('Lobby AP')).toBeNull());
    await waitFor(() => expect(drawn.aps.find((a) => a.id === 'ALAP500000000001')).toMatchObject({ kind: 'real', x: 320, y: 180 }));
  });

  it('an AP dragged to another spot on the plan is saved there', async () => {
    const { requests } = open();
    await waitFor(() => expect(drawn.aps.map((a) => a.id)).toEqual(['P1']));
    act(() => drawn.callbacks!.onApMoved('P1', { x: 520, y: 310 }));
    await waitFor(() => expect(apsPut(requests)).toEqual([{ ...ground.aps[0], x: 520, y: 310 }]));
    await waitFor(() => expect(drawn.aps[0]).toMatchObject({ id: 'P1', x: 520, y: 310 }));
  });

  it('a suggested next AP is drawn as a ghost, and accepting it makes it a planned AP', async () => {
    // the worker's answer: one spot at (10 m, 5 m) covering 80 % of the floor at −67 dBm
    drawn.answer = {
      id: 1, values: new Float32Array(0), ms: 2,
      coverage: [{ thresholdDbm: -67, share: 0.4 }],
      suggestions: [{ x: 10, y: 5, gainedCells: 100, coveredShare: 0.8 }],
    } as HeatmapAnswer;
    const { requests } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suggest next AP' }));
    // 0.05 m a pixel: the ghost sits at plan pixel (200, 100)
    await waitFor(() => expect(drawn.aps.filter((a) => a.kind === 'ghost')).toEqual([expect.objectContaining({ x: 200, y: 100, label: 'Suggested (80 % at −67 dBm)' })]));
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Add suggested AP' }));
    await waitFor(() => expect(apsPut(requests)).toEqual([ground.aps[0], { id: 'plan-2', sn: null, name: 'Planned 2', x: 200, y: 100, txPowerDbm: 20, channel24: 6, channel5: 36 }]));
    await waitFor(() => expect(drawn.aps.map((a) => `${a.id}:${a.kind}`)).toEqual(['P1:planned', 'plan-2:planned']));
    expect(screen.queryByRole('button', { name: 'Add suggested AP' })).toBeNull();
  });
});

/** A camera stream whose tracks record that they were stopped. */
function fakeCamera() {
  const track = { stopped: false, stop() { this.stopped = true; } };
  const stream = new MediaStream();
  stream.getTracks = () => [track as unknown as MediaStreamTrack];
  return { track, stream };
}

describe('Wi-Fi map page: binding a planned AP by its serial number', () => {
  const win = window as unknown as { BarcodeDetector?: unknown };
  const mediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
  afterEach(() => {
    delete win.BarcodeDetector;
    if (mediaDevices) Object.defineProperty(navigator, 'mediaDevices', mediaDevices);
    else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  });

  function withCamera(getUserMedia: () => Promise<MediaStream>, frames: string[][]) {
    const seen: unknown[] = [];
    win.BarcodeDetector = class {
      detect(source: unknown) {
        seen.push(source);
        return Promise.resolve((frames.shift() ?? []).map((rawValue) => ({ rawValue })));
      }
    };
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    return seen;
  }

  async function openPlannedAp() {
    const server = open();
    await waitFor(() => expect(drawn.callbacks).not.toBeNull());
    act(() => drawn.callbacks!.onApClick('P1'));
    return { ...server, panel: within(await screen.findByTestId('ap-panel')) };
  }

  it('without a barcode reader in the browser there is no Scan button, and the number is typed', async () => {
    expect(win.BarcodeDetector).toBeUndefined();
    const { panel, requests } = await openPlannedAp();
    expect(panel.queryByRole('button', { name: 'Scan' })).toBeNull();
    const user = userEvent.setup();
    await user.type(panel.getByLabelText('Serial number of the installed AP'), 'alap500000000007');
    await user.click(panel.getByRole('button', { name: 'Bind' }));
    await waitFor(() => expect(apsPut(requests)).toEqual([{ ...ground.aps[0], sn: 'ALAP500000000007' }]));
  });

  it("scans the label's code with the camera, fills the number in and gives the camera back", async () => {
    const camera = fakeCamera();
    // the first frames hold no code yet
    const seen = withCamera(() => Promise.resolve(camera.stream), [[], [], [' alap500000000042 ']]);
    const { panel, requests } = await openPlannedAp();
    const user = userEvent.setup();
    await user.click(panel.getByRole('button', { name: 'Scan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan the serial number' });
    expect(within(dialog).getByLabelText('Camera picture').tagName).toBe('VIDEO');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 });
    expect(seen.length).toBe(3);
    expect(camera.track.stopped).toBe(true);
    expect((panel.getByLabelText('Serial number of the installed AP') as HTMLInputElement).value).toBe('alap500000000042');
    // nothing is bound before the person checks the number and presses Bind
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    await user.click(panel.getByRole('button', { name: 'Bind' }));
    await waitFor(() => expect(apsPut(requests)).toEqual([{ ...ground.aps[0], sn: 'ALAP500000000042' }]));
  });

  it('says so when the camera is refused, and Cancel closes the dialog', async () => {
    withCamera(() => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })), []);
    const { panel } = await openPlannedAp();
    const user = userEvent.setup();
    await user.click(panel.getByRole('button', { name: 'Scan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Scan the serial number' }));
    await dialog.findByText('The camera may not be used: allow it in the browser, or type the serial number.');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(panel.getByLabelText('Serial number of the installed AP')).toBeTruthy();
  });
});
