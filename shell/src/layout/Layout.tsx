// The signed-in console: header, collapsible side menu from filterMenu, the content area with
// its error boundary, and the element remotes are mounted into (ARCHITECTURE §3).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from '@airloom/shared-ui';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { filterMenu } from '../menu/filter';
import { MENU_TREE } from '../menu/tree';
import { menuContext } from '../routing/resolve-route';
import { RouteContent } from '../routing/RouteContent';
import { federation } from '../federation/host';
import { shellStore, useShell } from '../state/shell-store';
import { ErrorBoundary } from './ErrorBoundary';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { PHONE_QUERY, useMediaQuery } from './use-media-query';

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  height: 100vh;
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  min-height: 0;
`;

const Content = styled.main`
  flex: 1;
  min-width: 0;
  overflow: auto;
  background: ${({ theme }) => theme.colors.bg};
  &:focus { outline: none; }
`;

const SkipLink = styled.a`
  position: absolute;
  left: -9999px;
  &:focus { left: 8px; top: 8px; z-index: 3000; padding: 8px 12px; background: ${({ theme }) => theme.colors.surface}; }
`;

export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const accessType = useShell((s) => s.accessType);
  const project = useShell((s) => s.project);
  const remotes = useShell((s) => s.remotes);
  const session = useShell((s) => s.session);
  const tree = useMemo(() => filterMenu(MENU_TREE, menuContext({ accessType, project, remotes, session })), [accessType, project, remotes, session]);

  // The container is handed to the federation before it starts, and taken back when the layout goes.
  const containerRef = useCallback((el: HTMLDivElement | null) => federation.setContainer(el), []);
  const phone = useMediaQuery(PHONE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // When the drawer goes, focus (which was inside it) goes back to the Menu button.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !drawerOpen && (document.activeElement === document.body || !document.activeElement)) menuButtonRef.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);
  useEffect(() => {
    federation.start(shellStore.getState().remotes ?? []);
  }, []);

  return (
    <Frame>
      <SkipLink href="#content">{t('shell.skipToContent')}</SkipLink>
      <Header phone={phone} drawerOpen={drawerOpen} onOpenDrawer={() => setDrawerOpen(true)} menuButtonRef={menuButtonRef} />
      <Body>
        <SideMenu tree={tree} phone={phone} drawerOpen={drawerOpen} onCloseDrawer={closeDrawer} />
        <Content id="content" tabIndex={-1}>
          <ErrorBoundary resetKey={pathname}>
            <RouteContent />
          </ErrorBoundary>
          <div ref={containerRef} data-testid="remote-container" />
        </Content>
      </Body>
    </Frame>
  );
}
