// The overview remote's routes (spec §2: /overview/preview, /overview/list, /manage/authority; web only).
import type { RemoteRoute } from '@airloom/shared-ui/remote';
import { OverviewPage } from './features/overview/OverviewPage';
import { ProjectListPage } from './features/projects/ProjectListPage';
import { SharingPage } from './features/sharing/SharingPage';
import { AccountPage } from './features/account/AccountPage';
import { ModelCataloguePage } from './features/models/ModelCataloguePage';

export const routes: readonly RemoteRoute[] = [
  { path: '/overview/preview', element: <OverviewPage />, title: 'overview.preview.title' },
  { path: '/overview/list', element: <ProjectListPage />, title: 'overview.list.title' },
  { path: '/manage/authority', element: <SharingPage />, title: 'overview.sharing.title' },
  { path: '/overview/account', element: <AccountPage />, title: 'overview.account.title' },
  { path: '/overview/models', element: <ModelCataloguePage />, title: 'overview.models.title' },
];
