// The data screen remote's route (spec §2): /overview/preview/datascreen, web only (the menu says so).
import type { RemoteRoute } from '@airloom/shared-ui/remote';
import { DataScreenPage } from './features/datascreen/DataScreenPage';

export const routes: readonly RemoteRoute[] = [{ path: '/overview/preview/datascreen', element: <DataScreenPage />, title: 'dashboard.title' }];
