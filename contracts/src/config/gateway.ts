// Gateway settings sections (spec §2 /manage/networkconf/*, §3, §5): wan, vlan, dhcp, routes,
// portmap. Each body schema carries every §5 rule of its own fields; `…For(model)` adds the model
// catalogue's counts and ranges; `gatewayConflicts` checks segments across sections before storing.
import { z } from 'zod';
import type { DeviceModel } from '../domain/models.js';
import { DEFAULT_VLAN_NAME, DHCP_LEASE_CHOICES, DHCP_TYPES } from '../domain/network.js';
import { LIMITS } from '../limits.js';
import { dhcpModes, dnsServers, ipRange, ipv4, parsePortList, portMapping, staticRouteDestination, subnetMask } from '../rules/addresses.js';
import { networkOf, parseIpv4, prefixesOverlap } from '../rules/ipv4.js';
import { dhcpPoolName, serverName, vlanName } from '../rules/names.js';
import { vlanId } from '../rules/vlan.js';
import { netconfKey } from './keys.js';

const credential = z
  .string({ error: netconfKey('credentials', 'required') })
  .min(1, { error: netconfKey('credentials', 'required') })
  .max(64, { error: netconfKey('credentials', 'length') });

// ---- wan -------------------------------------------------------------------------------------
export const WAN_MODES = ['dhcp', 'static', 'pppoe', 'pptp', 'l2tp'] as const;
export type WanMode = (typeof WAN_MODES)[number];

export const wanLine = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('dhcp') }),
    z.object({ mode: z.literal('static'), ip: ipv4, mask: subnetMask, gateway: ipv4, dns: dnsServers }),
    // spec §5: the PPPoE service name follows the server name rule; it may stay empty
    z.object({ mode: z.literal('pppoe'), user: credential, password: credential, serviceName: serverName.optional() }),
    z.object({ mode: z.literal('pptp'), server: ipv4, user: credential, password: credential }),
    z.object({ mode: z.literal('l2tp'), server: ipv4, user: credential, password: credential }),
  ],
  { error: netconfKey('wanLines', 'mode') },
);
export type WanLine = z.infer<typeof wanLine>;

export const wanSection = z.object(
  { lines: z.array(wanLine, { error: netconfKey('wanLines', 'required') }).min(1, { error: netconfKey('wanLines', 'required') }) },
  { error: netconfKey('wanLines', 'required') },
);
export type WanSection = z.infer<typeof wanSection>;

export const wanSectionFor = (model: DeviceModel) =>
  wanSection.superRefine((s, ctx) => {
    if (s.lines.length > model.wanLines) ctx.addIssue({ code: 'custom', message: netconfKey('wanLines', 'count'), path: ['lines'], input: s });
  });

// ---- vlan ------------------------------------------------------------------------------------
/** The default VLAN is the gateway's LAN: ID 1, named VLAN_Default, its segment is the LAN segment. */
export const DEFAULT_VLAN_ID = 1;

export const vlanEntry = z.object({
  id: vlanId,
  // VLAN_Default is the one name the name rule's characters would allow but users cannot give
  name: z.union([z.literal(DEFAULT_VLAN_NAME), vlanName]),
  ip: ipv4,
  mask: subnetMask,
});
export type VlanEntry = z.infer<typeof vlanEntry>;

export const vlanSection = z
  .object({ vlans: z.array(vlanEntry, { error: netconfKey('vlanTable', 'defaultMissing') }) }, { error: netconfKey('vlanTable', 'defaultMissing') })
  .superRefine((s, ctx) => {
    const ids = new Set<number>();
    const names = new Set<string>();
    s.vlans.forEach((v, i) => {
      if (ids.has(v.id)) ctx.addIssue({ code: 'custom', message: netconfKey('vlanTable', 'duplicateId'), path: ['vlans', i, 'id'], input: v });
      if (names.has(v.name.toLowerCase())) ctx.addIssue({ code: 'custom', message: netconfKey('vlanTable', 'duplicateName'), path: ['vlans', i, 'name'], input: v });
      ids.add(v.id);
      names.add(v.name.toLowerCase());
      const isDefault = v.id === DEFAULT_VLAN_ID || v.name === DEFAULT_VLAN_NAME;
      if (isDefault && !(v.id === DEFAULT_VLAN_ID && v.name === DEFAULT_VLAN_NAME)) {
        ctx.addIssue({ code: 'custom', message: netconfKey('vlanTable', 'defaultFixed'), path: ['vlans', i, 'name'], input: v });
      }
    });
    if (!s.vlans.some((v) => v.id === DEFAULT_VLAN_ID && v.name === DEFAULT_VLAN_NAME)) {
      ctx.addIssue({ code: 'custom', message: netconfKey('vlanTable', 'defaultMissing'), path: ['vlans'], input: s });
    }
    s.vlans.forEach((b, j) => {
      const bn = parseIpv4(b.ip);
      const clash = s.vlans.slice(0, j).some((a) => {
        const an = parseIpv4(a.ip);
        return an !== null && bn !== null && prefixesOverlap(an, a.mask, bn, b.mask);
      });
      if (clash) ctx.addIssue({ code: 'custom', message: netconfKey('segmentConflict', 'vlan'), path: ['vlans', j, 'ip'], input: b });
    });
  });
