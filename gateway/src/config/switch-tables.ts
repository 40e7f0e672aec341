// Renderers of a switch's port settings and PoE. Ethernet interfaces are the device's own fixed
// instances (instance number = port number), so these sections set parameters and add nothing.
import { defaultModelOf, deviceModel, portOf, type PoeSection, type SwitchPortsSection } from '@airloom/contracts/config';
import type { Renderer } from './target.js';

const iface = (port: number) => `Device.Ethernet.Interface.${port}.`;
const DUPLEX = { auto: 'Auto', half: 'Half', full: 'Full' } as const;

/** TR-181 Ethernet.Interface: Enable, MaxBitRate in Mbit/s (-1 = auto), DuplexMode; the remark is a vendor parameter. */
export const renderSwitchPorts: Renderer<SwitchPortsSection> = (body) => {
  const params: Record<string, string> = {};
  for (const p of body.ports) {
    params[`${iface(p.port)}Enable`] = String(p.enabled);
    params[`${iface(p.port)}MaxBitRate`] = p.rate === 'auto' ? '-1' : p.rate;
    params[`${iface(p.port)}DuplexMode`] = DUPLEX[p.duplex];
    params[`${iface(p.port)}X_AIRLOOM_Remark`] = p.remark;
  }
  return { params, tables: [] };
};

/** Per-port PoE on/off and power limit (W, one decimal); ports without PoE on this model are left out. */
export const renderPoe: Renderer<PoeSection> = (body, facts) => {
  const model = deviceModel(facts.model) ?? defaultModelOf(facts.type);
  const params: Record<string, string> = {};
  for (const p of body.ports) {
    if (!portOf(model, p.port)?.poe) continue;
    params[`${iface(p.port)}X_AIRLOOM_PoEEnable`] = String(p.enabled);
    params[`${iface(p.port)}X_AIRLOOM_PoEPowerLimit`] = p.powerW.toFixed(1);
  }
  return { params, tables: [] };
};
