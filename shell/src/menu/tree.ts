// The whole main menu of spec §2 as data (STYLE §3): every route of the §2 table with its group,
// the remote that draws it and the restrictions that allow it. `filterMenu` (filter.ts) decides.
import type { Action } from '@airloom/contracts';

/** spec §2 / §3: "access type (default web)"; open-API partners see only some entries. */
export type AccessType = 'web' | 'openapi';
/** spec §1: netMode 0 WLAN, 1 MESH. */
export type NetModeValue = 0 | 1;
/** spec §3: project right. */
export type Right = 'rw' | 'r';
/**
 * Permission flags from the build configuration (spec §2): `beta` marks the beta screens, `sharing`
 * the permission-sharing screen. `wifimap`, `topology` and `backup` gated the Wi-Fi map, the topology
 * and configuration backup before they were built (a part not built is not in the menu); the Wi-Fi map
 * and topology show with `beta` alone now, backup without a flag (kept in the type for builds that pass it).
 */
export type BuildFlag = 'beta' | 'sharing' | 'wifimap' | 'topology' | 'backup';
/** The remote (Module Federation name) that owns a screen (ARCHITECTURE §1). */
export type RemoteName = 'overview' | 'dashboard' | 'network' | 'devices' | 'wireless' | 'data' | 'solutions';
/** spec §2 menu groups, plus the overview pages that sit above them. */
export type MenuGroupId = 'overview' | 'network' | 'configuration' | 'gateway' | 'data' | 'tool';

export const ALL_ACCESS: readonly AccessType[] = ['web', 'openapi'];
export const WEB_ONLY: readonly AccessType[] = ['web'];
export const ALL_NET_MODES: readonly NetModeValue[] = [0, 1];
export const WLAN_ONLY: readonly NetModeValue[] = [0];

export interface MenuEntry {
  kind: 'entry';
  path: string;
  /** i18n key (namespace `shell`). */
  labelKey: string;
  remote: RemoteName;
  /** Access types that may see it (§2 "web only" leaves only web). */
  access: readonly AccessType[];
  /** Project types that have it (§2 "WLAN only"). */
  netModes: readonly NetModeValue[];
  /** Build flag that must be on (§2 "beta"). */
  flag?: BuildFlag;
  /** A second flag that must be on: the screen is not built yet. */
  requires?: BuildFlag;
  /** The least right on the current project that shows it. */
  right: Right;
  /** Screens under /manage work inside one project; without a current one the shell asks for it. */
  needsProject: boolean;
  /** Reachable but not listed in the menu: it is opened from elsewhere (the account menu). */
  hidden?: boolean;
  /** The can() action the current project must allow (the server's own rule, ARCHITECTURE §4), beyond the right. */
  action?: Action;
}

export interface MenuGroup {
  kind: 'group';
  id: MenuGroupId;
  labelKey: string;
  children: readonly MenuNode[];
}

export type MenuNode = MenuEntry | MenuGroup;

const overview = (path: string, labelKey: string, remote: RemoteName = 'overview'): MenuEntry => ({
  kind: 'entry', path, labelKey, remote, access: WEB_ONLY, netModes: ALL_NET_MODES, right: 'r', needsProject: false,
});

const manage = (path: string, labelKey: string, remote: RemoteName, more: Partial<MenuEntry> = {}): MenuEntry => ({
  kind: 'entry', path, labelKey, remote, access: ALL_ACCESS, netModes: ALL_NET_MODES, right: 'r', needsProject: true, ...more,
});

