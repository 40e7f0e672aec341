// spec §5 "VLAN": IDs, lists of IDs and port membership. Which range applies where: decisions.md.
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { integerRule, ruleKey, stringRule } from './key.js';

// spec §5: VLAN ID is 1 to 4094 (port membership, policies, PVID)
export const vlanId = integerRule('vlanId', LIMITS.vlanIdMin, LIMITS.vlanIdMax);

export type VlanListResult =
  | { ok: true; ids: number[] }
  | { ok: false; check: 'required' | 'format' | 'range' | 'order' | 'duplicate' | 'count' };

const SINGLE = /^([0-9]+)$/;
const RANGE = /^([0-9]+)\s*-\s*([0-9]+)$/;

/**
 * Parses a VLAN list such as '3,5,7', '10-13' or '3,10-13' (spec §5) into sorted IDs. Adding VLANs
 * uses 2–4094 because VLAN 1 is the default VLAN every switch already has (decisions.md).
 */
export function parseVlanList(input: string): VlanListResult {
  if (input.trim() === '') return { ok: false, check: 'required' };
  const seen = new Set<number>();
  for (const raw of input.split(',')) {
    const token = raw.trim();
    const range = RANGE.exec(token);
    const single = SINGLE.exec(token);
    let from: number;
    let to: number;
    if (range) [from, to] = [Number(range[1]), Number(range[2])];
    else if (single) from = to = Number(single[1]);
    else return { ok: false, check: 'format' };
    if (from < LIMITS.vlanListIdMin || to > LIMITS.vlanIdMax || to < LIMITS.vlanListIdMin) {
      return { ok: false, check: 'range' };
    }
    if (from > to || (range && from === to)) return { ok: false, check: 'order' };
    if (seen.size + (to - from + 1) > LIMITS.vlansPerAddMax) return { ok: false, check: 'count' };
    for (let id = from; id <= to; id += 1) {
      if (seen.has(id)) return { ok: false, check: 'duplicate' };
      seen.add(id);
    }
  }
  return { ok: true, ids: [...seen].sort((a, b) => a - b) };
}

export const vlanList = stringRule('vlanList').superRefine((value, ctx) => {
  const result = parseVlanList(value);
  if (!result.ok) ctx.addIssue({ code: 'custom', message: ruleKey('vlanList', result.check), input: value });
});

// spec §5: tagged and untagged differ, one untagged VLAN at most, tagged must differ from PVID
export const portVlans = z
  .object(
    {
      tagged: z.array(vlanId, { error: ruleKey('portVlans', 'required') }),
      untagged: z.array(vlanId, { error: ruleKey('portVlans', 'required') }),
      pvid: vlanId.optional(),
    },
    { error: ruleKey('portVlans', 'required') },
  )
  .superRefine((p, ctx) => {
    if (p.untagged.length > LIMITS.untaggedVlansPerPortMax) {
      ctx.addIssue({ code: 'custom', message: ruleKey('portVlans', 'untaggedCount'), path: ['untagged'], input: p });
    }
    if (p.tagged.some((id) => p.untagged.includes(id))) {
      ctx.addIssue({ code: 'custom', message: ruleKey('portVlans', 'overlap'), path: ['untagged'], input: p });
    }
    if (p.pvid !== undefined && p.tagged.includes(p.pvid)) {
      ctx.addIssue({ code: 'custom', message: ruleKey('portVlans', 'pvidTagged'), path: ['pvid'], input: p });
    }
  });
