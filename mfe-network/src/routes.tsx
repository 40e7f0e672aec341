// The network remote's routes (spec §2): /manage/status, and the beta visualization routes: the
// topology (/manage/visualization/topo) and the Wi-Fi map (/manage/visualization/td).
import type { RemoteRoute } from '@airloom/shared-ui/remote';
import { NetworkStatusPage } from './features/status/NetworkStatusPage';
import { TopologyPage } from './features/topology/TopologyPage';
import { WifiMapPage } from './features/wifimap/WifiMapPage';

export const routes: readonly RemoteRoute[] = [
  { path: '/manage/status', element: <NetworkStatusPage />, needsProject: true, title: 'network.status.title' },
  { path: '/manage/visualization/td', element: <WifiMapPage />, needsProject: true, title: 'network.wifimap.title' },
  { path: '/manage/visualization/topo', element: <TopologyPage />, needsProject: true, title: 'network.topology.title' },
];
