// Switch configuration sections (spec §2 device config tabs, §3 port fields, §4 QVLAN, §5 VLAN
// rules): switch-ports, switch-vlan, switch-dhcp, poe, and the device section mgmt-ip.
import { z } from 'zod';
import { portOf, type DeviceModel } from '../domain/models.js';
import { dhcpModes, ipv4, managementIp, subnetMask } from '../rules/addresses.js';
import { parseIpv4 } from '../rules/ipv4.js';
import { vlanName } from '../rules/names.js';
import { portVlans, vlanId } from '../rules/vlan.js';
import { dhcpPool } from './gateway.js';
import { netconfKey } from './keys.js';

const portNumber = z.number({ error: netconfKey('switchPorts', 'port') }).int({ error: netconfKey('switchPorts', 'port') }).min(1, { error: netconfKey('switchPorts', 'port') });

type Issue = { path: (string | number)[]; message: string };
function uniquePorts(ports: readonly { port: number }[], add: (i: Issue) => void): void {
  const seen = new Set<number>();
  ports.forEach((p, i) => {
    if (seen.has(p.port)) add({ path: ['ports', i, 'port'], message: netconfKey('switchPorts', 'duplicate') });
    seen.add(p.port);
  });
}
function portsOnModel(model: DeviceModel, ports: readonly { port: number }[], add: (i: Issue) => void): void {
  ports.forEach((p, i) => {
    if (!portOf(model, p.port)) add({ path: ['ports', i, 'port'], message: netconfKey('switchPorts', 'port') });
  });
}

// ---- switch-ports ----------------------------------------------------------------------------
/** spec §3: speed mode auto, half duplex or full duplex; rates a switch port negotiates */
export const PORT_DUPLEX = ['auto', 'half', 'full'] as const;
export const PORT_RATES = ['auto', '10', '100', '1000'] as const;

export const switchPort = z.object({
  port: portNumber,
  enabled: z.boolean(),
  rate: z.enum(PORT_RATES),
  duplex: z.enum(PORT_DUPLEX),
  remark: z.string().max(32, { error: netconfKey('switchPorts', 'remark') }),
});
export const switchPortsSection = z.object({ ports: z.array(switchPort) }).superRefine((s, ctx) =>
  uniquePorts(s.ports, (i) => ctx.addIssue({ code: 'custom', ...i, input: s })),
);
export type SwitchPortsSection = z.infer<typeof switchPortsSection>;
export const switchPortsSectionFor = (model: DeviceModel) =>
  switchPortsSection.superRefine((s, ctx) => portsOnModel(model, s.ports, (i) => ctx.addIssue({ code: 'custom', ...i, input: s })));

// ---- switch-vlan -----------------------------------------------------------------------------
export const switchVlanPort = z
  .object({
    port: portNumber,
    pvid: vlanId,
    tagged: z.array(vlanId),
    untagged: z.array(vlanId),
    trunk: z.boolean(),
    /** VLANs stripped on egress; must differ from the allowed (tagged) ones */
    stripped: z.array(vlanId),
  })
  .superRefine((p, ctx) => {
    const r = portVlans.safeParse({ tagged: p.tagged, untagged: p.untagged, pvid: p.pvid });
    if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path, input: p });
    if (p.stripped.some((id) => p.tagged.includes(id))) ctx.addIssue({ code: 'custom', message: netconfKey('switchVlan', 'stripped'), path: ['stripped'], input: p });
  });

export const switchVlanSection = z
  .object({
    /** spec §4: QVLAN mode is off by default; off means no VLAN configuration at all */
    qvlan: z.boolean(),
    mgmtVlan: vlanId,
    mutualAccess: z.boolean(),
    vlans: z.array(z.object({ id: vlanId, name: vlanName, wireless: z.boolean() })),
    ports: z.array(switchVlanPort),
  })
  .superRefine((s, ctx) => {
    const add = (i: Issue) => ctx.addIssue({ code: 'custom', ...i, input: s });
    uniquePorts(s.ports, add);
    if (!s.qvlan) return;
    const ids = new Set<number>([1, ...s.vlans.map((v) => v.id)]);
    const seen = new Set<number>();
    s.vlans.forEach((v, i) => {
      if (seen.has(v.id)) add({ path: ['vlans', i, 'id'], message: netconfKey('vlanTable', 'duplicateId') });
      seen.add(v.id);
    });
    if (!ids.has(s.mgmtVlan)) add({ path: ['mgmtVlan'], message: netconfKey('switchVlan', 'mgmtVlan') });
    if (!s.ports.some((p) => p.trunk)) add({ path: ['ports'], message: netconfKey('switchVlan', 'trunkRequired') });
    s.ports.forEach((p, i) => {
      const unknown = [p.pvid, ...p.tagged, ...p.untagged].some((id) => !ids.has(id));
      if (unknown) add({ path: ['ports', i, 'tagged'], message: netconfKey('switchVlan', 'unknownVlan') });
    });
  });
