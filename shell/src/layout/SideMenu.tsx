// The main menu (spec §2): the tree left by filterMenu, as nested lists of links. NavLink marks
// the current page with aria-current="page". On a desktop the menu collapses into an icon rail (one
// icon per group, linking to the group's first page); on a phone (PHONE_QUERY) it is a drawer opened
// from the header's Menu button, over the page, closed by Esc, the ×, the backdrop or a chosen page.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link as PlainLink, NavLink, useLocation } from '@airloom/shared-ui';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Badge, CloseButton } from '@airloom/shared-ui';
import { findEntry, flattenMenu, type MenuGroup, type MenuNode } from '../menu/tree';
import { MenuIcon } from './menu-icons';

const Nav = styled.nav<{ $collapsed: boolean }>`
  flex: none;
  width: ${({ $collapsed, theme }) => ($collapsed ? theme.sizes.rail : '232px')};
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.sm};
`;

const DrawerBackdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 900;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Drawer = styled.div`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: 901;
  width: min(300px, 85vw);
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.dialog};
  & > nav { width: auto; flex: 1; border-right: 0; }
`;

const DrawerHead = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: ${({ theme }) => theme.space.sm};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const RailLink = styled(PlainLink)`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  margin-bottom: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.badge.info.bg};
    color: ${({ theme }) => theme.colors.badge.info.fg};
  }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: -1px; }
`;

const Toggle = styled.button`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  margin-bottom: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.controlBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const GroupTitle = styled.span`
  display: block;
  margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.xs};
  padding: 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SubList = styled(List)`
  padding-left: ${({ theme }) => theme.space.md};
`;

const Link = styled(NavLink)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  padding: 6px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-size: ${({ theme }) => theme.fontSizes.md};
  &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.badge.info.bg};
    color: ${({ theme }) => theme.colors.badge.info.fg};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: -1px; }
`;

function Nodes({ nodes, nested = false }: { nodes: readonly MenuNode[]; nested?: boolean }) {
  const { t } = useTranslation();
  const L = nested ? SubList : List;
  return (
    <L>
      {nodes.map((node) =>
        node.kind === 'entry' ? (
          <li key={node.path}>
            {/* `end`: /overview/preview is not current on /overview/preview/datascreen */}
            <Link to={node.path} end={node.path === '/overview/preview'}>
              <span>{t(`shell.${node.labelKey}`)}</span>
              {node.flag === 'beta' && <Badge $tone="warning">{t('shell.menu.beta')}</Badge>}
            </Link>
          </li>
        ) : (
          <li key={node.id} aria-labelledby={`menu-group-${node.id}`}>
            <GroupTitle id={`menu-group-${node.id}`}>{t(`shell.${node.labelKey}`)}</GroupTitle>
            <Nodes nodes={node.children} nested={node.id === 'gateway'} />
          </li>
        ),
      )}
    </L>
  );
}

function Rail({ tree }: { tree: readonly MenuNode[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const groups = tree.filter((node): node is MenuGroup => node.kind === 'group');
  return (
    <List>
      {groups.map((group) => {
        const first = flattenMenu(group.children)[0];
        if (!first) return null;
        const label = t(`shell.${group.labelKey}`);
        const here = Boolean(findEntry(group.children, pathname));
        return (
          <li key={group.id}>
            {/* the group is current when the page is one of its entries */}
            <RailLink to={first.path} aria-label={label} title={label} aria-current={here ? 'page' : undefined}>
              <MenuIcon group={group.id} />
            </RailLink>
          </li>
        );
      })}
    </List>
  );
}

/** Tab and Shift+Tab go round the drawer's own links and ×, as in a dialog. */
function keepTabInside(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button')];
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last?.focus(); }
  else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first?.focus(); }
}

export interface SideMenuProps {
  tree: readonly MenuNode[];
  /** Phone layout: the menu is a drawer, shown while `drawerOpen`. */
  phone?: boolean;
  drawerOpen?: boolean;
  onCloseDrawer?(): void;
}

export function SideMenu({ tree, phone = false, drawerOpen = false, onCloseDrawer = () => {} }: SideMenuProps) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();
  const drawerRef = useRef<HTMLDivElement>(null);
  const close = useRef(onCloseDrawer);
  close.current = onCloseDrawer;

  // A page chosen in the drawer closes it.
  useEffect(() => { close.current(); }, [pathname]);
  useEffect(() => {
    if (!phone || !drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => { if (e.key === 'Escape') close.current(); };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [phone, drawerOpen]);

  if (phone) {
    if (!drawerOpen) return null;
    return (
      <>
        <DrawerBackdrop onClick={() => close.current()} />
        <Drawer ref={drawerRef} role="dialog" aria-modal="true" aria-label={t('shell.menu.label')} onKeyDown={keepTabInside}>
          <DrawerHead>
            <CloseButton type="button" aria-label={t('shell.menu.close')} onClick={() => close.current()}>×</CloseButton>
          </DrawerHead>
          <Nav aria-label={t('shell.menu.label')} $collapsed={false}>
            <Nodes nodes={tree} />
          </Nav>
        </Drawer>
      </>
    );
  }

  return (
    <Nav aria-label={t('shell.menu.label')} $collapsed={collapsed}>
      <Toggle
        type="button"
        aria-expanded={!collapsed}
        aria-controls={listId}
        aria-label={t(collapsed ? 'shell.menu.expand' : 'shell.menu.collapse')}
        onClick={() => setCollapsed((c) => !c)}
      >
        <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
      </Toggle>
      {collapsed && <Rail tree={tree} />}
      <div id={listId} hidden={collapsed}>
        <Nodes nodes={tree} />
      </div>
    </Nav>
  );
}