export type VlanSection = z.infer<typeof vlanSection>;

export const vlanSectionFor = (model: DeviceModel) =>
  vlanSection.superRefine((s, ctx) => {
    // the default VLAN is outside the device range by design (it always exists)
    s.vlans.forEach((v, i) => {
      if (v.id !== DEFAULT_VLAN_ID && (v.id < model.minVlan || v.id > model.maxVlan)) {
        ctx.addIssue({ code: 'custom', message: netconfKey('vlanTable', 'modelRange'), path: ['vlans', i, 'id'], input: v });
      }
    });
    if (s.vlans.length > model.limits.vlans) ctx.addIssue({ code: 'custom', message: netconfKey('vlanTable', 'count'), path: ['vlans'], input: s });
  });

/** spec §5 "VLAN_Default cannot be modified": a new version must keep it exactly as it was. */
export function defaultVlanChanged(previous: VlanSection | undefined, next: VlanSection): boolean {
  const before = previous?.vlans.find((v) => v.id === DEFAULT_VLAN_ID);
  const after = next.vlans.find((v) => v.id === DEFAULT_VLAN_ID);
  if (!before || !after) return false;
  return before.ip !== after.ip || before.mask !== after.mask || before.name !== after.name;
}

// ---- dhcp ------------------------------------------------------------------------------------

export const dhcpPool = z
  .object({
    name: dhcpPoolName,
    vlanId: vlanId,
    start: ipv4,
    end: ipv4,
    mask: subnetMask,
    gateway: ipv4,
    dns: dnsServers,
    leaseMinutes: z
      .number({ error: netconfKey('dhcpPools', 'lease') })
      .refine((m) => (DHCP_LEASE_CHOICES as readonly number[]).includes(m), { error: netconfKey('dhcpPools', 'lease') }),
    type: z.enum(DHCP_TYPES, { error: netconfKey('dhcpPools', 'type') }),
  })
  .superRefine((p, ctx) => {
    const range = ipRange.safeParse({ start: p.start, end: p.end, mask: p.mask });
    if (!range.success) for (const i of range.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path, input: p });
    const start = parseIpv4(p.start);
    const gw = parseIpv4(p.gateway);
    if (start !== null && gw !== null && networkOf(start, p.mask) !== networkOf(gw, p.mask)) {
      ctx.addIssue({ code: 'custom', message: netconfKey('dhcpPools', 'gateway'), path: ['gateway'], input: p });
    }
  });
export type DhcpPool = z.infer<typeof dhcpPool>;

export const dhcpSection = z
  .object({
    modes: dhcpModes,
    relayServer: ipv4.optional(),
    pools: z.array(dhcpPool),
  })
  .superRefine((s, ctx) => {
    if (s.modes.relay && s.relayServer === undefined) {
      ctx.addIssue({ code: 'custom', message: netconfKey('dhcpPools', 'relayServer'), path: ['relayServer'], input: s });
    }
    const names = new Set<string>();
    s.pools.forEach((p, i) => {
      if (names.has(p.name)) ctx.addIssue({ code: 'custom', message: netconfKey('dhcpPools', 'duplicateName'), path: ['pools', i, 'name'], input: p });
      names.add(p.name);
    });
  });
export type DhcpSection = z.infer<typeof dhcpSection>;

export const dhcpSectionFor = (model: DeviceModel) =>
  dhcpSection.superRefine((s, ctx) => {
    if (s.pools.length > model.limits.dhcpPools) ctx.addIssue({ code: 'custom', message: netconfKey('dhcpPools', 'count'), path: ['pools'], input: s });
  });

