// The shell's routes (spec §2 entry-level routes): /static/lrf (loaded on demand), the project
// transfer and invitation pages, the handover of a device to local management, and the main application for everything else. The loading overlay sits above all.
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AppProviders, Spinner } from '@airloom/shared-ui';
import { LoadingOverlay } from './overlay/LoadingOverlay';
import { loadMainApp } from './session/load-main-app';
import { TransferToLocalPage } from './pages/TransferToLocalPage';
import { useLocation } from '@airloom/shared-ui';
import { documentTitle } from './routing/document-title';
import { useShell } from './state/shell-store';

// The login pages are their own chunk: nothing of them is fetched inside the console. The console
// is one too, requested by main.ts as the page starts (session/load-main-app.ts).
const LrfPage = lazy(() => import('./lrf/LrfPage').then((m) => ({ default: m.LrfPage })));
const MainApp = lazy(() => loadMainApp().then((m) => ({ default: m.MainApp })));
// The pages an e-mailed link opens are their own chunks too: the login page carries none of them.
const SignInResultPage = lazy(() => import('./pages/SignInResultPage').then((m) => ({ default: m.SignInResultPage })));
const TransferPage = lazy(() => import('./pages/TransferPage').then((m) => ({ default: m.TransferPage })));
const InvitationPage = lazy(() => import('./pages/InvitationPage').then((m) => ({ default: m.InvitationPage })));

export function ShellRoutes() {
  const { pathname } = useLocation();
  if (pathname === '/static/lrf' || pathname.startsWith('/static/lrf/')) {
    return <Suspense fallback={<Spinner />}><LrfPage /></Suspense>;
  }
  const path = pathname.replace(/\/+$/, '');
  if (path === '/static/wechatTransfer') return <Suspense fallback={<Spinner />}><SignInResultPage /></Suspense>;
  if (path === '/static/transfer') return <Suspense fallback={<Spinner />}><TransferPage /></Suspense>;
  if (path === '/static/invitation') return <Suspense fallback={<Spinner />}><InvitationPage /></Suspense>;
  if (path === '/static/transferToLocalDev') return <TransferToLocalPage />;
  return <Suspense fallback={null}><MainApp /></Suspense>;
}

/** Keeps the tab's title in step with the page (WCAG 2.4.2). */
export function DocumentTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const accessType = useShell((s) => s.accessType);
  const project = useShell((s) => s.project);
  const remotes = useShell((s) => s.remotes);
  const session = useShell((s) => s.session);
  const title = documentTitle(pathname, { accessType, project, remotes, session }, t);
  useEffect(() => { document.title = title; }, [title]);
  return null;
}

function OverlayHost() {
  const loading = useShell((s) => s.loading);
  return <LoadingOverlay state={loading} />;
}

export function App() {
  return (
    <AppProviders globalStyle>
      <DocumentTitle />
      <ShellRoutes />
      <OverlayHost />
    </AppProviders>
  );
}
