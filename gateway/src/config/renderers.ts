// Section renderers of the configuration engine: one line per section. The interface, and how a
// target becomes Add/Set/Delete, is described at the top of ./target.ts.
import type { SectionName } from '@airloom/contracts/config';
import { renderDhcp, renderPortmap, renderRoutes, renderVlan } from './gateway-tables.js';
import { renderMgmtIp } from './mgmt-ip.js';
import { renderName } from './name.js';
import { renderRadio, renderRoaming } from './radio.js';
import { renderPoe, renderSwitchPorts } from './switch-tables.js';
import { renderSwitchVlan } from './switch-vlan.js';
import type { Renderer } from './target.js';
import { renderWan } from './wan.js';
import { renderWifiAcl } from './wifi-acl.js';
import { renderWirelessPolicies } from './wireless.js';

export const RENDERERS: Partial<Record<SectionName, Renderer<never>>> = {
  name: renderName,
  wan: renderWan,
  vlan: renderVlan,
  dhcp: renderDhcp,
  routes: renderRoutes,
  portmap: renderPortmap,
  'mgmt-ip': renderMgmtIp,
  'switch-ports': renderSwitchPorts,
  'switch-vlan': renderSwitchVlan,
  // a switch's DHCP server has the gateway's tables and parameters
  'switch-dhcp': renderDhcp,
  poe: renderPoe,
  'wifi-acl': renderWifiAcl,
  radio: renderRadio,
  roaming: renderRoaming,
  'wireless-policies': renderWirelessPolicies,
};

/** the renderer of a section, or undefined while that section is not built */
export function rendererFor(section: SectionName): Renderer<unknown> | undefined {
  return RENDERERS[section] as Renderer<unknown> | undefined;
}