/** spec §2 route table, grouped as the menu shows it. Order matters: it is the menu order. */
export const MENU_TREE: readonly MenuNode[] = [
  {
    kind: 'group', id: 'overview', labelKey: 'menu.group.overview', children: [
      overview('/overview/preview', 'menu.overviewPreview'),
      overview('/overview/list', 'menu.overviewList'),
      overview('/overview/preview/datascreen', 'menu.dataScreen', 'dashboard'),
      // spec §1 the models that support cloud management (the catalogue)
      overview('/overview/models', 'menu.models'),
      // spec §1 solution design: saved solutions and the designer (its own page is the standalone designer)
      overview('/overview/solutions', 'menu.solutions', 'solutions'),
      // spec §1 profile and account management; opened from the account menu in the header
      { ...overview('/overview/account', 'menu.accountSettings'), hidden: true },
    ],
  },
  {
    kind: 'group', id: 'network', labelKey: 'menu.group.network', children: [
      manage('/manage/status', 'menu.networkStatus', 'network'),
      manage('/manage/visualization/td', 'menu.wifiMap', 'network', { access: WEB_ONLY, flag: 'beta' }),
      manage('/manage/visualization/topo', 'menu.topology', 'network', { access: WEB_ONLY, flag: 'beta' }),
    ],
  },
  {
    kind: 'group', id: 'configuration', labelKey: 'menu.group.configuration', children: [
      manage('/manage/devconf', 'menu.deviceMaintenance', 'devices'),
      {
        kind: 'group', id: 'gateway', labelKey: 'menu.group.gateway', children: [
          manage('/manage/networkconf/netset', 'menu.gatewayInternet', 'devices'),
          manage('/manage/networkconf/vlan', 'menu.gatewayVlan', 'devices'),
          manage('/manage/networkconf/dhcp', 'menu.gatewayDhcp', 'devices'),
          manage('/manage/networkconf/static', 'menu.gatewayStaticRoutes', 'devices'),
          manage('/manage/networkconf/router', 'menu.gatewayRouteTable', 'devices'),
          manage('/manage/networkconf/port', 'menu.gatewayPortMapping', 'devices'),
        ],
      },
      manage('/manage/wirelessconf', 'menu.wirelessPolicies', 'wireless', { access: WEB_ONLY }),
      // spec §2: RF optimisation is WLAN only and web only (its records stay readable for read-only users).
      manage('/manage/rfconf', 'menu.rfOptimisation', 'wireless', { access: WEB_ONLY, netModes: WLAN_ONLY }),
    ],
  },
  {
    kind: 'group', id: 'data', labelKey: 'menu.group.data', children: [
      manage('/manage/devsrunstat', 'menu.deviceRunningStatistics', 'data'),
      manage('/manage/onlinestat', 'menu.onlineStatistics', 'data'),
      manage('/manage/onlinelist', 'menu.onlineClients', 'data'),
      manage('/manage/runlog', 'menu.runLog', 'data'),
      manage('/manage/alarminfo', 'menu.alarms', 'data'),
      // beyond the §2 table: who changed what (docs/audit-log.md); the owner's, as the server decides it
      manage('/manage/auditlog', 'menu.auditLog', 'data', { access: WEB_ONLY, action: 'project.viewAudit' }),
    ],
  },
  {
    kind: 'group', id: 'tool', labelKey: 'menu.group.tool', children: [
      // spec §6: sharing is the manager's business; a read-only user cannot share.
      manage('/manage/authority', 'menu.permissionSharing', 'overview', { access: WEB_ONLY, right: 'rw', flag: 'sharing' }),
      // spec §2: backup is WLAN only; restoring writes configuration, so it needs rw
      manage('/manage/backup', 'menu.configurationBackup', 'devices', { netModes: WLAN_ONLY, right: 'rw' }),
    ],
  },
];

/** Every entry of a tree, depth first, in menu order. */
export function flattenMenu(nodes: readonly MenuNode[]): MenuEntry[] {
  return nodes.flatMap((node) => (node.kind === 'entry' ? [node] : flattenMenu(node.children)));
}

/**
 * The entry a pathname belongs to: the exact path or a sub-path of it (a remote's own inner
 * routes), longest match first (`/overview/preview/datascreen` before `/overview/preview`).
 */
export function findEntry(nodes: readonly MenuNode[], pathname: string): MenuEntry | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: MenuEntry | undefined;
  for (const entry of flattenMenu(nodes)) {
    if (path === entry.path || path.startsWith(`${entry.path}/`)) {
      if (!best || entry.path.length > best.path.length) best = entry;
    }
  }
  return best;
}
