// The main menu (spec §2): the tree left by filterMenu, as nested lists of links. NavLink marks
// the current page with aria-current="page"; the menu collapses with a real toggle button.
import { useId, useState } from 'react';
import { NavLink } from '../routing/router';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Badge } from '@airloom/shared-ui';
import type { MenuNode } from '../menu/tree';

const Nav = styled.nav<{ $collapsed: boolean }>`
  flex: none;
  width: ${({ $collapsed, theme }) => ($collapsed ? theme.sizes.rail : '232px')};
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.sm};
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

export function SideMenu({ tree }: { tree: readonly MenuNode[] }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(false);
  const listId = useId();
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
      <div id={listId} hidden={collapsed}>
        <Nodes nodes={tree} />
      </div>
    </Nav>
  );
}
