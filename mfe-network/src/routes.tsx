// The network remote's routes (spec §2): /manage/status, and the beta visualization routes the
// menu maps here, which come with a later issue.
import type { RemoteRoute } from '@airloom/shared-ui/remote';
import { NetworkStatusPage } from './features/status/NetworkStatusPage';
import { VisualizationPage } from './features/visualization/VisualizationPage';

export const routes: readonly RemoteRoute[] = [
  { path: '/manage/status', element: <NetworkStatusPage />, needsProject: true, title: 'network.status.title' },
  { path: '/manage/visualization/td', element: <VisualizationPage />, needsProject: true },
  { path: '/manage/visualization/topo', element: <VisualizationPage />, needsProject: true },
];
