// Configuration engine benchmarks (docs/config-engine.md): render a section and diff the target
// with what a device reports, per device. Times are CPU time of this process (process.cpuUsage), so
// other work on the shared machine does not inflate them; wall times are printed beside.
//
// The full gateway configuration (64 VLANs, 32 DHCP pools, 64 static routes, 64 port mappings) is
// measured as a TR-181 target of that size with the parameters those tables carry, diffed against a
// device that reports the same tables with a few differences. The gateway sections' renderers are
// added by their own work; until then the renderer half is measured with the `name` section.
import { aliasFor, pathsToRead, planConfig, planMessages, rendererFor, type ReportedValues, type Tr181Target } from '@airloom/gateway/testing';
import type { Figure } from '../src/stats.js';

const BENCH = 'config';

function measure(fn: () => void, repeat: number): { cpuMs: number; wallMs: number } {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < repeat; i++) fn();
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000 / repeat, wallMs: (performance.now() - wall) / repeat };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** a gateway target of the full size, with the parameters TR-181 gives each table */
export function fullGatewayTarget(): Tr181Target {
  const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  return {
    params: { 'Device.DeviceInfo.X_AIRLOOM_Name': 'Main-GW', 'Device.DHCPv4.Server.Enable': 'true', 'Device.DHCPv4.Relay.Enable': 'false' },
    tables: [
      {
        path: 'Device.Bridging.Bridge.1.VLAN.', owns: 'airloom',
        instances: range(64).map((i) => ({ alias: aliasFor('vlan', 10 + i), params: { Enable: 'true', Name: `VLAN${10 + i}`, VLANID: String(10 + i) } })),
      },
      {
        path: 'Device.IP.Interface.', owns: 'airloom',
        instances: range(64).map((i) => ({ alias: aliasFor('vlan-ip', 10 + i), params: { Enable: 'true', Name: `br-vlan${10 + i}`, LowerLayers: `Device.Bridging.Bridge.1.VLAN.${i}` } })),
      },
      {
        path: 'Device.DHCPv4.Server.Pool.', owns: 'airloom',
        instances: range(32).map((i) => ({
          alias: aliasFor('dhcp', `pool${i}`),
          params: { Enable: 'true', MinAddress: `10.${i}.0.10`, MaxAddress: `10.${i}.0.250`, SubnetMask: '255.255.255.0', IPRouters: `10.${i}.0.1`, DNSServers: '8.8.8.8,1.1.1.1', LeaseTime: '86400', X_AIRLOOM_Name: `pool${i}` },
        })),
      },
      {
        path: 'Device.Routing.Router.1.IPv4Forwarding.', owns: 'airloom',
        instances: range(64).map((i) => ({ alias: aliasFor('route', i), params: { Enable: 'true', DestIPAddress: `172.16.${i}.0`, DestSubnetMask: '255.255.255.0', GatewayIPAddress: '192.168.1.254', Interface: 'Device.IP.Interface.1' } })),
      },
      {
        path: 'Device.NAT.PortMapping.', owns: 'airloom',
        instances: range(64).map((i) => ({ alias: aliasFor('portmap', i), params: { Enable: 'true', Protocol: i % 2 ? 'TCP' : 'UDP', ExternalPort: String(10000 + i), ExternalPortEndRange: '0', InternalPort: String(8000 + i), InternalClient: `192.168.1.${i + 1}`, Description: `rule ${i}` } })),
      },
    ],
  };
}

/** what a device holding `target` reports, with instance numbers of its own and a few differences */
export function reportedFor(target: Tr181Target, changes: number): ReportedValues {
  const out: ReportedValues = { ...target.params };
  for (const table of target.tables) {
    table.instances.forEach((inst, k) => {
      if (k < changes) return; // missing on the device: an Add
      const prefix = `${table.path}${k + 100}.`;
      out[`${prefix}Alias`] = inst.alias;
      for (const [p, v] of Object.entries(inst.params)) out[prefix + p] = k === changes ? `${v}x` : v; // one Set
    });
    // one instance of ours the target no longer has: a Delete
    out[`${table.path}999.Alias`] = 'airloom-old-1';
  }
  return out;
}

export function configBench(short: boolean): Figure[] {
  const target = fullGatewayTarget();
  const reported = reportedFor(target, 2);
  const name = rendererFor('name')!;
  const facts = { sn: 'SN-BENCH', type: 'router' as const, model: 'bench' };
  const once = () => {
    const named = name({ name: 'Main-GW' }, facts);
    const full: Tr181Target = { params: { ...target.params, ...named.params }, tables: target.tables };
    pathsToRead(full);
    planMessages(planConfig(full, reported));
  };
  const plan = planConfig(target, reported);
  once(); // warm-up (JIT)
  const rounds = Array.from({ length: short ? 5 : 15 }, () => measure(once, short ? 20 : 50));
  const instances = target.tables.reduce((n, t) => n + t.instances.length, 0);
  return [
    { bench: BENCH, metric: `render (name) + diff of a full gateway config (${instances} instances), CPU time per device`, value: median(rounds.map((r) => r.cpuMs)), unit: 'ms', budget: { max: 5 } },
    { bench: BENCH, metric: 'render + diff of a full gateway config, wall time per device (shared machine)', value: median(rounds.map((r) => r.wallMs)), unit: 'ms' },
    { bench: BENCH, metric: 'planned messages for the bench device: adds + sets + deletes', value: plan.adds.length + plan.sets.length + plan.deletes.length, unit: 'ops' },
  ];
}
