// The devices remote's routes (spec §2): the gateway settings under /manage/networkconf/*, and device
// configuration at /manage/devconf with one device's tabs below it, and configuration backup at /manage/backup.
import type { RemoteRoute } from '@airloom/shared-ui/remote';
import { DeviceConfigListPage } from './features/devconf/DeviceConfigListPage';
import { DeviceConfigPage } from './features/devconf/DeviceConfigPage';
import { GatewayPage } from './features/netconf/GatewayPage';
import { BackupPage } from './features/backup/BackupPage';

export const routes: readonly RemoteRoute[] = [
  { path: '/manage/devconf', element: <DeviceConfigListPage />, needsProject: true, title: 'devices.devconf.title' },
  { path: '/manage/devconf/:sn/:section', element: <DeviceConfigPage />, needsProject: true },
  { path: '/manage/networkconf/netset', element: <GatewayPage view="wan" />, needsProject: true },
  { path: '/manage/networkconf/vlan', element: <GatewayPage view="vlan" />, needsProject: true },
  { path: '/manage/networkconf/dhcp', element: <GatewayPage view="dhcp" />, needsProject: true },
  { path: '/manage/networkconf/static', element: <GatewayPage view="routes" />, needsProject: true },
  { path: '/manage/networkconf/router', element: <GatewayPage view="route-table" />, needsProject: true },
  { path: '/manage/networkconf/port', element: <GatewayPage view="portmap" />, needsProject: true },
  { path: '/manage/backup', element: <BackupPage />, needsProject: true, title: 'devices.backup.title' },
];
