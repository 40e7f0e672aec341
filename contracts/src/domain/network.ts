// spec §3, §4: gateway and switch network vocabulary.
import { enEnums } from '../i18n/en-enums.js';

export const Protocol = { ALL: 0, TCP: 1, UDP: 2 } as const;
export type ProtocolValue = (typeof Protocol)[keyof typeof Protocol];
export const PROTOCOL_LABELS: Readonly<Record<ProtocolValue, string>> = enEnums.protocol;

export const Transport = { TCP: 0, MQTT: 1 } as const;
export type TransportValue = (typeof Transport)[keyof typeof Transport];
export const TRANSPORT_LABELS: Readonly<Record<TransportValue, string>> = enEnums.transport;

// spec §3: lease choices 30 min, 1, 6, 12 h, 1, 3, 7 days — in minutes
export const DHCP_LEASE_CHOICES = [30, 60, 360, 720, 1440, 4320, 10080] as const;
export type DhcpLeaseChoice = (typeof DHCP_LEASE_CHOICES)[number];
export const DHCP_LEASE_LABELS: Readonly<Record<DhcpLeaseChoice, string>> = enEnums.dhcpLease;

export const DHCP_TYPES = ['user', 'ap'] as const;
export type DhcpType = (typeof DHCP_TYPES)[number];
export const DHCP_TYPE_LABELS: Readonly<Record<DhcpType, string>> = enEnums.dhcpType;

// spec §4: only one of DHCP relay, DHCP snooping and DHCP server may be on
export const DHCP_MODES = ['relay', 'snooping', 'server'] as const;
export type DhcpMode = (typeof DHCP_MODES)[number];
export const DHCP_MODE_LABELS: Readonly<Record<DhcpMode, string>> = enEnums.dhcpMode;

export const SEGMENT_KINDS = ['wan', 'lan', 'vlan', 'pppoe', 'pptp', 'l2tp'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];
export const SEGMENT_KIND_LABELS: Readonly<Record<SegmentKind, string>> = enEnums.segmentKind;

// spec §4: QVLAN mode is off by default
export const QVLAN_DEFAULT_ENABLED = false;
// spec §5: the default VLAN cannot be modified
export const DEFAULT_VLAN_NAME = 'VLAN_Default';