// ---- routes ----------------------------------------------------------------------------------
export const staticRoute = z.object({ destination: staticRouteDestination, mask: subnetMask, nextHop: ipv4 });
export const routesSection = z.object({ routes: z.array(staticRoute) }).superRefine((s, ctx) => {
  const seen = new Set<string>();
  s.routes.forEach((r, i) => {
    const key = `${r.destination}/${r.mask}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', message: netconfKey('staticRoutes', 'duplicate'), path: ['routes', i, 'destination'], input: r });
    seen.add(key);
  });
});
export type RoutesSection = z.infer<typeof routesSection>;
export const routesSectionFor = (model: DeviceModel) =>
  routesSection.superRefine((s, ctx) => {
    if (s.routes.length > model.limits.staticRoutes) ctx.addIssue({ code: 'custom', message: netconfKey('staticRoutes', 'count'), path: ['routes'], input: s });
  });

// ---- portmap ---------------------------------------------------------------------------------
export const PORTMAP_PROTOCOLS = ['all', 'tcp', 'udp'] as const;
export const portMappingRule = z
  .object({
    name: z.string({ error: netconfKey('portMappings', 'name') }).min(1, { error: netconfKey('portMappings', 'name') }).max(32, { error: netconfKey('portMappings', 'name') }),
    protocol: z.enum(PORTMAP_PROTOCOLS, { error: netconfKey('portMappings', 'protocol') }),
    external: z.string(),
    internal: z.string(),
    internalIp: ipv4,
    enabled: z.boolean(),
  })
  .superRefine((r, ctx) => {
    const ports = portMapping.safeParse({ internal: r.internal, external: r.external });
    if (!ports.success) for (const i of ports.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path, input: r });
  });
export type PortMappingRule = z.infer<typeof portMappingRule>;
export const portmapSection = z.object({ rules: z.array(portMappingRule) });
export type PortmapSection = z.infer<typeof portmapSection>;
export const portmapSectionFor = (model: DeviceModel) =>
  portmapSection.superRefine((s, ctx) => {
    if (s.rules.length > model.limits.portMappings) ctx.addIssue({ code: 'custom', message: netconfKey('portMappings', 'count'), path: ['rules'], input: s });
  });

/** How many single ports a mapping list covers ('80;8000-8010' → 12). */
export function portCount(list: string): number {
  const parsed = parsePortList(list);
  return parsed.ok ? parsed.items.reduce((n, p) => n + p.to - p.from + 1, 0) : 0;
}

// ---- across sections -------------------------------------------------------------------------
export interface GatewayConfig {
  wan?: WanSection;
  vlan?: VlanSection;
  dhcp?: DhcpSection;
  portmap?: PortmapSection;
}

export interface ConfigIssue {
  section: 'wan' | 'vlan' | 'dhcp' | 'portmap';
  path: (string | number)[];
  message: string;
}

function inSegment(ip: string, seg: VlanEntry): boolean {
  const a = parseIpv4(ip);
  const n = parseIpv4(seg.ip);
  return a !== null && n !== null && networkOf(a, seg.mask) === networkOf(n, seg.mask);
}

/**
 * spec §5 "WAN, LAN, VLAN, PPPoE, PPTP and L2TP segments must not conflict", DHCP pools inside
 * their VLAN's segment, port mapping targets inside a LAN/VLAN segment. Run on the configuration
 * as it would be after a write (the stored sections with the new one in place).
 */
export function gatewayConflicts(config: GatewayConfig): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const lans = config.vlan?.vlans ?? [];
  config.wan?.lines.forEach((line, i) => {
    if (line.mode === 'static') {
      const ip = parseIpv4(line.ip);
      const clash = lans.some((v) => {
        const n = parseIpv4(v.ip);
        return ip !== null && n !== null && prefixesOverlap(ip, line.mask, n, v.mask);
      });
      if (clash) issues.push({ section: 'wan', path: ['lines', i, 'ip'], message: netconfKey('segmentConflict', 'wanLan') });
    }
    if ((line.mode === 'pptp' || line.mode === 'l2tp') && lans.some((v) => inSegment(line.server, v))) {
      issues.push({ section: 'wan', path: ['lines', i, 'server'], message: netconfKey('segmentConflict', line.mode) });
    }
  });
  config.dhcp?.pools.forEach((p, i) => {
    const vlan = lans.find((v) => v.id === p.vlanId);
    if (config.vlan && !vlan) issues.push({ section: 'dhcp', path: ['pools', i, 'vlanId'], message: netconfKey('dhcpPools', 'vlan') });
    else if (vlan && (!inSegment(p.start, vlan) || !inSegment(p.end, vlan) || p.mask !== vlan.mask)) {
      issues.push({ section: 'dhcp', path: ['pools', i, 'start'], message: netconfKey('dhcpPools', 'vlanSegment') });
    }
  });
  config.portmap?.rules.forEach((r, i) => {
    if (config.vlan && !lans.some((v) => inSegment(r.internalIp, v))) {
      issues.push({ section: 'portmap', path: ['rules', i, 'internalIp'], message: netconfKey('portMappings', 'lanSegment') });
    }
  });
  return issues;
}

/** The largest number of VLANs one add may create (spec §5). */
export const VLANS_PER_ADD_MAX = LIMITS.vlansPerAddMax;
