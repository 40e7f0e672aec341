// Renderers of the gateway's VLANs, DHCP, static routes and port mappings: each section is the whole set of
// console-made instances of its TR-181 table (the device's own, e.g. its connected routes, stay).
import type { DhcpSection, PortmapSection, RoutesSection, VlanSection } from '@airloom/contracts/config';
import { parsePortList } from '@airloom/contracts';
import { DEFAULT_VLAN_ID } from '@airloom/contracts/config';
import { aliasFor, type Renderer, type Tr181Instance } from './target.js';

export const IPV4_FORWARDING = 'Device.Routing.Router.1.IPv4Forwarding.';
export const PORT_MAPPING = 'Device.NAT.PortMapping.';

/** prefix length → dotted mask (TR-181 DestSubnetMask) */
export function maskOf(prefix: number): string {
  const n = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return [24, 16, 8, 0].map((s) => (n >>> s) & 0xff).join('.');
}

export const renderRoutes: Renderer<RoutesSection> = (body) => ({
  params: {},
  tables: [
    {
      path: IPV4_FORWARDING,
      owns: 'airloom',
      instances: body.routes.map((r) => ({
        alias: aliasFor('routes', `${r.destination}-${r.mask}`),
        params: { Enable: 'true', StaticRoute: 'true', DestIPAddress: r.destination, DestSubnetMask: maskOf(r.mask), GatewayIPAddress: r.nextHop },
      })),
    },
  ],
});

const PROTOCOLS = { tcp: ['TCP'], udp: ['UDP'], all: ['TCP', 'UDP'] } as const;

/**
 * TR-181 PortMapping has one external range and one internal port per instance, so a rule with a
 * `;` list becomes one instance per item (and per protocol for "all"); an internal range maps each
 * external port to the port at the same offset (ExternalPortEndRange, InternalPort = first port).
 */
export const renderPortmap: Renderer<PortmapSection> = (body) => {
  const instances: Tr181Instance[] = [];
  body.rules.forEach((rule, r) => {
    const ext = parsePortList(rule.external);
    const int = parsePortList(rule.internal);
    if (!ext.ok || !int.ok) return;
    ext.items.forEach((e, i) => {
      for (const protocol of PROTOCOLS[rule.protocol]) {
        instances.push({
          alias: aliasFor('portmap', `${r}-${i}-${protocol.toLowerCase()}`),
          params: {
            Enable: String(rule.enabled),
            Description: rule.name,
            Protocol: protocol,
            ExternalPort: String(e.from),
            ExternalPortEndRange: e.range ? String(e.to) : '0',
            InternalPort: String(int.items[i]!.from),
            InternalClient: rule.internalIp,
          },
        });
      }
    });
  });
  return { params: {}, tables: [{ path: PORT_MAPPING, owns: 'airloom', instances }] };
};

export const DHCP_POOL = 'Device.DHCPv4.Server.Pool.';
export const DHCP_RELAY_FORWARDING = 'Device.DHCPv4.Relay.Forwarding.';

/**
 * DHCP: the server's pools (LeaseTime in seconds, the pool's VLAN and user/AP type as vendor
 * parameters), relay with its server, and snooping (TR-181 has none: X_AIRLOOM_DHCPSnooping).
 */
export const renderDhcp: Renderer<DhcpSection> = (body) => ({
  params: {
    'Device.DHCPv4.Server.Enable': String(body.modes.server),
    'Device.DHCPv4.Relay.Enable': String(body.modes.relay),
    'Device.X_AIRLOOM_DHCPSnooping.Enable': String(body.modes.snooping),
  },
  tables: [
    {
      path: DHCP_POOL,
      owns: 'airloom',
      instances: body.pools.map((p) => ({
        alias: aliasFor('dhcp', p.name),
        params: {
          Enable: String(body.modes.server),
          MinAddress: p.start,
          MaxAddress: p.end,
          SubnetMask: maskOf(p.mask),
          IPRouters: p.gateway,
          DNSServers: p.dns.join(','),
          LeaseTime: String(p.leaseMinutes * 60),
          X_AIRLOOM_VLANID: String(p.vlanId),
          X_AIRLOOM_Type: p.type,
        },
      })),
    },
    {
      path: DHCP_RELAY_FORWARDING,
      owns: 'airloom',
      instances: body.modes.relay && body.relayServer ? [{ alias: aliasFor('dhcp', 'relay'), params: { Enable: 'true', DHCPServerIPAddress: body.relayServer } }] : [],
    },
  ],
});

export const BRIDGE_VLAN = 'Device.Bridging.Bridge.1.VLAN.';
/** the gateway's LAN: IP interface 1, its first IPv4 address (the device's own instances) */
export const LAN_IPV4 = 'Device.IP.Interface.1.IPv4Address.1.';

/**
 * VLANs: VLAN_Default is the LAN (its address on IP interface 1); every other VLAN is a bridge VLAN
 * carrying its gateway address as vendor parameters (one instance holds the whole VLAN, so a VLAN is
 * added or removed in one Add/Delete).
 */
export const renderVlan: Renderer<VlanSection> = (body) => {
  const lan = body.vlans.find((v) => v.id === DEFAULT_VLAN_ID);
  const params: Record<string, string> = {};
  if (lan) {
    params[`${LAN_IPV4}IPAddress`] = lan.ip;
    params[`${LAN_IPV4}SubnetMask`] = maskOf(lan.mask);
  }
  return {
    params,
    tables: [
      {
        path: BRIDGE_VLAN,
        owns: 'airloom',
        instances: body.vlans
          .filter((v) => v.id !== DEFAULT_VLAN_ID)
          .map((v) => ({
            alias: aliasFor('vlan', v.id),
            params: { Enable: 'true', VLANID: String(v.id), Name: v.name, X_AIRLOOM_IPAddress: v.ip, X_AIRLOOM_SubnetMask: maskOf(v.mask) },
          })),
      },
    ],
  };
};
