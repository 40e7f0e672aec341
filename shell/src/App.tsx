// The shell's routes (spec §2 entry-level routes): /static/lrf (loaded on demand), the three
// transfer pages, and the main application for everything else. The loading overlay sits above all.
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { AppProviders, Spinner } from '@airloom/shared-ui';
import { LoadingOverlay } from './overlay/LoadingOverlay';
import { NotYetPage } from './pages/NotYetPage';
import { MainApp } from './session/MainApp';
import { setNavigator } from './shell-context';
import { useShell } from './state/shell-store';

// Its own chunk: nothing of the login pages is fetched inside the console.
const LrfPage = lazy(() => import('./lrf/LrfPage').then((m) => ({ default: m.LrfPage })));

function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
  }, [navigate]);
  return null;
}

function OverlayHost() {
  const loading = useShell((s) => s.loading);
  return <LoadingOverlay state={loading} />;
}

export function App() {
  return (
    <AppProviders globalStyle>
      <BrowserRouter>
        <NavigationBridge />
        <Routes>
          <Route path="/static/lrf/*" element={<Suspense fallback={<Spinner />}><LrfPage /></Suspense>} />
          <Route path="/static/transfer" element={<NotYetPage kind="transfer" />} />
          <Route path="/static/transferToLocalDev" element={<NotYetPage kind="transferToLocalDev" />} />
          <Route path="/static/wechatTransfer" element={<NotYetPage kind="wechatTransfer" />} />
          <Route path="*" element={<MainApp />} />
        </Routes>
        <OverlayHost />
      </BrowserRouter>
    </AppProviders>
  );
}
