// Where the switches' MAC tables place the devices of a project (docs/topology.md "MAC tables"), as a
// pure function of the tables: the standard technique for devices that send no LLDP (a camera, an
// NVR, an AP with LLDP off, a host behind a port).
//
// - A switch's port whose table holds the MAC of another switch of the project is an inter-switch
//   port (an uplink, or a downlink towards a switch): it learns everything beyond that switch, so it
//   tells nothing of what is cabled to it directly.
// - Two switches are cabled port to port when each one's port holds the other's MAC and no device of
//   the project is learnt on both ports (their tables would share what lies beyond a switch between
//   them). A switch that reports no table is placed from the other end: on a port where it is the only
//   switch learnt.
// - Any other port is an edge port. The one device of the project learnt there, not placed yet, is
//   cabled to it; several are behind something the console does not manage (an unmanaged switch):
//   `hidden`. MACs that are no device of the project are hosts on that port (`terminals`), unless a
//   device of the project is there too (they are then behind it: an AP's Wi-Fi clients).
// - A device already placed (its LLDP neighbour or mesh report gave it a link upstream) keeps its
//   place: LLDP wins over a MAC table, which may still hold a MAC that moved minutes ago.
// - Direction, as for LLDP: a device's port 1 is its uplink; on a switch's port 1 the device learnt
//   is the end nearer the internet (the site's gateway), on any other port it hangs from the switch.
import type { DeviceType } from '@airloom/contracts';

export interface MacTableDevice {
  sn: string;
  /** upper case with colons */
  mac: string;
  type: DeviceType;
}

export interface LearntEntry {
  /** 0-based */
  port: number;
  /** upper case with colons */
  mac: string;
}

export interface MacLink {
  /** the end nearer the internet */
  from: string;
  to: string;
  /** the switch whose table tells, and its 0-based port */
  sn: string;
  port: number;
}

export interface MacPlacement {
  links: MacLink[];
  /** edge ports with hosts that are no device of the project: how many MACs */
  terminals: Array<{ sn: string; port: number; count: number }>;
  /** edge ports behind which several devices of the project sit, none placed otherwise */
  hidden: Array<{ sn: string; port: number; members: string[] }>;
}

/**
 * The links the switches' MAC tables tell of. `tables`: each switch's (by SN) learnt entries;
 * `placed`: the devices that already have a link upstream (LLDP, mesh), which the tables do not move.
 */
export function placeByMacTables(devices: readonly MacTableDevice[], tables: ReadonlyMap<string, readonly LearntEntry[]>, placed: ReadonlySet<string>): MacPlacement {
  const byMac = new Map(devices.map((d) => [d.mac.toUpperCase(), d]));
  const switches = new Set(devices.filter((d) => d.type === 'switch').map((d) => d.sn));
  const upstream = new Set(placed);
  const links: MacLink[] = [];
  const terminals: MacPlacement['terminals'] = [];
  const hidden: MacPlacement['hidden'] = [];
  const linked = new Set<string>();
  const add = (from: string, to: string, sn: string, port: number) => {
    const key = [from, to].sort().join('|');
    if (linked.has(key) || upstream.has(to)) return;
    linked.add(key);
    upstream.add(to);
    links.push({ from, to, sn, port });
  };
  // each switch's ports: the devices of the project learnt there, and how many other MACs
  type Port = { port: number; devices: MacTableDevice[]; foreign: number };
  const ports = new Map<string, Map<number, Port>>();
  for (const [sn, entries] of [...tables].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!switches.has(sn)) continue;
    const own = new Map<number, Port>();
    const seen = new Set<string>();
    for (const e of entries) {
      const mac = e.mac.toUpperCase();
      if (seen.has(`${e.port}|${mac}`)) continue;
      seen.add(`${e.port}|${mac}`);
      const p = own.get(e.port) ?? { port: e.port, devices: [], foreign: 0 };
      own.set(e.port, p);
      const d = byMac.get(mac);
      if (!d) p.foreign++;
      else if (d.sn !== sn) p.devices.push(d);
    }
    ports.set(sn, new Map([...own].sort(([a], [b]) => a - b)));
  }
  const interSwitch = (p: Port) => p.devices.some((d) => switches.has(d.sn));
  // a cable between switches: from the end nearer the internet (the one not on its port 1)
  // (bPort -1: b reports no table; a's port tells)
  const cable = (a: string, aPort: number, b: string, bPort: number) => {
    if (aPort === 0 && bPort !== 0) add(b, a, bPort >= 0 ? b : a, bPort >= 0 ? bPort : aPort);
    else add(a, b, a, aPort);
  };
  for (const [a, aPorts] of ports) {
    for (const p of aPorts.values()) {
      if (!interSwitch(p)) continue;
      const others = p.devices.filter((d) => switches.has(d.sn));
      for (const b of others) {
        const bPorts = ports.get(b.sn);
        if (!bPorts) {
          // a switch that reports no table: placed when it is the only switch learnt on this port
          if (others.length === 1) cable(a, p.port, b.sn, -1);
          continue;
        }
        if (a > b.sn) continue; // each pair once, from the end with the smaller SN
        const q = [...bPorts.values()].find((x) => x.devices.some((d) => d.sn === a));
        if (!q) continue;
        const there = new Set(q.devices.map((d) => d.sn));
        if (p.devices.some((d) => there.has(d.sn))) continue;
        cable(a, p.port, b.sn, q.port);
      }
    }
  }
  for (const [sn, swPorts] of ports) {
    for (const p of swPorts.values()) {
      if (interSwitch(p)) continue;
      const free = p.devices.filter((d) => !upstream.has(d.sn));
      if (p.devices.length === 0 && p.foreign > 0) terminals.push({ sn, port: p.port, count: p.foreign });
      if (free.length === 1) {
        const d = free[0]!;
        if (p.port === 0) add(d.sn, sn, sn, p.port);
        else add(sn, d.sn, sn, p.port);
      } else if (free.length > 1 && p.port !== 0) {
        hidden.push({ sn, port: p.port, members: free.map((d) => d.sn) });
        for (const d of free) upstream.add(d.sn);
      }
    }
  }
  return { links, terminals, hidden };
}
