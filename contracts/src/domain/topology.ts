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

/** The node kind (spec §3 topology kinds) a hand-added terminal of each terminal kind is drawn as. */
export const TERMINAL_NODE_KIND: Readonly<Record<TerminalKind, TopologyNodeKind>> = {
  ap: 'ap',
  camera: 'ipc',
  uplink: 'unknown',
  router: 'router',
  switch: 'switch',
  bridge: 'wireless-ap',
  nvr: 'nvr',
  server: 'unknown',
  pc: 'unknown',
  printer: 'unknown',
  'ip-phone': 'unknown',
};

/**
 * spec §5 "a device model must be chosen": the models offered per terminal kind. The list is a
 * choice, not a limit — a terminal of another make is entered by hand (docs/decisions/devices.md).
 */
export const TERMINAL_MODEL_CHOICES: Readonly<Record<TerminalKind, readonly string[]>> = {
  ap: ['Generic AP', 'Ubiquiti U6-Lite', 'TP-Link EAP245'],
  camera: ['Generic IP camera', 'Hikvision DS-2CD2143', 'Axis M3106'],
  uplink: ['ISP modem', 'Fibre ONT'],
  router: ['Generic router', 'MikroTik hEX'],
  switch: ['Unmanaged switch', 'Netgear GS108'],
  bridge: ['Generic bridge', 'Ubiquiti NanoStation'],
  nvr: ['Generic NVR', 'Hikvision DS-7608'],
  server: ['Generic server', 'Synology DS920+'],
  pc: ['Desktop PC', 'Laptop'],
  printer: ['HP LaserJet Pro', 'Brother HL-L2350', 'Generic printer'],
  'ip-phone': ['Yealink T31P', 'Cisco 7841', 'Generic IP phone'],
};

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
