// The shell's routes (spec §2 entry-level routes): /static/lrf (loaded on demand), the three
// transfer pages, and the main application for everything else. The loading overlay sits above all.
import { lazy, Suspense } from 'react';
import { AppProviders, Spinner } from '@airloom/shared-ui';
import { LoadingOverlay } from './overlay/LoadingOverlay';
import { MainApp } from './session/MainApp';
import { NotYetPage, type NotYetKind } from './pages/NotYetPage';
import { useLocation } from './routing/router';
import { useShell } from './state/shell-store';

// The login pages are their own chunk: nothing of them is fetched inside the console. The main
// application is not split off: its first paint would wait for one more round trip (LCP budget).
const LrfPage = lazy(() => import('./lrf/LrfPage').then((m) => ({ default: m.LrfPage })));

const NOT_YET: Record<string, NotYetKind> = {
  '/static/transfer': 'transfer',
  '/static/transferToLocalDev': 'transferToLocalDev',
  '/static/wechatTransfer': 'wechatTransfer',
};

export function ShellRoutes() {
  const { pathname } = useLocation();
  if (pathname === '/static/lrf' || pathname.startsWith('/static/lrf/')) {
    return <Suspense fallback={<Spinner />}><LrfPage /></Suspense>;
  }
  const notYet = NOT_YET[pathname.replace(/\/+$/, '')];
  if (notYet) return <NotYetPage kind={notYet} />;
  return <MainApp />;
}

function OverlayHost() {
  const loading = useShell((s) => s.loading);
  return <LoadingOverlay state={loading} />;
}

export function App() {
  return (
    <AppProviders globalStyle>
      <ShellRoutes />
      <OverlayHost />
    </AppProviders>
  );
}
