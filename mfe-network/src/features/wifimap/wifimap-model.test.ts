import { describe, expect, it } from 'vitest';
import { heatmap, receivedPower } from '@airloom/radio';
import { calibrate, channelFrequencyMhz, floorGrid, floorScene, materialLossDb, MAX_CELLS, plannedAp, signalColour } from './wifimap-model';
import { runHeatmap } from './heatmap-job';

const floor = {
  width: 1000,
  height: 600,
  metresPerPixel: 0.05,
  walls: [{ x1: 500, y1: 0, x2: 500, y2: 600, material: 'brick' as const, lossDb: 20 }],
  aps: [
    { id: 'plan-1', sn: null, name: 'P1', x: 200, y: 300, txPowerDbm: 17, channel24: 1, channel5: 44 },
    { id: 'AP1', sn: 'AP1', name: 'Real', x: 800, y: 300, txPowerDbm: 20, channel24: 6, channel5: 36 },
  ],
};

describe('Wi-Fi map model', () => {
  it('gives channel centre frequencies', () => {
    expect(channelFrequencyMhz('2.4', 1)).toBe(2412);
    expect(channelFrequencyMhz('2.4', 14)).toBe(2484);
    expect(channelFrequencyMhz('5', 36)).toBe(5180);
  });

  it('turns a floor into metres, a bound AP with its device radio, an offline one left out', () => {
    const radios = [{ band: '5GHz', channel: 149, power: 23, noise: -95 }];
    const scene = floorScene({ floor, band: '5', devices: new Map([['AP1', { radios, online: true }]]) });
    expect(scene.aps).toEqual([
      { x: 10, y: 15, txPowerDbm: 17, frequencyMhz: 5220 },
      { x: 40, y: 15, txPowerDbm: 23, frequencyMhz: 5745 },
    ]);
    expect(scene.walls).toEqual([{ x1: 25, y1: 0, x2: 25, y2: 30, lossDb: 20 }]);
    const offline = floorScene({ floor, band: '5', devices: new Map([['AP1', { radios, online: false }]]) });
    expect(offline.apIds).toEqual(['plan-1']);
    // no 2.4 GHz radio on the device: not on that band's map
    expect(floorScene({ floor, band: '2.4', devices: new Map([['AP1', { radios, online: true }]]) }).apIds).toEqual(['plan-1']);
  });

  it('keeps the grid over the whole floor within MAX_CELLS, cells at least 25 cm', () => {
    expect(floorGrid(50, 30)).toEqual({ x0: 0, y0: 0, cellM: 0.25, cols: 200, rows: 120 });
    const big = floorGrid(400, 300);
    expect(big.cols * big.rows).toBeLessThanOrEqual(MAX_CELLS + big.cols + big.rows + 1);
    expect(big.cols * big.cellM).toBeGreaterThanOrEqual(400);
  });

  it('calibrates from a line and refuses a zero or negative length', () => {
    expect(calibrate(500, 25)).toBe(0.05);
    expect(calibrate(500, 0)).toBeNull();
    expect(calibrate(0, 10)).toBeNull();
    expect(calibrate(500, Number.NaN)).toBeNull();
  });

  it('uses the spec §3 losses and a custom one', () => {
    expect(materialLossDb('bearing-wall', 0)).toBe(28);
    expect(materialLossDb('wood', 0)).toBe(6.5);
    expect(materialLossDb('custom', 13)).toBe(13);
  });

  it('colours strong signal, leaves nothing below −90 dBm', () => {
    expect(signalColour(-40)[1]).toBeGreaterThan(100);
    expect(signalColour(-95)[3]).toBe(0);
    expect(signalColour(-Infinity)[3]).toBe(0);
  });

  it('names planned APs uniquely', () => {
    expect(plannedAp(floor.aps, 1, 2).id).toBe('plan-3');
    expect(plannedAp([...floor.aps, plannedAp(floor.aps, 1, 2)], 1, 2).id).toBe('plan-4');
  });

  it("computes in the worker's job what the radio model gives at every cell, with coverage and a suggestion", () => {
    const scene = floorScene({ floor, band: '5', devices: new Map() });
    const answer = runHeatmap({ id: 1, ...scene, thresholds: [-67, -70, -75], suggest: { count: 1, targetDbm: -67, radio: { txPowerDbm: 20, frequencyMhz: 5180 } } });
    expect(answer.error).toBeUndefined();
    expect(Array.from(answer.values)).toEqual(Array.from(heatmap(scene)));
    const { cols, cellM } = scene.grid;
    const k = 37 * cols + 150; // a cell behind the wall from plan-1
    const point = { x: (150 + 0.5) * cellM, y: (37 + 0.5) * cellM };
    const exact = Math.max(...scene.aps.map((ap) => receivedPower({ ap, point, walls: scene.walls })));
    expect(Math.abs(answer.values[k]! - exact)).toBeLessThan(0.01);
    expect(answer.coverage.map((c) => c.thresholdDbm)).toEqual([-67, -70, -75]);
    expect(answer.suggestions).toHaveLength(1);
    expect(runHeatmap({ id: 2, ...scene, grid: { ...scene.grid, cellM: 0 }, thresholds: [] }).error).toBeTruthy();
  });
});
