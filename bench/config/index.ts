// Configuration engine benchmarks (docs/config-engine.md): render every gateway section and diff the
// target with what a device reports, per device. Times are CPU time of this process
// (process.cpuUsage), so other work on the shared machine does not inflate them; wall times are
// printed beside.
//
// The full gateway configuration of the issue — 64 VLANs, 32 DHCP pools, 64 static routes, 64 port
// mappings, two WAN lines — is written as section bodies the console accepts (checked with the
// sections' schemas for the largest gateway model), rendered by the engine's own renderers and diffed
// against a device that reports the same tables with a few differences.
import { deviceModel, sectionSchemaFor, type SectionName } from '@airloom/contracts/config';
import { pathsToRead, planConfig, planMessages, rendererFor, type ReportedValues, type Tr181Target } from '@airloom/gateway/testing';
import type { Figure } from '../src/stats.js';

const BENCH = 'config';
const MODEL = 'AL-GW1200';

function measure(fn: () => void, repeat: number): { cpuMs: number; wallMs: number } {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < repeat; i++) fn();
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000 / repeat, wallMs: (performance.now() - wall) / repeat };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** the full gateway configuration as section bodies, each checked with its schema */
export function fullGatewaySections(): [SectionName, unknown][] {
  const vlans = [{ id: 1, name: 'VLAN_Default', ip: '192.168.1.1', mask: 24 }, ...range(63).map((i) => ({ id: 100 + i, name: `vlan${100 + i}`, ip: `10.${i}.0.1`, mask: 24 }))];
  const sections: [SectionName, unknown][] = [
    ['wan', { lines: [{ mode: 'dhcp' }, { mode: 'pppoe', user: 'backup@isp', password: 'secret-line-2', serviceName: 'ISP2' }] }],
    ['vlan', { vlans }],
    ['dhcp', {
      modes: { server: true, relay: false, snooping: false },
      pools: range(32).map((i) => ({ name: `pool${i}`, vlanId: 100 + i, start: `10.${i}.0.10`, end: `10.${i}.0.250`, mask: 24, gateway: `10.${i}.0.1`, dns: ['8.8.8.8', '1.1.1.1'], leaseMinutes: 1440, type: 'user' })),
    }],
    ['routes', { routes: range(64).map((i) => ({ destination: `172.16.${i}.0`, mask: 24, nextHop: '192.168.1.254' })) }],
    ['portmap', { rules: range(64).map((i) => ({ name: `rule${i}`, enabled: true, protocol: i % 2 ? 'tcp' : 'udp', external: String(10000 + i), internal: String(8000 + i), internalIp: `192.168.1.${i + 1}` })) }],
  ];
  const model = deviceModel(MODEL)!;
  return sections.map(([section, body]) => [section, sectionSchemaFor(section, { type: 'router', model, lanIp: '192.168.1.1' }).parse(body)]);
}

/** the sections rendered into one target, as the engine does per section */
export function renderAll(sections: [SectionName, unknown][]): Tr181Target {
  const facts = { sn: 'SN-BENCH', type: 'router' as const, model: MODEL };
  const out: Tr181Target = { params: {}, tables: [] };
  for (const [section, body] of sections) {
    const t = rendererFor(section)!(body, facts);
    Object.assign(out.params, t.params);
    out.tables.push(...t.tables);
  }
  return out;
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
  const sections = fullGatewaySections();
  const target = renderAll(sections);
  const reported = reportedFor(target, 2);
  const once = () => {
    const full = renderAll(sections);
    pathsToRead(full);
    planMessages(planConfig(full, reported));
  };
  const plan = planConfig(target, reported);
  once(); // warm-up (JIT)
  const rounds = Array.from({ length: short ? 5 : 15 }, () => measure(once, short ? 20 : 50));
  const instances = target.tables.reduce((n, t) => n + t.instances.length, 0);
  return [
    { bench: BENCH, metric: `render + diff of a full gateway config (64 VLANs, 32 pools, 64 routes, 64 port mappings: ${instances} TR-181 instances), CPU time per device`, value: median(rounds.map((r) => r.cpuMs)), unit: 'ms', budget: { max: 5 } },
    { bench: BENCH, metric: 'render + diff of a full gateway config, wall time per device (shared machine)', value: median(rounds.map((r) => r.wallMs)), unit: 'ms' },
    { bench: BENCH, metric: 'planned messages for the bench device: adds + sets + deletes', value: plan.adds.length + plan.sets.length + plan.deletes.length, unit: 'ops' },
  ];
}
