// The solution designer remote's routes (spec §1 solution design; web only, the menu says so). The
// designer comes first: the standalone page (partner portals) opens on it.
import type { RemoteRoute } from '@airloom/shared-ui/remote';
import { DesignerPage } from './features/designer/DesignerPage';
import { SolutionListPage } from './features/list/SolutionListPage';

export const routes: readonly RemoteRoute[] = [
  { path: '/overview/solutions/new', element: <DesignerPage />, title: 'solutions.designer.title' },
  { path: '/overview/solutions', element: <SolutionListPage />, title: 'solutions.list.title' },
  { path: '/overview/solutions/:id', element: <DesignerPage />, title: 'solutions.designer.title' },
];
