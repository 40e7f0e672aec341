// spec §5 "DHCP and addresses".
import { z } from 'zod';
import { SEGMENT_KINDS } from '../domain/network.js';
import { LIMITS } from '../limits.js';
import { isPrivateIpv4, parseIpv4, prefixesOverlap, networkOf } from './ipv4.js';
import { integerRule, ruleKey, stringRule } from './key.js';

type AddressRule = 'ipv4' | 'staticRouteDestination';

// spec §5: valid address, first octet 1–223, 127 refused as loopback
function addressRule(rule: AddressRule) {
  return stringRule(rule).superRefine((value, ctx) => {
    const n = parseIpv4(value);
    const fail = (check: 'format' | 'firstOctet' | 'loopback') =>
      ctx.addIssue({ code: 'custom', message: ruleKey(rule, check), input: value });
    if (n === null) return fail('format');
    const first = Math.floor(n / 2 ** 24);
    if (first === 127) return fail('loopback');
    if (first < 1 || first > 223) return fail('firstOctet');
  });
}

export const ipv4 = addressRule('ipv4');
export const staticRouteDestination = addressRule('staticRouteDestination');
export const subnetMask = integerRule('subnetMask', LIMITS.subnetMaskMin, LIMITS.subnetMaskMax);
export const port = integerRule('port', LIMITS.portMin, LIMITS.portMax);
// spec §5 gives 30–10080 and 1–525600; the lease choices of §3 span 30–10080 (decisions.md)
export const dhcpLeaseMinutes = integerRule('dhcpLeaseMinutes', LIMITS.dhcpLeaseMinMinutes, LIMITS.dhcpLeaseMaxMinutes);

type PortItem = { from: number; to: number; range: boolean };
type PortCheck = 'required' | 'format' | 'range' | 'order';

/** Parses '80;8000-8010;9000~9001' (spec §5: ; between ports, - or ~ for ranges). */
export function parsePortList(value: string): { ok: true; items: PortItem[] } | { ok: false; check: PortCheck } {
  if (value.trim() === '') return { ok: false, check: 'required' };
  const items: PortItem[] = [];
  for (const raw of value.split(';')) {
    const m = /^([0-9]+)(?:\s*[-~]\s*([0-9]+))?$/.exec(raw.trim());
    if (!m) return { ok: false, check: 'format' };
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if ([from, to].some((p) => p < LIMITS.portMin || p > LIMITS.portMax)) return { ok: false, check: 'range' };
    if (m[2] !== undefined && from >= to) return { ok: false, check: 'order' };
    items.push({ from, to, range: m[2] !== undefined });
  }
  return { ok: true, items };
}

// spec §5: internal and external port counts and formats must match, position by position
export const portMapping = z
  .object({ internal: stringRule('portMapping'), external: stringRule('portMapping') }, {
    error: ruleKey('portMapping', 'required'),
  })
  .superRefine((p, ctx) => {
    const internal = parsePortList(p.internal);
    const external = parsePortList(p.external);
    if (!internal.ok) ctx.addIssue({ code: 'custom', message: ruleKey('portMapping', internal.check), path: ['internal'], input: p });
    if (!external.ok) ctx.addIssue({ code: 'custom', message: ruleKey('portMapping', external.check), path: ['external'], input: p });
    if (!internal.ok || !external.ok) return;
    if (internal.items.length !== external.items.length) {
      ctx.addIssue({ code: 'custom', message: ruleKey('portMapping', 'count'), path: ['external'], input: p });
      return;
    }
    const same = internal.items.every((a, i) => {
      const b = external.items[i];
      return b !== undefined && a.range === b.range && a.to - a.from === b.to - b.from;
    });
    if (!same) ctx.addIssue({ code: 'custom', message: ruleKey('portMapping', 'mismatch'), path: ['external'], input: p });
  });

// spec §5: the end IP must exceed the start IP and be in the same segment
export const ipRange = z
  .object({ start: ipv4, end: ipv4, mask: subnetMask }, { error: ruleKey('ipRange', 'required') })
  .superRefine((r, ctx) => {
    const start = parseIpv4(r.start);
    const end = parseIpv4(r.end);
    if (start === null || end === null) return;
    if (end <= start) ctx.addIssue({ code: 'custom', message: ruleKey('ipRange', 'order'), path: ['end'], input: r });
    else if (networkOf(start, r.mask) !== networkOf(end, r.mask)) {
      ctx.addIssue({ code: 'custom', message: ruleKey('ipRange', 'segment'), path: ['end'], input: r });
    }
  });

// spec §3, §5: at most two DNS servers, primary and secondary differ
export const dnsServers = z
  .array(ipv4, { error: ruleKey('dnsServers', 'required') })
  .min(1, { error: ruleKey('dnsServers', 'required') })
  .max(LIMITS.dnsServersMax, { error: ruleKey('dnsServers', 'count') })
  .refine((list) => new Set(list).size === list.length, { error: ruleKey('dnsServers', 'same'), path: [1] });

// spec §5: management IP in a private range and not the LAN IP
export const managementIp = z
  .object({ ip: ipv4, lanIp: ipv4 }, { error: ruleKey('managementIp', 'required') })
  .superRefine((m, ctx) => {
    const ip = parseIpv4(m.ip);
    if (ip === null) return;
    if (!isPrivateIpv4(ip)) ctx.addIssue({ code: 'custom', message: ruleKey('managementIp', 'private'), path: ['ip'], input: m });
    else if (m.ip === m.lanIp) ctx.addIssue({ code: 'custom', message: ruleKey('managementIp', 'sameAsLan'), path: ['ip'], input: m });
  });

const segment = z.object(
  { kind: z.enum(SEGMENT_KINDS, { error: ruleKey('segments', 'required') }), ip: ipv4, mask: subnetMask },
  { error: ruleKey('segments', 'required') },
);

// spec §5: WAN, LAN, VLAN, PPPoE, PPTP and L2TP segments must not conflict with each other
export const segments = z.array(segment, { error: ruleKey('segments', 'required') }).superRefine((list, ctx) => {
  const nets = list.map((s) => ({ ip: parseIpv4(s.ip), mask: s.mask }));
  nets.forEach((b, j) => {
    const clash = nets.slice(0, j).some((a) => a.ip !== null && b.ip !== null && prefixesOverlap(a.ip, a.mask, b.ip, b.mask));
    if (clash) ctx.addIssue({ code: 'custom', message: ruleKey('segments', 'overlap'), path: [j], input: list });
  });
});

// spec §4: only one of DHCP relay, DHCP snooping and DHCP server may be on
export const dhcpModes = z
  .object(
    {
      relay: z.boolean({ error: ruleKey('dhcpModes', 'required') }),
      snooping: z.boolean({ error: ruleKey('dhcpModes', 'required') }),
      server: z.boolean({ error: ruleKey('dhcpModes', 'required') }),
    },
    { error: ruleKey('dhcpModes', 'required') },
  )
  .refine((m) => [m.relay, m.snooping, m.server].filter(Boolean).length <= 1, {
    error: ruleKey('dhcpModes', 'exclusive'),
  });
