import { describe, expect, it } from 'vitest';
import { DEVICE_MODELS, modelIcon, searchModels } from './models.js';

describe('the model catalogue', () => {
  it.each([
    ['AL-GW1200', 'gateway'], ['AL-WR1800', 'wireless-router'], ['AL-AP620', 'access-point'], ['AL-SW2052F', 'switch'],
    ['AL-NVR416', 'nvr'], ['AL-IPC820', 'camera'], ['AL-CPE510', 'bridge'], ['AL-BR500', 'bridge'], ['XY-123', 'device'],
  ])('gives %s the icon of its prefix: %s', (model, icon) => {
    expect(modelIcon(model)).toBe(icon);
  });

  it("each row's icon is its prefix's, its radios have a client limit and its ports add up", () => {
    for (const m of DEVICE_MODELS) {
      expect(m.icon, m.model).toBe(modelIcon(m.model));
      expect(Object.keys(m.maxClients).sort(), m.model).toEqual([...m.bands].sort());
      expect(m.ports.poe + m.ports.sfp, m.model).toBeLessThanOrEqual(m.ports.count);
      expect(m.ports.poe > 0, m.model).toBe(m.ports.poeBudgetW > 0);
      expect(m.recommendedFirmware, m.model).toMatch(/^V\d+\.\d+\.\d+$/);
    }
  });

  it('searches by model, brand or type in any case, filtered by type', () => {
    expect(searchModels().length).toBe(DEVICE_MODELS.length);
    expect(searchModels('  ipc ').map((m) => m.model)).toEqual(['AL-IPC410', 'AL-IPC820']);
    expect(searchModels('airloom', 'nvr').map((m) => m.model)).toEqual(['AL-NVR208', 'AL-NVR416']);
    expect(searchModels('switch', 'ap')).toEqual([]);
  });
});
