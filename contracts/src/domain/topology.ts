// spec §3: topology and Wi-Fi map vocabulary.
import { enEnums } from '../i18n/en-enums.js';

export const TOPOLOGY_NODE_KINDS = [
  'internet',
  'unknown',
  'router',
  'switch',
  'mesh',
  'ap',
  'nvr',
  'ipc',
  'group',
  'wired-ap',
  'wireless-ap',
] as const;
export type TopologyNodeKind = (typeof TOPOLOGY_NODE_KINDS)[number];
export const TOPOLOGY_NODE_KIND_LABELS: Readonly<Record<TopologyNodeKind, string>> = enEnums.topologyNodeKind;

export const LINK_SPEEDS = ['100m', '1g', 'wireless', '10g'] as const;
export type LinkSpeed = (typeof LINK_SPEEDS)[number];
export const LINK_SPEED_LABELS: Readonly<Record<LinkSpeed, string>> = enEnums.linkSpeed;

export const TOPOLOGY_LAYOUTS = ['horizontal', 'vertical'] as const;
export type TopologyLayout = (typeof TOPOLOGY_LAYOUTS)[number];
export const TOPOLOGY_LAYOUT_LABELS: Readonly<Record<TopologyLayout, string>> = enEnums.topologyLayout;

export const TERMINAL_KINDS = [
  'ap',
  'camera',
  'uplink',
  'router',
  'switch',
  'bridge',
  'nvr',
  'server',
  'pc',
  'printer',
  'ip-phone',
] as const;
export type TerminalKind = (typeof TERMINAL_KINDS)[number];
export const TERMINAL_KIND_LABELS: Readonly<Record<TerminalKind, string>> = enEnums.terminalKind;

// spec §3: Wi-Fi map obstacle attenuation in dB
export const OBSTACLE_ATTENUATION_DB = {
  plasterboard: 5,
  wood: 6.5,
  'common-glass': 12,
  brick: 20,
  'coated-glass': 20,
  concrete: 20,
  'papered-wall': 23,
  'bearing-wall': 28,
} as const;
export type ObstacleMaterial = keyof typeof OBSTACLE_ATTENUATION_DB;
export const OBSTACLE_MATERIALS = Object.keys(OBSTACLE_ATTENUATION_DB) as ObstacleMaterial[];
export const OBSTACLE_LABELS: Readonly<Record<ObstacleMaterial, string>> = enEnums.obstacle;
