// `wan` section: the gateway's internet lines. Each line is an IP interface (WAN1 = Device.IP.Interface.2,
// WAN2 = .3) whose LowerLayers say how it reaches the ISP: straight over its Ethernet port (DHCP via
// Device.DHCPv4.Client.{line}, or static) or over Device.PPP.Interface.{line} (PPPoE; PPTP and L2TP
// are vendor transports of the PPP interface, TR-181 has none). Static DNS servers are instances of
// Device.DNS.Client.Server; the static default gateway is a vendor parameter of the address, from
// which the device makes its own default route (the routes section owns only the console's routes).
import { defaultModelOf, deviceModel, type WanLine, type WanSection } from '@airloom/contracts/config';
import { maskOf } from './gateway-tables.js';
import { aliasFor, type Renderer, type Tr181Instance } from './target.js';

export const DNS_SERVER = 'Device.DNS.Client.Server.';
/** IP interface of WAN line `line` (1-based): interface 1 is the LAN */
export const wanInterface = (line: number) => `Device.IP.Interface.${line + 1}`;
const ppp = (line: number) => `Device.PPP.Interface.${line}`;
const ethernet = (line: number) => `Device.Ethernet.Interface.${line}`;
const dhcpClient = (line: number) => `Device.DHCPv4.Client.${line}`;

const TRANSPORT = { pppoe: 'PPPoE', pptp: 'PPTP', l2tp: 'L2TP' } as const;

function lineParams(line: number, wan: WanLine): Record<string, string> {
  const ip = wanInterface(line);
  const p: Record<string, string> = { [`${ip}.Enable`]: 'true' };
  if (wan.mode === 'dhcp' || wan.mode === 'static') {
    p[`${ip}.LowerLayers`] = ethernet(line);
    p[`${dhcpClient(line)}.Enable`] = String(wan.mode === 'dhcp');
    p[`${ppp(line)}.Enable`] = 'false';
    if (wan.mode === 'static') {
      p[`${ip}.IPv4Address.1.IPAddress`] = wan.ip;
      p[`${ip}.IPv4Address.1.SubnetMask`] = maskOf(wan.mask);
      p[`${ip}.IPv4Address.1.X_AIRLOOM_DefaultGateway`] = wan.gateway;
    }
    return p;
  }
  p[`${ip}.LowerLayers`] = ppp(line);
  // PPTP and L2TP reach their server over an address the line gets by DHCP; PPPoE needs none
  p[`${dhcpClient(line)}.Enable`] = String(wan.mode !== 'pppoe');
  p[`${ppp(line)}.Enable`] = 'true';
  p[`${ppp(line)}.Username`] = wan.user;
  p[`${ppp(line)}.Password`] = wan.password;
  p[`${ppp(line)}.X_AIRLOOM_Transport`] = TRANSPORT[wan.mode];
  p[`${ppp(line)}.X_AIRLOOM_Server`] = wan.mode === 'pppoe' ? '' : wan.server;
  p[`${ppp(line)}.PPPoE.ServiceName`] = wan.mode === 'pppoe' ? (wan.serviceName ?? '') : '';
  return p;
}

/** Every line of the model: configured lines as given, the model's further lines switched off. */
export const renderWan: Renderer<WanSection> = (body, facts) => {
  const model = deviceModel(facts.model) ?? defaultModelOf(facts.type);
  const params: Record<string, string> = {};
  const dns: Tr181Instance[] = [];
  for (let line = 1; line <= Math.max(model.wanLines, body.lines.length); line++) {
    const wan = body.lines[line - 1];
    if (!wan) {
      params[`${wanInterface(line)}.Enable`] = 'false';
      continue;
    }
    Object.assign(params, lineParams(line, wan));
    if (wan.mode === 'static') {
      wan.dns.forEach((server, i) =>
        dns.push({ alias: aliasFor('wan', `${line}-dns-${i + 1}`), params: { Enable: 'true', DNSServer: server, Interface: wanInterface(line) } }),
      );
    }
  }
  return { params, tables: [{ path: DNS_SERVER, owns: 'airloom', instances: dns }] };
};