export type SwitchVlanSection = z.infer<typeof switchVlanSection>;
export const switchVlanSectionFor = (model: DeviceModel) =>
  switchVlanSection.superRefine((s, ctx) => {
    const add = (i: Issue) => ctx.addIssue({ code: 'custom', ...i, input: s });
    portsOnModel(model, s.ports, add);
    s.vlans.forEach((v, i) => {
      if (v.id < model.minVlan || v.id > model.maxVlan) add({ path: ['vlans', i, 'id'], message: netconfKey('vlanTable', 'modelRange') });
    });
    if (s.vlans.length > model.limits.vlans) add({ path: ['vlans'], message: netconfKey('vlanTable', 'count') });
  });

/** What a switch's VLAN section becomes when QVLAN mode is turned off (spec §4: it is cleared). */
export function qvlanOff(section: SwitchVlanSection): SwitchVlanSection {
  return { qvlan: false, mgmtVlan: 1, mutualAccess: section.mutualAccess, vlans: [], ports: [] };
}

// ---- switch-dhcp -----------------------------------------------------------------------------
export const switchDhcpSection = z.object({ modes: dhcpModes, relayServer: ipv4.optional(), pools: z.array(dhcpPool) }).superRefine((s, ctx) => {
  if (s.modes.relay && s.relayServer === undefined) ctx.addIssue({ code: 'custom', message: netconfKey('dhcpPools', 'relayServer'), path: ['relayServer'], input: s });
});
export type SwitchDhcpSection = z.infer<typeof switchDhcpSection>;
export const switchDhcpSectionFor = (model: DeviceModel) =>
  switchDhcpSection.superRefine((s, ctx) => {
    if (s.pools.length > model.limits.dhcpPools) ctx.addIssue({ code: 'custom', message: netconfKey('dhcpPools', 'count'), path: ['pools'], input: s });
  });

// ---- poe -------------------------------------------------------------------------------------
export const POE_PORT_MAX_W = 30;
export const poePort = z.object({
  port: portNumber,
  enabled: z.boolean(),
  /** the power the port may give, W (802.3at: up to 30 W) */
  powerW: z.number({ error: netconfKey('poe', 'power') }).min(0.1, { error: netconfKey('poe', 'power') }).max(POE_PORT_MAX_W, { error: netconfKey('poe', 'power') }),
});
export const poeSection = z.object({ ports: z.array(poePort) }).superRefine((s, ctx) =>
  uniquePorts(s.ports, (i) => ctx.addIssue({ code: 'custom', ...i, input: s })),
);
export type PoeSection = z.infer<typeof poeSection>;

/** Power the enabled PoE ports of a section may draw together, W; non-PoE ports are ignored. */
export function poeAllotted(model: DeviceModel, section: PoeSection): number {
  return section.ports.filter((p) => p.enabled && portOf(model, p.port)?.poe).reduce((w, p) => w + p.powerW, 0);
}
/** Ports of the section the model gives no PoE on (the screen shows the spec's notice for them). */
export function nonPoePorts(model: DeviceModel, section: PoeSection): number[] {
  return section.ports.filter((p) => portOf(model, p.port) && !portOf(model, p.port)?.poe).map((p) => p.port);
}
export const poeSectionFor = (model: DeviceModel) =>
  poeSection.superRefine((s, ctx) => {
    s.ports.forEach((p, i) => {
      if (!portOf(model, p.port)) ctx.addIssue({ code: 'custom', message: netconfKey('switchPorts', 'port'), path: ['ports', i, 'port'], input: s });
    });
    // refused before anything is sent: the budget is the model's
    if (poeAllotted(model, s) > model.ports.poeBudgetW + 1e-9) ctx.addIssue({ code: 'custom', message: netconfKey('poe', 'budget'), path: ['ports'], input: s });
  });

/** spec §3 "PoE power: total, used, remaining in W", shown with two decimals. */
export function poeBudgetFigures(totalW: number, usedW: number): { total: string; used: string; remaining: string } {
  return { total: totalW.toFixed(2), used: usedW.toFixed(2), remaining: Math.max(0, totalW - usedW).toFixed(2) };
}

// ---- mgmt-ip ---------------------------------------------------------------------------------
/** The LAN IP the device reports is a fact, not part of the body: `mgmtIpSectionFor(lanIp)` checks it. */
export const mgmtIpSection = z.object({ ip: ipv4, mask: subnetMask, gateway: ipv4, vlan: vlanId });
export type MgmtIpSection = z.infer<typeof mgmtIpSection>;
export const mgmtIpSectionFor = (lanIp: string) =>
  mgmtIpSection.superRefine((s, ctx) => {
    if (parseIpv4(s.ip) === null) return;
    const r = managementIp.safeParse({ ip: s.ip, lanIp });
    if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path, input: s });
  });
