// The i18n key a configuration check reports (checked against en-netconf.ts at compile time), and
// the spec §8 code each check answers with (choices recorded in docs/decisions/config.md).
import { ErrorCode } from '../errors.js';
import type { enNetconfRules } from './en-netconf.js';

type Texts = typeof enNetconfRules;
export type NetconfRule = keyof Texts;

export function netconfKey<R extends NetconfRule>(rule: R, check: keyof Texts[R] & string): string {
  return `rules.${rule}.${check}`;
}

/** spec §8 codes for the checks that have one; any other failing check answers 400 with its fields. */
export const CONFIG_RULE_CODES: Readonly<Record<string, number>> = {
  'rules.ipRange.segment': 102,
  'rules.dhcpPools.gateway': 102,
  'rules.ipRange.order': 103,
  'rules.dnsServers.same': 104,
  'rules.segmentConflict.vlan': 106,
  'rules.segmentConflict.pppoe': 107,
  'rules.segmentConflict.pptp': 108,
  'rules.segmentConflict.l2tp': 109,
  'rules.vlanName.reserved': 110,
  'rules.segmentConflict.wanLan': 111,
  'rules.vlanTable.duplicateId': ErrorCode.DUPLICATE_VLAN_179,
  'rules.vlanTable.duplicateName': ErrorCode.DUPLICATE_VLAN_180,
  'rules.dhcpPools.vlanSegment': 713,
  'rules.dhcpModes.exclusive': ErrorCode.DHCP_MODE_EXCLUSIVE,
  'rules.portMappings.lanSegment': 1129,
  'rules.wirelessPolicy.namesDiffer': ErrorCode.WIFI_NAMES_MUST_DIFFER,
};

/** The code a refused configuration answers with: the first issue that has one, else 400. */
export function configErrorCode(messages: readonly string[]): number {
  for (const m of messages) {
    const code = CONFIG_RULE_CODES[m];
    if (code !== undefined) return code;
  }
  return ErrorCode.INVALID_PARAMS;
}
