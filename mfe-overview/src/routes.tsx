// The overview remote's own routes (spec §2: /overview/preview, /overview/list; web only).
import { Route, Routes } from 'react-router';
import { OverviewPage } from './pages/OverviewPage';
import { ProjectListPage } from './pages/ProjectListPage';

export const OVERVIEW_ROUTES = ['/overview/preview', '/overview/list'] as const;

export function OverviewRoutes() {
  return (
    <Routes>
      <Route path="/overview/preview" element={<OverviewPage />} />
      <Route path="/overview/list" element={<ProjectListPage />} />
      {/* Any other path belongs to the shell or another remote: render nothing while single-spa
          unmounts us, never redirect (that would fight the user's navigation). */}
      <Route path="*" element={null} />
    </Routes>
  );
}
